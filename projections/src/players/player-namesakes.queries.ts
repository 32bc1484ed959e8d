import type { Knex } from 'knex';
import { usernameKey, type PlayerNamesake } from '@team/contracts';
import { PLAYERS_TABLE } from './player-tables.js';

// GET /api/players/namesakes over the players read model: for the players a board page shows,
// every active account of the same name, so the page can tell them apart by Discord ID as the
// whole board would.

interface NamesakeRow {
  id: number;
  username: string;
  discord_id: string;
}

/**
 * The active accounts whose name is one with an asked player's, the asked ones included, at
 * most `limit` of them: the asked ones first, then by name and id. The asked names' keys are
 * looked up in ladder_players_name_idx (`lower(btrim(username))`, migration 001_ladder_players);
 * what it finds is then held to usernameKey itself, so "one name" is the same here as on the
 * boards and in the merge tool whatever the database's collation does with case.
 */
export async function playerNamesakes(knex: Knex, ids: readonly number[], limit: number): Promise<PlayerNamesake[]> {
  if (ids.length === 0) return [];
  const { rows } = await knex.raw<{ rows: NamesakeRow[] }>(
    `WITH asked AS (
       SELECT DISTINCT lower(btrim(username)) AS key
         FROM ${PLAYERS_TABLE}
        WHERE id = ANY(?::int[]) AND merged_into IS NULL
     )
     SELECT p.id, p.username, p.discord_id
       FROM ${PLAYERS_TABLE} p
       JOIN asked ON lower(btrim(p.username)) = asked.key
      WHERE p.merged_into IS NULL
      ORDER BY (p.id = ANY(?::int[])) DESC, lower(btrim(p.username)), p.id
      LIMIT ?`,
    [[...ids], [...ids], limit],
  );
  const asked = new Set(ids);
  const keys = new Set(rows.filter((row) => asked.has(Number(row.id))).map((row) => usernameKey(row.username)));
  return rows
    .filter((row) => keys.has(usernameKey(row.username)))
    .map((row) => ({ id: Number(row.id), username: row.username, discordId: row.discord_id }));
}
