import type { Knex } from 'knex';
import { compareRank, rankPlayers, type PlayerSeason, type RankKey, type Season, type SeasonLeaderboardEntry } from '@team/contracts';
import { PLAYER_RATINGS_TABLE, PLAYERS_TABLE, type PlayerRow } from '../players/player-tables.js';
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

/** A player's totals over a set of season lines, as the leaderboard's Player fields name them. */
const LINE_TOTALS = `count(*)::int AS total_matches,
              (count(*) FILTER (WHERE won))::int AS wins,
              (count(*) FILTER (WHERE NOT won))::int AS losses,
              coalesce(sum(kills), 0)::bigint AS total_kills,
              coalesce(sum(deaths), 0)::bigint AS total_deaths,
              sum(assists)::bigint AS total_assists,
              sum(score)::bigint AS total_score`;

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
              ${LINE_TOTALS},
              max(elo_after) FILTER (WHERE mode_id = ?::int) AS peak
         FROM ${SEASON_LINES_TABLE}
        WHERE season_id = ?::int AND (?::int = ${OVERALL_POOL} OR mode_id = ?::int)
        GROUP BY player_id)
     SELECT p.id, p.discord_id, p.username, p.merged_into, coalesce(${rating}, 1000) AS elo, l.*
       FROM lines l JOIN ${PLAYERS_TABLE} p ON p.id = l.player_id`,
    [pool, season.id, pool, pool, ...ratingBindings],
  );
  const peaks = new Map(result.rows.map((row) => [Number(row.id), row.peak === null ? 0 : Number(row.peak)]));
  // Object.assign, not a spread with a field after it: that gives each entry a hidden class of its own (contracts' rankedEntry).
  return rankPlayers(result.rows.map(toPlayer)).map((entry) => Object.assign(entry, { peakElo: Math.max(peaks.get(entry.id) ?? 0, entry.elo) }));
}

/**
 * A player's line on each season's overall board it played in, newest first: what
 * seasonLeaderboard gives that player, without ranking whole boards. One query finds the
 * player's seasons (through the player_id index), sums its own lines, counts the players each
 * season's board ranks above it by rating alone, and lists those level with it on rating with
 * their wins; compareRank orders those few here, since names rank by a collation SQL lacks.
 */
export async function playerSeasons(knex: Knex, playerId: number): Promise<PlayerSeason[]> {
  const result = await knex.raw<{ rows: PlayerSeasonRow[] }>(
    `WITH mine AS (
       SELECT season_id,
              ${LINE_TOTALS},
              max(elo_after) FILTER (WHERE mode_id = ${OVERALL_POOL}) AS peak
         FROM ${SEASON_LINES_TABLE}
        WHERE player_id = ?::int
        GROUP BY season_id),
     rated AS (
       SELECT e.season_id, e.player_id, p.username,
              coalesce(CASE WHEN s.ended_at IS NULL THEN p.elo ELSE f.elo END, 1000) AS elo
         FROM (SELECT DISTINCT season_id, player_id FROM ${SEASON_LINES_TABLE}
                WHERE season_id IN (SELECT season_id FROM mine)) e
         JOIN ${SEASONS_TABLE} s ON s.id = e.season_id
         JOIN ${PLAYERS_TABLE} p ON p.id = e.player_id
         LEFT JOIN ${SEASON_FINAL_RATINGS_TABLE} f
           ON f.season_id = e.season_id AND f.player_id = e.player_id AND f.mode_id = ${OVERALL_POOL})
     SELECT s.id AS season_id, s.name, s.started_at, s.ended_at, s.first_match_id,
            p.id, p.discord_id, p.username, p.merged_into, me.elo, m.*,
            (SELECT count(*) FROM rated o WHERE o.season_id = m.season_id AND o.elo > me.elo)::int AS above,
            (SELECT coalesce(json_agg(json_build_object('id', o.player_id, 'username', o.username, 'elo', o.elo, 'wins',
                      (SELECT count(*) FILTER (WHERE x.won) FROM ${SEASON_LINES_TABLE} x
                        WHERE x.season_id = o.season_id AND x.player_id = o.player_id))), '[]'::json)
               FROM rated o
              WHERE o.season_id = m.season_id AND o.elo = me.elo AND o.player_id <> ?::int) AS level
       FROM mine m
       JOIN rated me ON me.season_id = m.season_id AND me.player_id = ?::int
       JOIN ${SEASONS_TABLE} s ON s.id = m.season_id
       JOIN ${PLAYERS_TABLE} p ON p.id = ?::int
      ORDER BY s.id DESC`,
    [playerId, playerId, playerId, playerId],
  );
  return result.rows.map((row) => {
    const entry = toPlayer(row);
    const before = row.level.filter((other) => compareRank(other, entry) < 0).length;
    return {
      season: toSeason({ ...row, id: row.season_id }),
      matches: entry.totalMatches,
      wins: entry.wins,
      losses: entry.losses,
      kdRatio: entry.kdRatio,
      avgScore: entry.avgScore,
      finalElo: entry.elo,
      peakElo: Math.max(row.peak === null ? 0 : Number(row.peak), entry.elo),
      rank: Number(row.above) + before + 1,
    };
  });
}

/** A row of playerSeasons' query: the season, the player's totals in it, and what ranks it. */
type PlayerSeasonRow = PlayerRow &
  Omit<SeasonRow, 'id'> & {
    season_id: number;
    peak: number | null;
    /** Players of the season's board with a higher end rating. */
    above: number;
    /** Players of the season's board with the same end rating, with their wins there. */
    level: RankKey[];
  };
