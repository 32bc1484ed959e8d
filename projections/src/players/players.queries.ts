import type { Knex } from 'knex';
import {
  kdRatio,
  rankDistribution,
  usernameKey,
  type DuplicateGroup,
  type GlobalStats,
  type Player,
  type RankDistribution,
} from '@team/contracts';
import { MATCHES_TABLE, PARTICIPANTS_TABLE } from '../matches/matches.projection.js';
import { PLAYER_RATINGS_TABLE, PLAYERS_TABLE, type PlayerRow } from './player-tables.js';

// Reads of the players read model. Rounding is done here, once, to docs/product.md#constants-and-limits's display
// precision: winRate 1 decimal (percent), kdRatio 2, averages 1, avgScore 0.

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** Averages are per match played (a match without K/D stats counts 0 kills and deaths). */
export function toPlayer(row: PlayerRow): Player {
  const matches = Number(row.total_matches);
  const kills = Number(row.total_kills);
  const deaths = Number(row.total_deaths);
  const assists = Number(row.total_assists);
  const score = Number(row.total_score);
  const wins = Number(row.wins);
  const per = (total: number) => (matches > 0 ? total / matches : 0);
  return {
    id: Number(row.id),
    username: row.username,
    discordId: row.discord_id,
    elo: Number(row.elo),
    wins,
    losses: Number(row.losses),
    winRate: matches > 0 ? round((wins / matches) * 100, 1) : 0,
    kdRatio: round(kdRatio(kills, deaths), 2),
    totalKills: kills,
    totalDeaths: deaths,
    totalAssists: assists,
    totalMatches: matches,
    avgKills: round(per(kills), 1),
    avgDeaths: round(per(deaths), 1),
    avgAssists: round(per(assists), 1),
    avgScore: Math.round(per(score)),
  };
}

/** Every player that is not a merged-away tombstone. */
export async function listPlayers(knex: Knex): Promise<Player[]> {
  const rows = await knex<PlayerRow>(PLAYERS_TABLE).whereNull('merged_into');
  return rows.map(toPlayer);
}

/**
 * The players who played a mode, each with that mode pool's rating as `elo` and totals over
 * their lines in that mode alone (W/L, K/D, averages and matches of the mode, not the account's
 * totals over every mode). The lines are summed from the matches read model, which follows
 * voids, merges and unmerges line by line.
 */
export async function listModePoolPlayers(knex: Knex, modeId: number): Promise<Player[]> {
  const result = await knex.raw<{ rows: PlayerRow[] }>(
    `SELECT p.id, p.discord_id, p.username, p.merged_into, r.elo,
            count(t.id)::int AS total_matches,
            (count(t.id) FILTER (WHERE t.won))::int AS wins,
            (count(t.id) FILTER (WHERE NOT t.won))::int AS losses,
            coalesce(sum(t.kills), 0)::bigint AS total_kills,
            coalesce(sum(t.deaths), 0)::bigint AS total_deaths,
            coalesce(sum(t.assists), 0)::bigint AS total_assists,
            coalesce(sum(t.score), 0)::bigint AS total_score
       FROM ${PLAYER_RATINGS_TABLE} r
       JOIN ${PLAYERS_TABLE} p ON p.id = r.player_id AND p.merged_into IS NULL
       LEFT JOIN (${PARTICIPANTS_TABLE} t JOIN ${MATCHES_TABLE} m ON m.id = t.match_id AND m.voided_at IS NULL AND m.mode_id = ?::int)
         ON t.player_id = r.player_id
      WHERE r.mode_id = ?::int
      GROUP BY p.id, r.elo`,
    [modeId, modeId],
  );
  return result.rows.map(toPlayer);
}

export function rankDistributionOf(players: readonly Player[]): RankDistribution {
  return rankDistribution(players);
}

export async function findPlayer(knex: Knex, id: number): Promise<(Player & { mergedInto: number | null }) | null> {
  const row = await knex<PlayerRow>(PLAYERS_TABLE).where({ id }).first();
  if (!row) return null;
  return { ...toPlayer(row), mergedInto: row.merged_into === null ? null : Number(row.merged_into) };
}

export async function globalStats(knex: Knex): Promise<GlobalStats> {
  const result = await knex.raw<{ rows: { players: number; avg_elo: number | null; matches: number }[] }>(
    `SELECT (SELECT count(*) FROM ${PLAYERS_TABLE} WHERE merged_into IS NULL)::int AS players,
            (SELECT avg(elo) FROM ${PLAYERS_TABLE} WHERE merged_into IS NULL)::float8 AS avg_elo,
            (SELECT count(*) FROM ${MATCHES_TABLE} WHERE voided_at IS NULL)::int AS matches`,
  );
  const row = result.rows[0]!;
  return {
    totalPlayers: Number(row.players),
    totalMatches: Number(row.matches),
    avgElo: row.avg_elo === null ? 1000 : Math.round(Number(row.avg_elo)),
  };
}

/**
 * Groups of two or more players sharing a username key; in each, most matches first, then
 * lowest id, so Account #1 is the suggested primary (docs/product.md#players-and-merges). Groups by username.
 */
export async function duplicateGroups(knex: Knex): Promise<DuplicateGroup[]> {
  // Grouped here rather than in SQL so that "equal" is exactly usernameKey, whatever the
  // database's collation does with case and whitespace.
  const rows = await knex<PlayerRow>(PLAYERS_TABLE).whereNull('merged_into');
  const groups = new Map<string, Player[]>();
  for (const row of rows) {
    const key = usernameKey(row.username);
    const list = groups.get(key) ?? [];
    list.push(toPlayer(row));
    groups.set(key, list);
  }
  return [...groups.entries()]
    .map(([key, players]) => {
      players.sort((a, b) => b.totalMatches - a.totalMatches || a.id - b.id);
      return { key, username: players[0]!.username.trim(), players };
    })
    .filter((group) => group.players.length > 1)
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ username, players }) => ({ username, players }));
}
