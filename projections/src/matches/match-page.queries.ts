import type { Knex } from 'knex';
import type { MatchPage, MatchPageLine } from '@team/contracts';
import { PLAYERS_TABLE } from '../players/player-tables.js';
import { MATCHES_TABLE, PARTICIPANTS_TABLE, type MatchRow, type ParticipantRow } from './matches.projection.js';
import { lineStats, matchHeader } from './matches.queries.js';

/**
 * The account each player id counts as now, with its username and Discord ID: itself, or the primary at the
 * end of its merge chain. A counting match's lines were moved by the merges already. A voided
 * match's lines are not moved by merges or unmerges (their events leave voided matches out), so
 * they are resolved here from the account they were recorded under: a merge made after the void
 * and reverted since would otherwise leave the line with the primary.
 */
async function currentAccounts(knex: Knex, ids: readonly number[]): Promise<Map<number, { id: number; username: string; discordId: string }>> {
  const { rows } = await knex.raw<{ rows: { start: number; id: number; username: string; discord_id: string }[] }>(
    `WITH RECURSIVE chain AS (
       SELECT id AS start, id, username, discord_id, merged_into FROM ${PLAYERS_TABLE} WHERE id = ANY(?::int[])
       UNION ALL
       SELECT c.start, p.id, p.username, p.discord_id, p.merged_into FROM chain c JOIN ${PLAYERS_TABLE} p ON p.id = c.merged_into
     )
     SELECT start, id, username, discord_id FROM chain WHERE merged_into IS NULL`,
    [[...new Set(ids)]],
  );
  return new Map(rows.map((row) => [Number(row.start), { id: Number(row.id), username: row.username, discordId: row.discord_id }]));
}

/** One match as its page shows it (voided ones too, marked), or null for an unknown id. */
export async function matchPage(knex: Knex, id: number): Promise<MatchPage | null> {
  const row = await knex<MatchRow>(MATCHES_TABLE).where({ id }).first();
  if (!row) return null;
  const lines = await knex<ParticipantRow>(PARTICIPANTS_TABLE).where({ match_id: id }).orderBy('id');
  const voided = row.voided_at !== null;
  const holder = (line: ParticipantRow) => (voided ? line.original_player_id : line.player_id);
  const accounts = await currentAccounts(knex, lines.map(holder));
  const toLine = (line: ParticipantRow): MatchPageLine => {
    const account = accounts.get(holder(line))!;
    return {
      playerId: account.id,
      username: account.username,
      discordId: account.discordId,
      recordedAs: line.recorded_as,
      team: line.team,
      won: line.won,
      ...lineStats(line),
      // After, as the profile's history shows it (a merge or a void may have re-threaded it);
      // before is what the match's change started from on that thread.
      ratingBefore: line.elo_after - line.rating_change,
      ratingChange: line.rating_change,
      ratingAfter: line.elo_after,
    };
  };
  const all = lines.map(toLine);
  return {
    ...matchHeader(row),
    statsUsed: row.stats_used,
    teams: { team1: all.filter((line) => line.team === 'team1'), team2: all.filter((line) => line.team === 'team2') },
    voided: row.voided_at === null ? null : { at: new Date(row.voided_at).toISOString(), reason: row.void_reason ?? '' },
  };
}
