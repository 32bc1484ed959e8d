import { usernameProblem, type LadderEvent } from '@team/contracts';
import { ConflictError, InvalidInputError } from '../../shared/domain-errors.js';
import { playerLabel, requirePlayer, type DecideContext, type LadderState } from '../ladder.state.js';

export interface RenamePlayer {
  type: 'RenamePlayer';
  playerId: number;
  /** As the request gave it: checked here with the rules of a match's usernames. */
  username: unknown;
}

/**
 * An admin's rename (issue 22): the only way an existing player's name changes, since a match's
 * typed username names new players only. A merged-away account has no name of its own to show
 * (its primary's is shown), so it is refused; renaming to the same name appends nothing.
 */
export function decideRenamePlayer(command: RenamePlayer, state: LadderState, { now }: DecideContext): LadderEvent[] {
  const problem = usernameProblem(command.username);
  if (problem) throw new InvalidInputError(problem, [`username: ${problem}`]);
  const player = requirePlayer(state, command.playerId);
  if (player.mergedInto !== null) {
    throw new ConflictError(`${playerLabel(player)} was merged into player #${player.mergedInto}: rename that player instead.`);
  }
  const username = (command.username as string).trim();
  if (username === player.username) return [];
  return [
    {
      type: 'PlayerRenamed',
      data: { playerId: player.id, username, previousUsername: player.username, recordedAt: now.toISOString() },
    },
  ];
}
