import type { LadderEvent } from '@team/contracts';
import type { DecideContext, LadderState } from './ladder.state.js';
import { decideMergePlayers, type MergePlayers } from './merge-players/merge-players.decide.js';
import { decideRecordMatch, type RecordMatch } from './record-match/record-match.decide.js';
import { decideUnmergePlayers, type UnmergePlayers } from './unmerge-players/unmerge-players.decide.js';
import { decideVoidMatch, type VoidMatch } from './void-match/void-match.decide.js';
import { decideStartSeason, type StartSeason } from './start-season/start-season.decide.js';
import { decideRenameSeason, type RenameSeason } from './rename-season/rename-season.decide.js';
import { decideRenamePlayer, type RenamePlayer } from './rename-player/rename-player.decide.js';

// The ladder aggregate as a pure decider (docs/product.md#aggregates): decide turns a command and the state
// into events or a domain error; ladder.evolve.ts folds an event into the state. Each use
// case's decision lives in its own folder; this switch only routes to it.

export type LadderCommand = RecordMatch | MergePlayers | VoidMatch | UnmergePlayers | RenamePlayer | StartSeason | RenameSeason;

export function decide(command: LadderCommand, state: LadderState, context: DecideContext): LadderEvent[] {
  switch (command.type) {
    case 'RecordMatch':
      return decideRecordMatch(command, state, context);
    case 'MergePlayers':
      return decideMergePlayers(command, state, context);
    case 'VoidMatch':
      return decideVoidMatch(command, state, context);
    case 'UnmergePlayers':
      return decideUnmergePlayers(command, state, context);
    case 'RenamePlayer':
      return decideRenamePlayer(command, state, context);
    case 'StartSeason':
      return decideStartSeason(command, state, context);
    case 'RenameSeason':
      return decideRenameSeason(command, state, context);
    default: {
      // A command added to LadderCommand without a case fails to compile here.
      const unknown: never = command;
      throw new Error(`Unknown ladder command ${(unknown as { type: string }).type}`);
    }
  }
}
