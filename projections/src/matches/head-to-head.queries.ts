import type { Knex } from 'knex';
import { HEAD_TO_HEAD_LIMIT, type HeadToHead, type HeadToHeadEntry, type MatchBetween, type TeamId } from '@team/contracts';
import { PLAYERS_TABLE } from '../players/player-tables.js';
import { MATCHES_TABLE, PARTICIPANTS_TABLE } from './matches.projection.js';

// Head-to-head reads the participant lines: a line's player_id is the account it counts for now
// (a merge moves the duplicate's lines to the primary, so a tombstone is never met). A voided
// match keeps its lines for its match page, so its match row (voided_at) leaves it out here.
// Both sides of a line are read from the participants' indexes alone (index-only scans), and the
// voided matches from their own small index (matches.projection.ts, migration 007; the reasons in
// docs/performance.md, "Scale curve").

type Side = 'opponents' | 'teammates';

interface MetRow {
  player_id: number;
  username: string;
  matches: number;
  wins: number;
}

/** The players most often met on the other team (or on the same one), most matches first, then by name. */
async function playersMet(knex: Knex, playerId: number, side: Side): Promise<HeadToHeadEntry[]> {
  // Counted by player first; only the players that can make the list (as many matches as the
  // LIMIT-th most met, ties included) are then looked up for their names, not every line's.
  const { rows } = await knex.raw<{ rows: MetRow[] }>(
    `WITH met AS (
       SELECT other.player_id,
              count(*)::int AS matches,
              count(*) FILTER (WHERE own.won)::int AS wins
         FROM ${PARTICIPANTS_TABLE} own
         JOIN ${PARTICIPANTS_TABLE} other
           ON other.match_id = own.match_id AND other.player_id <> own.player_id
          AND ${side === 'opponents' ? 'other.team <> own.team' : 'other.team = own.team'}
        WHERE own.player_id = ?
          AND NOT EXISTS (SELECT 1 FROM ${MATCHES_TABLE} v WHERE v.id = own.match_id AND v.voided_at IS NOT NULL)
        GROUP BY other.player_id
     )
     SELECT named.* FROM (
       -- A name looked up per player kept (the planner cannot tell how few pass the cut).
       SELECT met.player_id, (SELECT p.username FROM ${PLAYERS_TABLE} p WHERE p.id = met.player_id) AS username, met.matches, met.wins
         FROM met
        WHERE met.matches >= coalesce((SELECT matches FROM met ORDER BY matches DESC OFFSET ? LIMIT 1), 0)
     ) named
      -- Names in a fixed (byte) order, not the database's collation: every server sorts them alike.
      ORDER BY named.matches DESC, lower(named.username) COLLATE "C", named.username COLLATE "C", named.player_id
      LIMIT ?`,
    [playerId, HEAD_TO_HEAD_LIMIT - 1, HEAD_TO_HEAD_LIMIT],
  );
  return rows.map((row) => ({
    player: { id: Number(row.player_id), username: row.username },
    matches: row.matches,
    wins: row.wins,
    losses: row.matches - row.wins,
  }));
}

/** A player's top opponents (its wins and losses against each) and top teammates (the record together). */
export async function headToHead(knex: Knex, playerId: number): Promise<HeadToHead> {
  const [opponents, teammates] = await Promise.all([playersMet(knex, playerId, 'opponents'), playersMet(knex, playerId, 'teammates')]);
  return { opponents, teammates };
}

interface BetweenRow {
  match_id: number;
  created_at: Date;
  mode_id: number | null;
  mode_name: string | null;
  team1_score: number | null;
  team2_score: number | null;
  a_won: boolean;
  a_team: TeamId;
  b_team: TeamId;
  a_change: number;
  a_elo_after: number;
  b_change: number;
  b_elo_after: number;
}

/** The matches `a` and `b` played on opposite teams, newest first. */
export async function matchesBetween(knex: Knex, a: number, b: number): Promise<MatchBetween[]> {
  const { rows } = await knex.raw<{ rows: BetweenRow[] }>(
    `SELECT m.id AS match_id, m.created_at, m.mode_id, m.mode_name, m.team1_score, m.team2_score,
            pa.won AS a_won, pa.team AS a_team, pb.team AS b_team, pa.rating_change AS a_change, pa.elo_after AS a_elo_after,
            pb.rating_change AS b_change, pb.elo_after AS b_elo_after
       FROM ${PARTICIPANTS_TABLE} pa
       JOIN ${PARTICIPANTS_TABLE} pb ON pb.match_id = pa.match_id AND pb.player_id = ? AND pb.team <> pa.team
       JOIN ${MATCHES_TABLE} m ON m.id = pa.match_id AND m.voided_at IS NULL
      WHERE pa.player_id = ?
      ORDER BY m.id DESC`,
    [b, a],
  );
  return rows.map((row) => ({
    matchId: Number(row.match_id),
    createdAt: new Date(row.created_at).toISOString(),
    mode: row.mode_id === null ? null : { id: Number(row.mode_id), name: row.mode_name ?? '' },
    team1Score: row.team1_score,
    team2Score: row.team2_score,
    winnerId: row.a_won ? a : b,
    a: { team: row.a_team, ratingChange: row.a_change, eloAfter: row.a_elo_after },
    b: { team: row.b_team, ratingChange: row.b_change, eloAfter: row.b_elo_after },
  }));
}
