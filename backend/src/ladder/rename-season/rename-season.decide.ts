import { seasonNameProblem, type LadderEvent } from '@team/contracts';
import { InvalidInputError, NotFoundError } from '../../shared/domain-errors.js';
import { requireFreeSeasonName, seasonsOf } from '../ladder.seasons.js';
import type { DecideContext, LadderState } from '../ladder.state.js';

export interface RenameSeason {
  type: 'RenameSeason';
  seasonId: number;
  name: unknown;
}

/**
 * Renaming a season, past or current (the implicit first one too, once its first match exists),
 * to a name no other season has.
 */
export function decideRenameSeason(command: RenameSeason, state: LadderState, { now }: DecideContext): LadderEvent[] {
  const problem = seasonNameProblem(command.name);
  if (problem) throw new InvalidInputError(`The season cannot be renamed: ${problem}`, [problem]);
  const season = seasonsOf(state).find((s) => s.id === command.seasonId);
  if (!season) throw new NotFoundError(`Season ${command.seasonId} not found.`);
  const name = (command.name as string).trim();
  // Its own name again: nothing changes, so nothing is appended (the answer is the season as it is).
  if (name === season.name) return [];
  requireFreeSeasonName(state, name, season.id);
  return [{ type: 'SeasonRenamed', data: { seasonId: season.id, name, previousName: season.name, recordedAt: now.toISOString() } }];
}
