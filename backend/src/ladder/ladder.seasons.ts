import { FIRST_SEASON_ID, implicitSeasonName, seasonNameKey } from '@team/contracts';
import { ConflictError } from '../shared/domain-errors.js';
import type { LadderState, SeasonRecord } from './ladder.state.js';

// Which seasons the ladder's state knows: those SeasonStarted began, and before the first of
// them the implicit first season, which begins with the first match ("The first season begins
// with the first match").

/** Every season that exists, oldest first: none before the first match or SeasonStarted. */
export function seasonsOf(state: LadderState): SeasonRecord[] {
  const implicitFirst = state.seasons[0]?.id !== FIRST_SEASON_ID && state.nextMatchId > 1;
  return implicitFirst
    ? [{ id: FIRST_SEASON_ID, name: implicitSeasonName(FIRST_SEASON_ID), firstMatchId: 1 }, ...state.seasons]
    : state.seasons;
}

/** The season now running, or null before the first match and the first SeasonStarted. */
export function currentSeason(state: LadderState): SeasonRecord | null {
  return seasonsOf(state).at(-1) ?? null;
}

/**
 * Refuses a name another season has (seasonNameKey: ignoring case, surrounding spaces and
 * format characters), from the ladder's own seasons, so two admins at once cannot both take it.
 */
export function requireFreeSeasonName(state: LadderState, name: string, renamedId: number | null = null): void {
  const key = seasonNameKey(name);
  const taken = seasonsOf(state).find((season) => season.id !== renamedId && seasonNameKey(season.name) === key);
  if (taken) throw new ConflictError(`A season named "${taken.name}" already exists: choose another name.`);
}
