import type { Knex } from 'knex';
import type { SeasonStarted } from '@team/contracts';
import { PLAYER_RATINGS_TABLE, PLAYERS_TABLE } from './player-tables.js';

/** A season's soft reset: the ratings take the values the event decided (only those that moved). */
export async function applySeasonStarted({ data }: SeasonStarted, trx: Knex.Transaction): Promise<void> {
  const moved = data.ratings.filter((r) => r.after !== r.before);
  const overall = moved.filter((r) => r.pool === 'overall').map((r) => ({ id: r.playerId, elo: r.after }));
  const modes = moved.filter((r) => r.pool !== 'overall').map((r) => ({ player_id: r.playerId, mode_id: r.pool, elo: r.after }));
  if (overall.length > 0) {
    await trx.raw(
      `UPDATE ${PLAYERS_TABLE} AS p SET elo = v.elo FROM jsonb_to_recordset(?::jsonb) AS v(id int, elo int) WHERE p.id = v.id`,
      [JSON.stringify(overall)],
    );
  }
  if (modes.length > 0) {
    await trx.raw(
      `UPDATE ${PLAYER_RATINGS_TABLE} AS r SET elo = v.elo
         FROM jsonb_to_recordset(?::jsonb) AS v(player_id int, mode_id int, elo int)
        WHERE r.player_id = v.player_id AND r.mode_id = v.mode_id`,
      [JSON.stringify(modes)],
    );
  }
}
