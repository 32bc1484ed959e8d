import type { Knex } from 'knex';
import type { PlayerSearchHit } from '@team/contracts';
import { PLAYERS_TABLE } from './player-tables.js';

// Record Match's player lookup (GET /api/players/search) over the players read model: active
// accounts only, a merged-away tombstone never.

interface SearchRow {
  id: number;
  username: string;
  discord_id: string;
  elo: number;
  total_matches: number;
}

const COLUMNS = 'id, username, discord_id, elo, total_matches';
/** Among matches of one kind: the most played account first, then by name. */
const TIES = 'total_matches DESC, lower(username), id';

/** `text` as the start of a LIKE pattern: a `%`, `_` or `\` typed by a visitor matches itself. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Names starting with `query` (ignoring case) and Discord IDs starting with it, each through its
 * prefix index (migration 003_player_search_prefixes): the Discord ID itself first, then the
 * name itself, other names, other Discord IDs.
 */
export function playerPrefixMatches(knex: Knex, query: string, limit: number): Knex.Raw<{ rows: SearchRow[] }> {
  const pattern = likePrefix(query);
  return knex.raw(
    `SELECT ${COLUMNS}
       FROM ${PLAYERS_TABLE}
      WHERE merged_into IS NULL
        AND (lower(username) LIKE lower(?) ESCAPE '\\' OR discord_id LIKE ? ESCAPE '\\')
      ORDER BY CASE WHEN discord_id = ? THEN 0
                    WHEN lower(username) = lower(?) THEN 1
                    WHEN lower(username) LIKE lower(?) ESCAPE '\\' THEN 2
                    ELSE 3 END,
               ${TIES}
      LIMIT ?`,
    [pattern, pattern, query, query, pattern, limit],
  );
}

/**
 * Names holding `query` further in (ignoring case), apart from the accounts in `exclude`. No
 * index serves a substring without the pg_trgm extension, which the app's role may not be
 * allowed to create, so this one reads the active accounts: it runs only when the prefixes
 * left room, and the players table holds one row per person.
 */
function playerInfixMatches(knex: Knex, query: string, limit: number, exclude: number[]): Knex.Raw<{ rows: SearchRow[] }> {
  return knex.raw(
    `SELECT ${COLUMNS}
       FROM ${PLAYERS_TABLE}
      WHERE merged_into IS NULL AND strpos(lower(username), lower(?)) > 1 AND NOT (id = ANY(?::int[]))
      ORDER BY ${TIES}
      LIMIT ?`,
    [query, exclude, limit],
  );
}

function toHit(row: SearchRow): PlayerSearchHit {
  return {
    id: Number(row.id),
    username: row.username,
    discordId: row.discord_id,
    elo: Number(row.elo),
    totalMatches: Number(row.total_matches),
  };
}

/** Up to `limit` active players whose name or Discord ID matches `query` (already trimmed and checked), best first. */
export async function searchPlayers(knex: Knex, query: string, limit: number): Promise<PlayerSearchHit[]> {
  const { rows: prefixed } = await playerPrefixMatches(knex, query, limit);
  if (prefixed.length >= limit) return prefixed.map(toHit);
  const { rows: inside } = await playerInfixMatches(knex, query, limit - prefixed.length, prefixed.map((row) => Number(row.id)));
  return [...prefixed, ...inside].map(toHit);
}
