import type { Knex } from 'knex';
import { rankPlayers, type PlayerSeason, type Season, type SeasonLeaderboardEntry } from '@team/contracts';
import { PLAYER_RATINGS_TABLE, PLAYERS_TABLE, type PlayerRow } from '../players/players.projection.js';
import { toPlayer } from '../players/players.queries.js';
import { OVERALL_POOL, SEASON_FINAL_RATINGS_TABLE, SEASON_LINES_TABLE, SEASONS_TABLE, type SeasonRow } from './seasons.projection.js';

// Reads of the seasons read model: the seasons, a season's board and a player's seasons.

const toSeason = (row: SeasonRow): Season => ({
  id: Number(row.id),
  name: row.name,
  startedAt: new Date(row.started_at).toISOString(),
  endedAt: row.ended_at === null ? null : new Date(row.ended_at).toISOString(),
  current: row.ended_at === null,
});

/** Every season, newest first. */
export async function listSeasons(knex: Knex): Promise<Season[]> {
  const rows = await knex<SeasonRow>(SEASONS_TABLE).orderBy('id', 'desc');
  return rows.map(toSeason);
}

export async function findSeason(knex: Knex, id: number): Promise<Season | null> {
  const row = await knex<SeasonRow>(SEASONS_TABLE).where({ id }).first();
  return row ? toSeason(row) : null;
}

/**
 * A season's board: the players with lines in it (in the mode, when given), their totals over
 * those lines, ranked by the rating at the season's end: the frozen final rating of a closed
 * season, the live rating of the current one. The peak is the season's highest ELO-after in
 * the pool, or the end rating when that is higher.
 */
export async function seasonLeaderboard(knex: Knex, season: Season, modeId: number | null): Promise<SeasonLeaderboardEntry[]> {
  const pool = modeId ?? OVERALL_POOL;
  const rating = season.current
    ? pool === OVERALL_POOL
      ? 'p.elo'
      : `(SELECT r.elo FROM ${PLAYER_RATINGS_TABLE} r WHERE r.player_id = p.id AND r.mode_id = ?::int)`
    : `(SELECT f.elo FROM ${SEASON_FINAL_RATINGS_TABLE} f WHERE f.season_id = ?::int AND f.player_id = p.id AND f.mode_id = ?::int)`;
  const ratingBindings = season.current ? (pool === OVERALL_POOL ? [] : [pool]) : [season.id, pool];
  const result = await knex.raw<{ rows: (PlayerRow & { peak: number | null })[] }>(
    `WITH lines AS (
       SELECT player_id,
              count(*)::int AS total_matches,
              (count(*) FILTER (WHERE won))::int AS wins,
              (count(*) FILTER (WHERE NOT won))::int AS losses,
              coalesce(sum(kills), 0)::bigint AS total_kills,
              coalesce(sum(deaths), 0)::bigint AS total_deaths,
              sum(assists)::bigint AS total_assists,
              sum(score)::bigint AS total_score,
              max(elo_after) FILTER (WHERE mode_id = ?::int) AS peak
         FROM ${SEASON_LINES_TABLE}
        WHERE season_id = ?::int AND (?::int = ${OVERALL_POOL} OR mode_id = ?::int)
        GROUP BY player_id)
     SELECT p.id, p.discord_id, p.username, p.merged_into, coalesce(${rating}, 1000) AS elo, l.*
       FROM lines l JOIN ${PLAYERS_TABLE} p ON p.id = l.player_id`,
    [pool, season.id, pool, pool, ...ratingBindings],
  );
  const peaks = new Map(result.rows.map((row) => [Number(row.id), row.peak === null ? 0 : Number(row.peak)]));
  return rankPlayers(result.rows.map(toPlayer)).map((entry) => ({ ...entry, peakElo: Math.max(peaks.get(entry.id) ?? 0, entry.elo) }));
}

/** A player's line on each season's overall board it played in, newest first. */
export async function playerSeasons(knex: Knex, playerId: number): Promise<PlayerSeason[]> {
  const rows = await knex(SEASON_LINES_TABLE).distinct('season_id').where({ player_id: playerId });
  const seasons = (await listSeasons(knex)).filter((season) => rows.some((row) => Number(row.season_id) === season.id));
  const out: PlayerSeason[] = [];
  for (const season of seasons) {
    const entry = (await seasonLeaderboard(knex, season, null)).find((e) => e.id === playerId);
    if (!entry) continue;
    out.push({
      season,
      matches: entry.totalMatches,
      wins: entry.wins,
      losses: entry.losses,
      kdRatio: entry.kdRatio,
      avgScore: entry.avgScore,
      finalElo: entry.elo,
      peakElo: entry.peakElo,
      rank: entry.rank,
    });
  }
  return out;
}
