import type { Knex } from 'knex';
import { compareRatingPoints, type LineStats, type Match, type MatchHeader, type PlayerMatchRecord, type RatingHistoryPoint } from '@team/contracts';
import { PLAYERS_TABLE } from '../players/player-tables.js';
import { MATCHES_TABLE, PARTICIPANTS_TABLE, type MatchRow, type ParticipantRow } from './matches.projection.js';

/** A line of a match's line-up: what the participants index carries (docs/performance.md, "Scale curve"), and the name. */
type LineUpLine = Pick<ParticipantRow, 'id' | 'match_id' | 'player_id' | 'team'> & { username: string };

/** A match row as every view of a match starts. */
export function matchHeader(row: MatchRow): MatchHeader {
  return {
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    mode: modeOf(row),
    winningTeam: row.winning_team,
    team1Score: row.team1_score,
    team2Score: row.team2_score,
    map: row.map ?? null,
  };
}

/** A match's mode, if it had one. */
function modeOf(row: Pick<MatchRow, 'mode_id' | 'mode_name'>): MatchHeader['mode'] {
  return row.mode_id === null ? null : { id: row.mode_id, name: row.mode_name ?? '' };
}

/** A participant line's stats as recorded. */
export function lineStats(line: ParticipantRow): LineStats {
  return {
    kills: line.kills,
    deaths: line.deaths,
    assists: line.assists,
    score: line.score,
    hardpointTime: line.hardpoint_time,
    captures: line.captures,
    plantsDefuses: line.plants_defuses,
  };
}

/** Matches with their participants (current usernames), in the order of `ids`. */
async function loadMatches(knex: Knex, ids: readonly number[]): Promise<Map<number, { match: Match; lines: LineUpLine[] }>> {
  const out = new Map<number, { match: Match; lines: LineUpLine[] }>();
  if (ids.length === 0) return out;
  const [matches, lines] = await Promise.all([
    knex<MatchRow>(MATCHES_TABLE).whereIn('id', ids),
    knex(`${PARTICIPANTS_TABLE} as t`)
      .join(`${PLAYERS_TABLE} as p`, 'p.id', 't.player_id')
      .whereIn('t.match_id', ids)
      .orderBy('t.id')
      // Only the line-up's columns: an index-only scan of ladder_participants_match_idx.
      .select<LineUpLine[]>('t.id', 't.match_id', 't.player_id', 't.team', 'p.username'),
  ]);
  const byMatch = new Map<number, LineUpLine[]>();
  for (const line of lines) {
    const list = byMatch.get(line.match_id) ?? [];
    list.push(line);
    byMatch.set(line.match_id, list);
  }
  for (const row of matches) {
    const matchLines = byMatch.get(row.id) ?? [];
    out.set(row.id, {
      lines: matchLines,
      match: {
        ...matchHeader(row),
        participants: matchLines.map((line) => ({
          id: line.id,
          playerId: line.player_id,
          team: line.team,
          player: { username: line.username },
        })),
      },
    });
  }
  return out;
}

/** The matches that count (not voided) played last, newest first, with their participants. */
export async function recentMatches(knex: Knex, limit: number): Promise<Match[]> {
  const rows: Pick<MatchRow, 'id'>[] = await newestMatches(knex, limit).select('id');
  const ids = rows.map((row) => Number(row.id));
  const loaded = await loadMatches(knex, ids);
  return ids.map((id) => loaded.get(id)!.match);
}

/** A match's id and when it was played (ISO). */
export interface MatchTime {
  id: number;
  createdAt: string;
}

/**
 * When each of recentMatches' matches was played, without their line-ups: what the sitemap lists.
 * One index scan of the matches, where the line-ups of a thousand matches joined their players'
 * names (a hash of all 100,000 players at 1M matches: 48 ms of 82).
 */
export async function recentMatchTimes(knex: Knex, limit: number): Promise<MatchTime[]> {
  const rows: Pick<MatchRow, 'id' | 'created_at'>[] = await newestMatches(knex, limit).select('id', 'created_at');
  return rows.map((row) => ({ id: Number(row.id), createdAt: new Date(row.created_at).toISOString() }));
}

/**
 * The newest `limit` matches that count, by when each was played, not when it was recorded: an
 * import of older matches (backdated) lists them below the matches played since. Recording
 * order breaks a tie.
 */
function newestMatches(knex: Knex, limit: number): Knex.QueryBuilder {
  return knex(MATCHES_TABLE).whereNull('voided_at').orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit);
}

/**
 * A player's rating points, oldest first: contracts' ratingHistoryOf of playerMatchHistory,
 * read without the line-ups and stats it leaves out (every line has its rating: both columns
 * are NOT NULL). Compare read both players' whole histories
 * for them (4,200 matches and 33,600 named lines each for the busiest players at 1M matches).
 */
export async function playerRatingHistory(knex: Knex, playerId: number): Promise<RatingHistoryPoint[]> {
  const rows: (Pick<MatchRow, 'id' | 'created_at' | 'mode_id' | 'mode_name'> & Pick<ParticipantRow, 'rating_change' | 'elo_after'>)[] = await knex(`${PARTICIPANTS_TABLE} as t`)
    .join(`${MATCHES_TABLE} as m`, 'm.id', 't.match_id')
    .where('t.player_id', playerId)
    .whereNull('m.voided_at')
    .select('m.id', 'm.created_at', 'm.mode_id', 'm.mode_name', 't.rating_change', 't.elo_after');
  return rows
    .map((row) => ({ matchId: Number(row.id), createdAt: new Date(row.created_at).toISOString(), mode: modeOf(row), eloChange: row.rating_change, eloAfter: row.elo_after }))
    .sort(compareRatingPoints);
}

/**
 * The voided match of line `t`, if it is one: a read's `NOT EXISTS` over the few voided matches'
 * index (ladder_matches_voided_idx) instead of a join with every match row.
 */
function voidedMatchOf(knex: Knex): Knex.QueryBuilder {
  return knex(`${MATCHES_TABLE} as v`).select(knex.raw('1')).whereRaw('v.id = t.match_id').whereNotNull('v.voided_at');
}

/** A player's history, newest first: one entry per match it (or an account merged into it) played and that counts. */
export async function playerMatchHistory(knex: Knex, playerId: number): Promise<PlayerMatchRecord[]> {
  const own = await knex(`${PARTICIPANTS_TABLE} as t`)
    .where('t.player_id', playerId)
    .whereNotExists(voidedMatchOf(knex))
    .orderBy('t.match_id', 'desc')
    .select<ParticipantRow[]>('t.*');
  const loaded = await loadMatches(knex, own.map((line) => line.match_id));
  return own.map((line): PlayerMatchRecord => {
    const { match, lines } = loaded.get(line.match_id)!;
    const others = lines.filter((l) => l.player_id !== playerId);
    const person = (l: LineUpLine) => ({ id: l.player_id, username: l.username });
    return {
      id: line.id,
      won: line.won,
      team: line.team,
      eloChange: line.rating_change,
      eloAfter: line.elo_after,
      ...lineStats(line),
      match,
      teammates: others.filter((l) => l.team === line.team).map(person),
      opponents: others.filter((l) => l.team !== line.team).map(person),
    };
  });
}
