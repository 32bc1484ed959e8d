import type { Knex } from 'knex';
import type { MatchRecorded, MatchVoided, PlayerRenamed, PlayersMerged, PlayersUnmerged, LadderEvent, RethreadedEntry, SeasonEvent } from '@team/contracts';
import { defineProjection, type Projection } from '../projection.js';
import { insertRows } from '../copy-rows.js';
import { runPrepared } from '../prepared-statements.js';

/**
 * The matches read model: each match and each participant's line of it (stats and the
 * rating change the ladder decided). Participant rows are what a player's history lists.
 */
export interface MatchRow {
  id: number;
  created_at: Date;
  mode_id: number | null;
  mode_name: string | null;
  winning_team: 'team1' | 'team2';
  team1_score: number | null;
  team2_score: number | null;
  stats_used: boolean;
  /** When an admin voided the match (MatchVoided's recordedAt), and why; null while it counts. */
  voided_at: Date | null;
  void_reason: string | null;
  /** The map's name; null for none (MatchRecorded without `map`, every event from before maps existed). */
  map: string | null;
}

export interface ParticipantRow {
  id: number;
  match_id: number;
  /** The player the line counts for now: a merge moves the duplicate's lines to the primary. */
  player_id: number;
  /** The player the match was recorded under; merges and unmerges never change it. */
  original_player_id: number;
  /** The username typed for this line (a match never renames an existing player). */
  recorded_as: string;
  team: 'team1' | 'team2';
  won: boolean;
  rating_change: number;
  /** Re-threaded on a merge; otherwise the rating after the match in the match's pool. */
  elo_after: number;
  kills: number | null;
  deaths: number | null;
  assists: number | null;
  score: number | null;
  hardpoint_time: number | null;
  captures: number | null;
  plants_defuses: number | null;
}

export const MATCHES_TABLE = 'ladder_matches';
export const PARTICIPANTS_TABLE = 'ladder_match_participants';

const MATCH_COLUMNS = ['id', 'created_at', 'mode_id', 'mode_name', 'winning_team', 'team1_score', 'team2_score', 'stats_used', 'map'] as const;
const PARTICIPANT_COLUMNS = [
  'id', 'match_id', 'player_id', 'original_player_id', 'team', 'won', 'rating_before', 'rating_change', 'elo_after',
  'kills', 'deaths', 'assists', 'score', 'hardpoint_time', 'captures', 'plants_defuses', 'recorded_as',
] as const;

/**
 * Consecutive MatchRecorded events as two bulk inserts (insertRows: COPY for a rebuild's long
 * runs): a run of any length costs three round trips. Participant ids follow the log's order, as
 * one-by-one inserts would give them.
 */
async function applyMatchesRecorded(events: readonly MatchRecorded[], trx: Knex.Transaction): Promise<void> {
  await insertRows(trx, MATCHES_TABLE, MATCH_COLUMNS, events.map(({ data }) => [
    // When it was played: older history imported as backdated says so; every other match was played when recorded.
    data.matchId, data.playedAt ?? data.recordedAt, data.mode?.id ?? null, data.mode?.name ?? null,
    data.winningTeam, data.team1Score, data.team2Score, data.statsUsed, data.map ?? null,
  ]));
  // Ids continue from the table's highest, not from the serial's sequence: a sequence is not
  // rolled back with a failed batch (a lost connection), so the live ids would skip numbers a
  // rebuild from the same log does not. One batch applies at a time (checkpoint row lock).
  const [highest] = await runPrepared<{ highest: number }>(trx, HIGHEST_PARTICIPANT_ID, []);
  let id = highest!.highest;
  await insertRows(trx, PARTICIPANTS_TABLE, PARTICIPANT_COLUMNS, events.flatMap(({ data }) =>
    data.participants.map((p) => [
      ++id, data.matchId, p.playerId, p.playerId, p.team, p.won, p.ratingBefore, p.ratingChange, p.ratingAfter,
      p.kills, p.deaths, p.assists, p.score, p.hardpointTime ?? null, p.captures ?? null, p.plantsDefuses ?? null, p.username,
    ]),
  ));
}

const HIGHEST_PARTICIPANT_ID = {
  name: 'matches_highest_participant_id',
  text: `SELECT coalesce(max(id), 0)::int AS highest FROM ${PARTICIPANTS_TABLE}`,
};

/** Ids of the voided matches, as a subquery. */
const voidedMatchIds = (trx: Knex.Transaction) => trx(MATCHES_TABLE).whereNotNull('voided_at').select('id');

/**
 * The duplicate's lines move to the primary, except those of voided matches: the ladder no
 * longer counts them (its merges and unmerges never name them), so they stay with the account
 * that held them at the void. A match page shows a voided line under the current owner of the
 * account it was recorded under (match-page.queries.ts), so no merge or unmerge has to move it.
 */
async function applyPlayersMerged({ data }: PlayersMerged, trx: Knex.Transaction): Promise<void> {
  await trx(PARTICIPANTS_TABLE)
    .where({ player_id: data.duplicateId })
    .whereNotIn('match_id', voidedMatchIds(trx))
    .update({ player_id: data.primaryId });
  if (data.rethreaded.length === 0) return;
  await trx.raw(
    `UPDATE ${PARTICIPANTS_TABLE} AS t SET elo_after = v.elo_after
       FROM jsonb_to_recordset(?::jsonb) AS v(match_id int, elo_after int)
      WHERE t.match_id = v.match_id AND t.player_id = ?::int`,
    [JSON.stringify(data.rethreaded.map((r) => ({ match_id: r.matchId, elo_after: r.eloAfter }))), data.primaryId],
  );
}

async function applyRethreaded(entries: readonly RethreadedEntry[], trx: Knex.Transaction): Promise<void> {
  if (entries.length === 0) return;
  await trx.raw(
    `UPDATE ${PARTICIPANTS_TABLE} AS t SET elo_after = v.elo_after
       FROM jsonb_to_recordset(?::jsonb) AS v(player_id int, match_id int, elo_after int)
      WHERE t.match_id = v.match_id AND t.player_id = v.player_id`,
    [JSON.stringify(entries.map((r) => ({ player_id: r.playerId, match_id: r.matchId, elo_after: r.eloAfter })))],
  );
}

/**
 * A voided match leaves the histories, the recent matches and the totals, but keeps its rows,
 * marked, for its match page (with the reason). Every query of this read model skips them.
 */
async function applyMatchVoided({ data }: MatchVoided, trx: Knex.Transaction): Promise<void> {
  await trx(MATCHES_TABLE).where({ id: data.matchId }).update({ voided_at: data.recordedAt, void_reason: data.reason });
  await applyRethreaded(data.rethreaded, trx);
}

async function applyPlayersUnmerged({ data }: PlayersUnmerged, trx: Knex.Transaction): Promise<void> {
  if (data.movedBackMatchIds.length > 0) {
    await trx(PARTICIPANTS_TABLE)
      .where({ player_id: data.primaryId })
      .whereIn('match_id', data.movedBackMatchIds)
      .update({ player_id: data.duplicateId });
  }
  await applyRethreaded(data.rethreaded, trx);
}

export const matchesProjection: Projection = defineProjection<Exclude<LadderEvent, SeasonEvent | PlayerRenamed>>({
  name: 'matches',
  tables: [MATCHES_TABLE, PARTICIPANTS_TABLE],
  migrations: [
    {
      name: '001_ladder_matches',
      async up(knex) {
        await knex.raw(`
          CREATE TABLE ${MATCHES_TABLE} (
            id           integer PRIMARY KEY,
            created_at   timestamptz NOT NULL,
            mode_id      integer,
            mode_name    text,
            winning_team text    NOT NULL,
            team1_score  integer,
            team2_score  integer,
            stats_used   boolean NOT NULL
          );
          CREATE TABLE ${PARTICIPANTS_TABLE} (
            id                 serial  PRIMARY KEY,
            match_id           integer NOT NULL,
            player_id          integer NOT NULL,
            original_player_id integer NOT NULL,
            team               text    NOT NULL,
            won                boolean NOT NULL,
            rating_before      integer NOT NULL,
            rating_change      integer NOT NULL,
            elo_after          integer NOT NULL,
            kills              integer,
            deaths             integer,
            assists            integer,
            score              integer,
            hardpoint_time     integer,
            captures           integer,
            plants_defuses     integer
          );
          CREATE INDEX ladder_participants_match_idx ON ${PARTICIPANTS_TABLE} (match_id);
          CREATE INDEX ladder_participants_player_idx ON ${PARTICIPANTS_TABLE} (player_id, match_id DESC);
        `);
      },
    },
    {
      // Until this migration a void deleted the match's rows. On a deployment that voided
      // matches before it, those matches (and their pages) come back only with a replay of
      // every MatchRecorded and MatchVoided: `replay` has the first start after it rebuild.
      name: '002_voided_matches_kept',
      replay: true,
      async up(knex) {
        await knex.raw(`ALTER TABLE ${MATCHES_TABLE} ADD COLUMN voided_at timestamptz, ADD COLUMN void_reason text`);
      },
    },
    {
      // A match's map (issue 21). No replay: MatchRecorded gained `map` with this release, so no
      // event already in the log can carry one, and null ("no map") is what a replay would write.
      name: '003_match_map',
      replay: false,
      async up(knex) {
        await knex.raw(`ALTER TABLE ${MATCHES_TABLE} ADD COLUMN map text`);
      },
    },
    {
      // The name typed on each line, now that a match no longer renames an existing player: every
      // MatchRecorded carries it, so the first start after this migration replays to fill it.
      name: '004_line_recorded_as',
      replay: true,
      async up(knex) {
        await knex.raw(`ALTER TABLE ${PARTICIPANTS_TABLE} ADD COLUMN recorded_as text`);
      },
    },
    {
      // A mode board sums its players' lines in that mode (players.queries.ts): the mode's
      // counted matches by index. An index only, so no replay.
      name: '005_matches_by_mode',
      replay: false,
      async up(knex) {
        await knex.raw(`CREATE INDEX ladder_matches_mode_idx ON ${MATCHES_TABLE} (mode_id) WHERE voided_at IS NULL`);
      },
    },
    {
      // Recent Matches lists the newest by when they were played (created_at), not by id.
      name: '006_matches_by_played_time',
      replay: false,
      async up(knex) {
        await knex.raw(`CREATE INDEX ladder_matches_played_idx ON ${MATCHES_TABLE} (created_at DESC, id DESC) WHERE voided_at IS NULL`);
      },
    },
    {
      // Reads of a busy player's matches at scale (docs/performance.md, "Scale curve"): the lines'
      // indexes carry what head-to-head and a match's line-up read, so those are index-only scans
      // instead of one heap page per line, and the few voided matches have an index of their own
      // that the reads test against (NOT EXISTS) instead of joining every match row. Indexes only,
      // so no replay; a rebuild defers them like the others (rebuild-indexes.ts).
      name: '007_covering_line_indexes',
      replay: false,
      async up(knex) {
        await knex.raw(`
          DROP INDEX ladder_participants_player_idx;
          CREATE INDEX ladder_participants_player_idx ON ${PARTICIPANTS_TABLE} (player_id, match_id DESC) INCLUDE (team, won);
          DROP INDEX ladder_participants_match_idx;
          CREATE INDEX ladder_participants_match_idx ON ${PARTICIPANTS_TABLE} (match_id) INCLUDE (id, player_id, team);
          CREATE INDEX ladder_matches_voided_idx ON ${MATCHES_TABLE} (id) WHERE voided_at IS NOT NULL;
        `);
      },
    },
  ],
  handlers: {
    MatchRecorded: (event, trx) => applyMatchesRecorded([event], trx),
    PlayersMerged: applyPlayersMerged,
    MatchVoided: applyMatchVoided,
    PlayersUnmerged: applyPlayersUnmerged,
  },
  runHandlers: { MatchRecorded: applyMatchesRecorded },
});
