import { FIRST_SEASON_ID, implicitSeasonName } from '@team/contracts';
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
