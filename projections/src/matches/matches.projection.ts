import type { Knex } from 'knex';
import type { MatchRecorded, MatchVoided, PlayersMerged, PlayersUnmerged, LadderEvent, RethreadedEntry } from '@team/contracts';
import { defineProjection, type Projection } from '../projection.js';
import { unnestRows } from '../sql-columns.js';

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
}

export interface ParticipantRow {
  id: number;
  match_id: number;
  /** The player the line counts for now: a merge moves the duplicate's lines to the primary. */
  player_id: number;
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

/**
 * Consecutive MatchRecorded events in two inserts; a function scan yields rows in array order,
 * so participant ids follow the log's order, as one-by-one inserts would give them. The rows travel
 * as one array per column (unnestRows): a long run as bind parameters per value would pass
 * PostgreSQL's limit of 65,535 per statement.
 */
async function applyMatchesRecorded(events: readonly MatchRecorded[], trx: Knex.Transaction): Promise<void> {
  const matches = events.map(({ data }) => ({
    id: data.matchId,
    created_at: data.recordedAt,
    mode_id: data.mode?.id ?? null,
    mode_name: data.mode?.name ?? null,
    winning_team: data.winningTeam,
    team1_score: data.team1Score,
    team2_score: data.team2Score,
    stats_used: data.statsUsed,
  }));
  const matchRows = unnestRows(matches, {
    id: 'int', created_at: 'timestamptz', mode_id: 'int', mode_name: 'text',
    winning_team: 'text', team1_score: 'int', team2_score: 'int', stats_used: 'boolean',
  });
  await trx.raw(
    `INSERT INTO ${MATCHES_TABLE} (id, created_at, mode_id, mode_name, winning_team, team1_score, team2_score, stats_used)
     SELECT v.id, v.created_at, v.mode_id, v.mode_name, v.winning_team, v.team1_score, v.team2_score, v.stats_used
       FROM ${matchRows.from}`,
    matchRows.bindings,
  );
  let n = 0;
  const participants = events.flatMap(({ data }) =>
    data.participants.map((p) => ({
      n: ++n,
      match_id: data.matchId,
      player_id: p.playerId,
      team: p.team,
      won: p.won,
      rating_before: p.ratingBefore,
      rating_change: p.ratingChange,
      elo_after: p.ratingAfter,
      kills: p.kills,
      deaths: p.deaths,
      assists: p.assists,
      score: p.score,
      hardpoint_time: p.hardpointTime ?? null,
      captures: p.captures ?? null,
      plants_defuses: p.plantsDefuses ?? null,
    })),
  );
  // Ids continue from the table's highest, not from the serial's sequence: a sequence is not
  // rolled back with a failed batch (a lost connection), so the live ids would skip numbers a
  // rebuild from the same log does not. One batch applies at a time (checkpoint row lock).
  const participantRows = unnestRows(participants, {
    n: 'int', match_id: 'int', player_id: 'int', team: 'text', won: 'boolean',
    rating_before: 'int', rating_change: 'int', elo_after: 'int', kills: 'int', deaths: 'int', assists: 'int', score: 'int',
    hardpoint_time: 'int', captures: 'int', plants_defuses: 'int',
  });
  await trx.raw(
    `INSERT INTO ${PARTICIPANTS_TABLE} (id, match_id, player_id, original_player_id, team, won, rating_before, rating_change,
            elo_after, kills, deaths, assists, score, hardpoint_time, captures, plants_defuses)
     SELECT (SELECT coalesce(max(id), 0) FROM ${PARTICIPANTS_TABLE}) + v.n, v.match_id, v.player_id, v.player_id, v.team, v.won, v.rating_before, v.rating_change, v.elo_after,
            v.kills, v.deaths, v.assists, v.score, v.hardpoint_time, v.captures, v.plants_defuses
       FROM ${participantRows.from}`,
    participantRows.bindings,
  );
}

async function applyPlayersMerged({ data }: PlayersMerged, trx: Knex.Transaction): Promise<void> {
  await trx(PARTICIPANTS_TABLE).where({ player_id: data.duplicateId }).update({ player_id: data.primaryId });
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

/** A voided match leaves the histories and the recent matches; the audit log keeps it. */
async function applyMatchVoided({ data }: MatchVoided, trx: Knex.Transaction): Promise<void> {
  await trx(PARTICIPANTS_TABLE).where({ match_id: data.matchId }).delete();
  await trx(MATCHES_TABLE).where({ id: data.matchId }).delete();
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

export const matchesProjection: Projection = defineProjection<LadderEvent>({
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
  ],
  handlers: {
    MatchRecorded: (event, trx) => applyMatchesRecorded([event], trx),
    PlayersMerged: applyPlayersMerged,
    MatchVoided: applyMatchVoided,
    PlayersUnmerged: applyPlayersUnmerged,
  },
  runHandlers: { MatchRecorded: applyMatchesRecorded },
});
