import {
  DEFAULT_SOFT_RESET_PERCENT,
  FIRST_SEASON_ID,
  type LadderEvent,
  seasonNameProblem,
  type SeasonRatingMove,
  softResetPercentProblem,
  softResetRating,
  START_RATING,
} from '@team/contracts';
import { ConflictError, InvalidInputError } from '../../shared/domain-errors.js';
import { currentSeason, requireFreeSeasonName } from '../ladder.seasons.js';
import { type DecideContext, type LadderState } from '../ladder.state.js';
import { OVERALL, toPoolId } from '../pool-key.js';

export interface StartSeason {
  type: 'StartSeason';
  name: unknown;
  softResetPercent: unknown;
}

/**
 * Starting a season: the current one ends at this point of the log and every standing
 * account's ratings move toward START_RATING by the percentage (0: unchanged). The event lists
 * every rating before and after, so the closing season's final ratings are kept as decided.
 *
 * Before any match, there is no season yet: starting one names the first season (it begins
 * now). A season that has no match yet is refused, so no empty season is left behind:
 * rename it instead.
 */
export function decideStartSeason(command: StartSeason, state: LadderState, { now }: DecideContext): LadderEvent[] {
  const problems = [seasonNameProblem(command.name), softResetPercentProblem(command.softResetPercent)].filter((p) => p !== null);
  if (problems.length > 0) throw new InvalidInputError(`The season cannot be started: ${problems.join(' ')}`, problems);
  const name = (command.name as string).trim();
  const percent = (command.softResetPercent as number | undefined) ?? DEFAULT_SOFT_RESET_PERCENT;

  const current = currentSeason(state);
  if (current && current.firstMatchId >= state.nextMatchId) {
    throw new ConflictError(`${current.name} has no match yet: rename it instead of starting another season.`);
  }
  requireFreeSeasonName(state, name);
  const ratings: SeasonRatingMove[] = [];
  for (const player of state.players.values()) {
    if (player.mergedInto !== null) continue;
    const pools = new Set([OVERALL, ...player.ratings.keys()]);
    for (const pool of [...pools].sort((a, b) => a - b)) {
      const before = player.ratings.get(pool) ?? START_RATING;
      ratings.push({ playerId: player.id, pool: toPoolId(pool), before, after: softResetRating(before, percent) });
    }
  }
  return [
    {
      type: 'SeasonStarted',
      data: {
        seasonId: current ? current.id + 1 : FIRST_SEASON_ID,
        name,
        startedAt: now.toISOString(),
        softResetPercent: percent,
        endedSeasonId: current?.id ?? null,
        firstMatchId: state.nextMatchId,
        ratings,
      },
    },
  ];
}
