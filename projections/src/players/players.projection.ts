import type { Knex } from 'knex';
import { addTotals, lineTotals, zeroTotals, type LadderTotals, type MatchRecorded, type MatchVoided, type PlayersMerged, type PlayersUnmerged, type PlayerRenamed, type LadderEvent, type SeasonRenamed } from '@team/contracts';
import { runPrepared } from '../prepared-statements.js';
import { defineProjection, type Projection } from '../projection.js';
import { PLAYER_RATINGS_TABLE, PLAYERS_TABLE } from './player-tables.js';
import { applySeasonStarted } from './season-reset.js';

/**
 * Applies consecutive MatchRecorded events in two statements: totals add up, and the last
 * rating a run gives a player wins, exactly as applying them one by one would. The typed
 * username names a new player only: a match never renames an existing one (issue 22).
 */
async function applyMatchesRecorded(events: readonly MatchRecorded[], trx: Knex.Transaction): Promise<void> {
  const players = new Map<number, AggregatedPlayer>();
  const ratings = new Map<string, { player_id: number; mode_id: number | string; elo: number; matches: number }>();
  for (const { data } of events) {
    const overall = data.pool === 'overall';
    for (const p of data.participants) {
      let row = players.get(p.playerId);
      if (!row) {
        row = { id: p.playerId, discord_id: p.discordId, username: p.username, elo: null, ...zeroTotals(), matches: 0 };
        players.set(p.playerId, row);
      }
      if (overall) row.elo = p.ratingAfter;
      addTotals(row, lineTotals(p));
      row.matches += 1;
      if (!overall) {
        const key = `${p.playerId}:${data.pool}`;
        const rating = ratings.get(key) ?? { player_id: p.playerId, mode_id: data.pool, elo: p.ratingAfter, matches: 0 };
        rating.elo = p.ratingAfter;
        rating.matches += 1;
        ratings.set(key, rating);
      }
    }
  }
  const rows = [...players.values()];
  await runPrepared(trx, ADD_PLAYER_TOTALS, [JSON.stringify(rows)]);
  // Only an overall match moves the overall rating; mode matches leave it alone.
  const overallRatings = rows.filter((row) => row.elo !== null).map((row) => ({ id: row.id, elo: row.elo }));
  if (overallRatings.length > 0) await runPrepared(trx, SET_OVERALL_RATINGS, [JSON.stringify(overallRatings)]);
  if (ratings.size > 0) await runPrepared(trx, ADD_MODE_RATINGS, [JSON.stringify([...ratings.values()])]);
}

/** The statements of a recorded match, prepared (run for every match recorded). */
const ADD_PLAYER_TOTALS = {
  name: 'players_add_totals',
  text: `INSERT INTO ${PLAYERS_TABLE} AS p
       (id, discord_id, username, elo, wins, losses, total_kills, total_deaths, total_assists, total_score, total_matches)
     SELECT v.id, v.discord_id, v.username, coalesce(v.elo, 1000), v.wins, v.losses, v.kills, v.deaths, v.assists, v.score, v.matches
       FROM jsonb_to_recordset($1::jsonb) AS v(id int, discord_id text, username text, elo int, wins int, losses int,
                                             kills bigint, deaths bigint, assists bigint, score bigint, matches int)
     ON CONFLICT (id) DO UPDATE SET
       wins = p.wins + excluded.wins,
       losses = p.losses + excluded.losses,
       total_kills = p.total_kills + excluded.total_kills,
       total_deaths = p.total_deaths + excluded.total_deaths,
       total_assists = p.total_assists + excluded.total_assists,
       total_score = p.total_score + excluded.total_score,
       total_matches = p.total_matches + excluded.total_matches`,
};
const SET_OVERALL_RATINGS = {
  name: 'players_set_overall_ratings',
  text: `UPDATE ${PLAYERS_TABLE} AS p SET elo = v.elo
           FROM jsonb_to_recordset($1::jsonb) AS v(id int, elo int) WHERE p.id = v.id`,
};
const ADD_MODE_RATINGS = {
  name: 'players_add_mode_ratings',
  text: `INSERT INTO ${PLAYER_RATINGS_TABLE} AS r (player_id, mode_id, elo, matches)
         SELECT v.player_id, v.mode_id, v.elo, v.matches
           FROM jsonb_to_recordset($1::jsonb) AS v(player_id int, mode_id int, elo int, matches int)
         ON CONFLICT (player_id, mode_id) DO UPDATE SET elo = excluded.elo, matches = r.matches + excluded.matches`,
};

interface AggregatedPlayer extends LadderTotals {
  id: number;
  discord_id: string;
  username: string;
  /** The overall rating after the run's last overall match; null when it had none. */
  elo: number | null;
}

async function applyPlayersMerged({ data }: PlayersMerged, trx: Knex.Transaction): Promise<void> {
  const { primaryId, duplicateId } = data;
  const overall = data.ratings.find((r) => r.pool === 'overall');
  // Totals are sums, so the merged account's totals are both accounts' totals added.
  await trx.raw(
    `UPDATE ${PLAYERS_TABLE} AS p SET
       elo = COALESCE(?::int, p.elo),
       wins = p.wins + d.wins,
       losses = p.losses + d.losses,
       total_kills = p.total_kills + d.total_kills,
       total_deaths = p.total_deaths + d.total_deaths,
       total_assists = p.total_assists + d.total_assists,
       total_score = p.total_score + d.total_score,
       total_matches = p.total_matches + d.total_matches
     FROM ${PLAYERS_TABLE} AS d
     WHERE p.id = ? AND d.id = ?`,
    [overall?.after ?? null, primaryId, duplicateId],
  );
  await trx(PLAYERS_TABLE).where({ id: duplicateId }).update({
    merged_into: primaryId,
    wins: 0,
    losses: 0,
    total_kills: 0,
    total_deaths: 0,
    total_assists: 0,
    total_score: 0,
    total_matches: 0,
  });
  const modePools = data.ratings.filter((r) => r.pool !== 'overall');
  if (modePools.length > 0) {
    await trx.raw(
      `INSERT INTO ${PLAYER_RATINGS_TABLE} AS r (player_id, mode_id, elo, matches)
       SELECT ?::int, v.mode_id, v.elo, coalesce(d.matches, 0)
         FROM jsonb_to_recordset(?::jsonb) AS v(mode_id int, elo int)
         LEFT JOIN ${PLAYER_RATINGS_TABLE} d ON d.player_id = ?::int AND d.mode_id = v.mode_id
       ON CONFLICT (player_id, mode_id) DO UPDATE SET elo = excluded.elo, matches = r.matches + excluded.matches`,
      [primaryId, JSON.stringify(modePools.map((r) => ({ mode_id: r.pool, elo: r.after }))), duplicateId],
    );
  }
  await trx(PLAYER_RATINGS_TABLE).where({ player_id: duplicateId }).delete();
}

/** The voided match's lines leave their owners' totals; its pool's rating takes the given-back value. */
async function applyMatchVoided({ data }: MatchVoided, trx: Knex.Transaction): Promise<void> {
  const overall = data.pool === 'overall';
  const lines = data.participants.map((p) => ({
    id: p.playerId,
    rating_after: p.ratingAfter,
    ...lineTotals(p),
  }));
  await trx.raw(
    `UPDATE ${PLAYERS_TABLE} AS p SET
       elo = CASE WHEN ?::boolean THEN v.rating_after ELSE p.elo END,
       wins = p.wins - v.wins,
       losses = p.losses - v.losses,
       total_kills = p.total_kills - v.kills,
       total_deaths = p.total_deaths - v.deaths,
       total_assists = p.total_assists - v.assists,
       total_score = p.total_score - v.score,
       total_matches = p.total_matches - 1
     FROM jsonb_to_recordset(?::jsonb) AS v(id int, rating_after int, wins int, losses int,
                                            kills bigint, deaths bigint, assists bigint, score bigint)
     WHERE p.id = v.id`,
    [overall, JSON.stringify(lines)],
  );
  if (overall) return;
  await trx.raw(
    `UPDATE ${PLAYER_RATINGS_TABLE} AS r SET elo = v.rating_after, matches = r.matches - 1
       FROM jsonb_to_recordset(?::jsonb) AS v(id int, rating_after int)
      WHERE r.player_id = v.id AND r.mode_id = ?::int`,
    [JSON.stringify(lines), data.pool],
  );
  // A mode board lists the players who played the mode: none left, no rating row.
  await trx(PLAYER_RATINGS_TABLE)
    .where({ mode_id: data.pool })
    .whereIn('player_id', lines.map((line) => line.id))
    .andWhere('matches', '<=', 0)
    .delete();
}

/** The duplicate stands again with its share of the totals and the ratings the event gives both. */
async function applyPlayersUnmerged({ data }: PlayersUnmerged, trx: Knex.Transaction): Promise<void> {
  const { primaryId, duplicateId, duplicateTotals: t } = data;
  const overall = data.ratings.find((r) => r.pool === 'overall');
  await trx.raw(
    `UPDATE ${PLAYERS_TABLE} AS p SET
       username = ?, elo = COALESCE(?::int, p.elo),
       wins = p.wins - ?, losses = p.losses - ?,
       total_kills = p.total_kills - ?, total_deaths = p.total_deaths - ?,
       total_assists = p.total_assists - ?, total_score = p.total_score - ?,
       total_matches = p.total_matches - ?
     WHERE p.id = ?`,
    [data.primary.username, overall?.primaryAfter ?? null, t.wins, t.losses, t.kills, t.deaths, t.assists, t.score, t.matches, primaryId],
  );
  await trx.raw(
    `UPDATE ${PLAYERS_TABLE} AS p SET
       merged_into = NULL, username = ?, elo = COALESCE(?::int, p.elo),
       wins = ?, losses = ?, total_kills = ?, total_deaths = ?, total_assists = ?, total_score = ?, total_matches = ?
     WHERE p.id = ?`,
    [data.duplicate.username, overall?.duplicateAfter ?? null, t.wins, t.losses, t.kills, t.deaths, t.assists, t.score, t.matches, duplicateId],
  );
  const modePools = data.ratings.filter((r) => r.pool !== 'overall');
  const rows = modePools.flatMap((r) => [
    { player_id: primaryId, mode_id: r.pool, elo: r.primaryAfter, matches: r.primaryMatches },
    { player_id: duplicateId, mode_id: r.pool, elo: r.duplicateAfter, matches: r.duplicateMatches },
  ]);
  const kept = rows.filter((row) => row.matches > 0);
  if (kept.length > 0) {
    await trx.raw(
      `INSERT INTO ${PLAYER_RATINGS_TABLE} AS r (player_id, mode_id, elo, matches)
       SELECT v.player_id, v.mode_id, v.elo, v.matches
         FROM jsonb_to_recordset(?::jsonb) AS v(player_id int, mode_id int, elo int, matches int)
       ON CONFLICT (player_id, mode_id) DO UPDATE SET elo = excluded.elo, matches = excluded.matches`,
      [JSON.stringify(kept)],
    );
  }
  for (const row of rows.filter((r) => r.matches === 0)) {
    await trx(PLAYER_RATINGS_TABLE).where({ player_id: row.player_id, mode_id: row.mode_id }).delete();
  }
}

export const playersProjection: Projection = defineProjection<Exclude<LadderEvent, SeasonRenamed>>({
  name: 'players',
  tables: [PLAYERS_TABLE, PLAYER_RATINGS_TABLE],
  migrations: [
    {
      name: '001_ladder_players',
      async up(knex) {
        await knex.raw(`
          CREATE TABLE ${PLAYERS_TABLE} (
            id            integer PRIMARY KEY,
            discord_id    text    NOT NULL,
            username      text    NOT NULL,
            elo           integer NOT NULL,
            wins          integer NOT NULL DEFAULT 0,
            losses        integer NOT NULL DEFAULT 0,
            total_kills   bigint  NOT NULL DEFAULT 0,
            total_deaths  bigint  NOT NULL DEFAULT 0,
            total_assists bigint  NOT NULL DEFAULT 0,
            total_score   bigint  NOT NULL DEFAULT 0,
            total_matches integer NOT NULL DEFAULT 0,
            merged_into   integer
          );
          CREATE INDEX ladder_players_active_idx ON ${PLAYERS_TABLE} (elo DESC, wins DESC) WHERE merged_into IS NULL;
          CREATE INDEX ladder_players_name_idx ON ${PLAYERS_TABLE} (lower(btrim(username))) WHERE merged_into IS NULL;
          CREATE TABLE ${PLAYER_RATINGS_TABLE} (
            player_id integer NOT NULL,
            mode_id   integer NOT NULL,
            elo       integer NOT NULL,
            matches   integer NOT NULL,
            PRIMARY KEY (player_id, mode_id)
          );
          CREATE INDEX ladder_player_ratings_mode_idx ON ${PLAYER_RATINGS_TABLE} (mode_id);
        `);
      },
    },
    // Issue 22: a match no longer renames an existing player; a replay undoes the renames of the
    // events already in the log, so live tables equal a rebuild (docs/events.md).
    { name: '002_no_rename_by_match', replay: true, async up() {} },
    {
      // Record Match's player lookup (GET /api/players/search): names and Discord IDs starting
      // with what is typed. text_pattern_ops lets LIKE 'abc%' use the index whatever the
      // database's collation. Indexes only, so no replay.
      name: '003_player_search_prefixes',
      replay: false,
      async up(knex) {
        await knex.raw(`
          CREATE INDEX ladder_players_name_prefix_idx ON ${PLAYERS_TABLE} (lower(username) text_pattern_ops) WHERE merged_into IS NULL;
          CREATE INDEX ladder_players_discord_prefix_idx ON ${PLAYERS_TABLE} (discord_id text_pattern_ops) WHERE merged_into IS NULL;
        `);
      },
    },
  ],
  handlers: {
    MatchRecorded: (event, trx) => applyMatchesRecorded([event], trx),
    PlayersMerged: applyPlayersMerged,
    MatchVoided: applyMatchVoided,
    PlayersUnmerged: applyPlayersUnmerged,
    // An admin's rename: the only event that changes an existing player's name.
    PlayerRenamed: async ({ data }: PlayerRenamed, trx) => void (await trx(PLAYERS_TABLE).where({ id: data.playerId }).update({ username: data.username })),
    SeasonStarted: applySeasonStarted,
  },
  runHandlers: { MatchRecorded: applyMatchesRecorded },
});
