import type { Knex } from 'knex';
import {
  kdRatio,
  rankDistribution,
  rankPlayers,
  usernameKey,
  type DuplicateGroup,
  type GlobalStats,
  type LeaderboardEntry,
  type Player,
  type RankDistribution,
} from '@team/contracts';
import { MATCHES_TABLE } from '../matches/matches.projection.js';
import { PLAYER_RATINGS_TABLE, PLAYERS_TABLE, type PlayerRow } from './players.projection.js';

// Reads of the players read model. Rounding is done here, once, to SPEC §9's display
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
 * The players who played a mode, each with that mode pool's rating as `elo` (their other
 * fields stay the account's totals).
 */
export async function listModePoolPlayers(knex: Knex, modeId: number): Promise<Player[]> {
  const rows = await knex(`${PLAYERS_TABLE} as p`)
    .join(`${PLAYER_RATINGS_TABLE} as r`, 'r.player_id', 'p.id')
    .whereNull('p.merged_into')
    .andWhere('r.mode_id', modeId)
    .select('p.*', 'r.elo as pool_elo');
  return rows.map((row: PlayerRow & { pool_elo: number }) => ({ ...toPlayer(row), elo: Number(row.pool_elo) }));
}

/** A leaderboard in DESIGN §6 rank order, with rank and tier. */
export function leaderboardOf(players: readonly Player[]): LeaderboardEntry[] {
  return rankPlayers(players);
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
 * lowest id, so Account #1 is the suggested primary (DESIGN §7). Groups by username.
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
