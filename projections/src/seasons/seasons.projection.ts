import type { Knex } from 'knex';
import {
  FIRST_SEASON_ID,
  implicitSeasonName,
  type LadderEvent,
  type MatchRecorded,
  type MatchVoided,
  type PlayersMerged,
  type PlayerRenamed,
  type PlayersUnmerged,
  type RethreadedEntry,
  type SeasonRenamed,
  type SeasonStarted,
} from '@team/contracts';
import { insertRows } from '../copy-rows.js';
import { runPrepared } from '../prepared-statements.js';
import { defineProjection, type Projection } from '../projection.js';

/**
 * The seasons read model. Each season's participant lines are kept here (with the ELO-after
 * values), so a season's totals and peaks are sums over its own lines. The current season's
 * lines follow the corrections as the players read model does (a void removes them, a merge
 * or an unmerge moves them, re-threaded values replace theirs); a closed season's lines and
 * the final ratings frozen at its end are never written again: its final standings do not
 * change, whatever is voided or merged later (the audit log still shows those events).
 */
export const SEASONS_TABLE = 'ladder_seasons';
export const SEASON_LINES_TABLE = 'ladder_season_lines';
export const SEASON_FINAL_RATINGS_TABLE = 'ladder_season_final_ratings';

/** Pool 0 is the overall pool in these tables (mode ids start at 1). */
export const OVERALL_POOL = 0;

export interface SeasonRow {
  id: number;
  name: string;
  started_at: Date;
  ended_at: Date | null;
  first_match_id: number;
}

const LATEST_SEASON_ID = { name: 'seasons_latest_id', text: `SELECT max(id) AS id FROM ${SEASONS_TABLE}` };

/** The season matches are recorded into now; the first match opens the implicit first season. */
async function currentSeasonId(trx: Knex.Transaction, firstMatch: MatchRecorded['data']): Promise<number> {
  const [row] = await runPrepared<{ id: number | null }>(trx, LATEST_SEASON_ID, []);
  if (row?.id != null) return Number(row.id);
  await trx(SEASONS_TABLE).insert({
    id: FIRST_SEASON_ID,
    name: implicitSeasonName(FIRST_SEASON_ID),
    started_at: firstMatch.recordedAt,
    first_match_id: firstMatch.matchId,
  });
  return FIRST_SEASON_ID;
}

async function openSeasonId(trx: Knex.Transaction): Promise<number | null> {
  const row = await trx(SEASONS_TABLE).whereNull('ended_at').first('id');
  return row ? Number(row.id) : null;
}

async function applyMatchesRecorded(events: readonly MatchRecorded[], trx: Knex.Transaction): Promise<void> {
  // A run never spans a season's start: SeasonStarted is an event of another type between runs.
  const seasonId = await currentSeasonId(trx, events[0]!.data);
  // insertRows (COPY for long runs): a rebuild writes a line per participant of every match, as the matches read model does.
  await insertRows(trx, SEASON_LINES_TABLE, SEASON_LINE_COLUMNS, events.flatMap(({ data }) =>
    data.participants.map((p) => [
      seasonId, data.matchId, p.playerId, data.pool === 'overall' ? OVERALL_POOL : data.pool,
      p.won, p.kills, p.deaths, p.assists, p.score, p.ratingAfter,
    ]),
  ));
}

const SEASON_LINE_COLUMNS = ['season_id', 'match_id', 'player_id', 'mode_id', 'won', 'kills', 'deaths', 'assists', 'score', 'elo_after'] as const;

/** Re-threaded ELO-after values, in the current season only (a closed season is frozen). */
async function rethread(trx: Knex.Transaction, seasonId: number, entries: readonly RethreadedEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await trx.raw(
    `UPDATE ${SEASON_LINES_TABLE} AS l SET elo_after = v.elo_after
       FROM jsonb_to_recordset(?::jsonb) AS v(player_id int, match_id int, elo_after int)
      WHERE l.season_id = ? AND l.player_id = v.player_id AND l.match_id = v.match_id`,
    [JSON.stringify(entries.map((e) => ({ player_id: e.playerId, match_id: e.matchId, elo_after: e.eloAfter }))), seasonId],
  );
}

async function applyMatchVoided({ data }: MatchVoided, trx: Knex.Transaction): Promise<void> {
  const seasonId = await openSeasonId(trx);
  if (seasonId === null) return;
  // A match of a closed season has no line in the open one: nothing here changes.
  await trx(SEASON_LINES_TABLE).where({ season_id: seasonId, match_id: data.matchId }).delete();
  await rethread(trx, seasonId, data.rethreaded);
}

/**
 * The current season's lines of the duplicate become the primary's, as its history does;
 * the duplicate's lines in closed seasons stay under its own id there, as they were ranked.
 */
async function applyPlayersMerged({ data }: PlayersMerged, trx: Knex.Transaction): Promise<void> {
  const seasonId = await openSeasonId(trx);
  if (seasonId === null) return;
  await trx(SEASON_LINES_TABLE).where({ season_id: seasonId, player_id: data.duplicateId }).update({ player_id: data.primaryId });
  await rethread(trx, seasonId, data.rethreaded.map((r) => ({ ...r, playerId: data.primaryId })));
}

async function applyPlayersUnmerged({ data }: PlayersUnmerged, trx: Knex.Transaction): Promise<void> {
  const seasonId = await openSeasonId(trx);
  if (seasonId === null) return;
  await trx(SEASON_LINES_TABLE)
    .where({ season_id: seasonId, player_id: data.primaryId })
    .whereIn('match_id', data.movedBackMatchIds)
    .update({ player_id: data.duplicateId });
  await rethread(trx, seasonId, data.rethreaded);
}

/** The closing season's final ratings, as the event recorded them, for the players who played in it. */
async function applySeasonStarted({ data }: SeasonStarted, trx: Knex.Transaction): Promise<void> {
  if (data.endedSeasonId !== null) {
    await trx(SEASONS_TABLE).where({ id: data.endedSeasonId }).update({ ended_at: data.startedAt });
    const finals = data.ratings.map((r) => ({ player_id: r.playerId, mode_id: r.pool === 'overall' ? OVERALL_POOL : r.pool, elo: r.before }));
    await trx.raw(
      `INSERT INTO ${SEASON_FINAL_RATINGS_TABLE} (season_id, player_id, mode_id, elo)
       SELECT ?::int, v.player_id, v.mode_id, v.elo
         FROM jsonb_to_recordset(?::jsonb) AS v(player_id int, mode_id int, elo int)
        WHERE EXISTS (SELECT 1 FROM ${SEASON_LINES_TABLE} l WHERE l.season_id = ?::int AND l.player_id = v.player_id)`,
      [data.endedSeasonId, JSON.stringify(finals), data.endedSeasonId],
    );
  }
  await trx(SEASONS_TABLE).insert({ id: data.seasonId, name: data.name, started_at: data.startedAt, first_match_id: data.firstMatchId });
}

async function applySeasonRenamed({ data }: SeasonRenamed, trx: Knex.Transaction): Promise<void> {
  await trx(SEASONS_TABLE).where({ id: data.seasonId }).update({ name: data.name });
}

export const seasonsProjection: Projection = defineProjection<Exclude<LadderEvent, PlayerRenamed>>({
  name: 'seasons',
  tables: [SEASONS_TABLE, SEASON_LINES_TABLE, SEASON_FINAL_RATINGS_TABLE],
  migrations: [
    {
      name: '001_ladder_seasons',
      async up(knex) {
        await knex.raw(`
          CREATE TABLE ${SEASONS_TABLE} (
            id             integer PRIMARY KEY,
            name           text        NOT NULL,
            started_at     timestamptz NOT NULL,
            ended_at       timestamptz,
            first_match_id integer     NOT NULL
          );
          CREATE TABLE ${SEASON_LINES_TABLE} (
            season_id integer NOT NULL,
            match_id  integer NOT NULL,
            player_id integer NOT NULL,
            mode_id   integer NOT NULL,
            won       boolean NOT NULL,
            kills     integer,
            deaths    integer,
            assists   integer NOT NULL,
            score     integer NOT NULL,
            elo_after integer NOT NULL,
            PRIMARY KEY (match_id, player_id)
          );
          CREATE INDEX ladder_season_lines_player_idx ON ${SEASON_LINES_TABLE} (season_id, player_id);
          CREATE TABLE ${SEASON_FINAL_RATINGS_TABLE} (
            season_id integer NOT NULL,
            player_id integer NOT NULL,
            mode_id   integer NOT NULL,
            elo       integer NOT NULL,
            PRIMARY KEY (season_id, player_id, mode_id)
          );
        `);
      },
    },
    {
      // A profile's seasons start from the player: which seasons it has lines in.
      name: '002_ladder_season_lines_by_player',
      async up(knex) {
        await knex.raw(`CREATE INDEX ladder_season_lines_by_player_idx ON ${SEASON_LINES_TABLE} (player_id, season_id)`);
      },
    },
  ],
  handlers: {
    MatchRecorded: (event, trx) => applyMatchesRecorded([event], trx),
    MatchVoided: applyMatchVoided,
    PlayersMerged: applyPlayersMerged,
    PlayersUnmerged: applyPlayersUnmerged,
    SeasonStarted: applySeasonStarted,
    SeasonRenamed: applySeasonRenamed,
  },
  runHandlers: { MatchRecorded: applyMatchesRecorded },
});
