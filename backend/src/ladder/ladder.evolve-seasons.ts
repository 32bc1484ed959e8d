import { FIRST_SEASON_ID, type SeasonRenamed, type SeasonStarted } from '@team/contracts';
import { type LadderState } from './ladder.state.js';
import { toPoolKey } from './pool-key.js';

// The ladder's evolve for seasons (ladder.evolve.ts routes to it): a season's start sets the
// ratings its soft reset decided, and keeps each move so later re-threading counts it.

export function evolveSeasonStarted(state: LadderState, { data }: SeasonStarted): LadderState {
  state.seasons.push({ id: data.seasonId, name: data.name, firstMatchId: data.firstMatchId });
  for (const move of data.ratings) {
    const player = state.players.get(move.playerId);
    if (!player) throw new Error(`SeasonStarted names unknown player ${move.playerId}`);
    const pool = toPoolKey(move.pool);
    const delta = move.after - move.before;
    if (delta === 0) continue;
    player.ratings.set(pool, move.after);
    player.resets.push({ firstMatchId: data.firstMatchId, pool, delta });
    // The reset moved the merged account as one: its move has no share of either account.
    for (const record of player.absorbed) record.resetSince = true;
  }
  return state;
}

export function evolveSeasonRenamed(state: LadderState, { data }: SeasonRenamed): LadderState {
  const season = state.seasons.find((s) => s.id === data.seasonId);
  if (season) season.name = data.name;
  // The implicit first season gets a record once it is named.
  else if (data.seasonId === FIRST_SEASON_ID) state.seasons.unshift({ id: FIRST_SEASON_ID, name: data.name, firstMatchId: 1 });
  else throw new Error(`SeasonRenamed names unknown season ${data.seasonId}`);
  return state;
}
