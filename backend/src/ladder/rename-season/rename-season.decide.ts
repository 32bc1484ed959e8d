import { seasonNameProblem } from '@team/contracts';
import { InvalidInputError, NotFoundError } from '../../shared/domain-errors.js';
import type { LadderEvent } from '../ladder.events.js';
import { seasonsOf } from '../ladder.seasons.js';
import type { DecideContext, LadderState } from '../ladder.state.js';

export interface RenameSeason {
  type: 'RenameSeason';
  seasonId: number;
  name: unknown;
}

/** Renaming a season, past or current (the implicit first one too, once its first match exists). */
export function decideRenameSeason(command: RenameSeason, state: LadderState, { now }: DecideContext): LadderEvent[] {
  const problem = seasonNameProblem(command.name);
  if (problem) throw new InvalidInputError(`The season cannot be renamed: ${problem}`, [problem]);
  const season = seasonsOf(state).find((s) => s.id === command.seasonId);
  if (!season) throw new NotFoundError(`Season ${command.seasonId} not found.`);
  return [
    {
      type: 'SeasonRenamed',
      data: { seasonId: season.id, name: (command.name as string).trim(), previousName: season.name, recordedAt: now.toISOString() },
    },
  ];
}
