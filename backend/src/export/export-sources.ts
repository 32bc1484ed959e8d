import type { Knex } from 'knex';
import {
  csvRow,
  type EventStore,
  importCsvRows,
  importJsonMatch,
  LADDER_STREAM,
  MATCH_CSV_HEADER,
  type MatchRecorded,
} from '@team/contracts';
import { PLAYERS_TABLE, READ_MODELS_CHECKPOINT } from '@team/projections';

// What the exports write, page by page: each generator yields a page's text and reads the next
// page only when the response has taken it (stream-lines.ts).

const PAGE = 500;

/** The log's events after `after` up to `upTo`, a page at a time. */
async function* logEvents(store: EventStore, upTo: number, after = 0) {
  let position = after;
  while (position < upTo) {
    const page = await store.readAll(position, PAGE);
    if (page.length === 0) return;
    for (const event of page) {
      if (event.position > upTo) return;
      yield event;
    }
    position = page[page.length - 1]!.position;
  }
}

/** The match key an exported match carries: the one it was imported with, else its id. */
const keyOf = (event: { data: unknown; metadata: { imported?: { matchKey: string } } }): string =>
  event.metadata.imported?.matchKey ?? `match-${(event.data as MatchRecorded['data']).matchId}`;

/**
 * The ladder's recorded matches up to `upTo` in the import's JSON, in log order, the `voided`
 * ones left out (those voided up to `upTo`: see match-snapshot.ts). It reads MatchRecorded
 * events rather than the read tables: they hold the Discord ID and name each line was entered
 * with, which an import needs to give the same ratings (a merged account's lines are shown
 * under its primary, but were decided under their own Discord ID).
 */
export async function* exportedMatches(store: EventStore, upTo: number, voided: ReadonlySet<number>) {
  for await (const event of logEvents(store, upTo)) {
    if (event.streamId !== LADDER_STREAM || event.type !== 'MatchRecorded') continue;
    const data = event.data as MatchRecorded['data'];
    if (voided.has(data.matchId)) continue;
    yield importJsonMatch(data, keyOf(event));
  }
}

export async function* matchesCsv(store: EventStore, upTo: number, voided: ReadonlySet<number>) {
  yield MATCH_CSV_HEADER;
  let page = '';
  for await (const match of exportedMatches(store, upTo, voided)) {
    page += importCsvRows(match);
    if (page.length > 64 * 1024) {
      yield page;
      page = '';
    }
  }
  if (page) yield page;
}

/** A JSON array, one match per line: valid JSON that still reads (and diffs) line by line. */
export async function* matchesJson(store: EventStore, upTo: number, voided: ReadonlySet<number>) {
  let first = true;
  let page = '[\n';
  for await (const match of exportedMatches(store, upTo, voided)) {
    page += `${first ? '' : ',\n'}${JSON.stringify(match)}`;
    first = false;
    if (page.length > 64 * 1024) {
      yield page;
      page = '';
    }
  }
  yield `${page}${first ? '' : '\n'}]\n`;
}

/** The raw log, one event per line, as the store holds it. */
export async function* eventsNdjson(store: EventStore, upTo: number) {
  let page = '';
  for await (const event of logEvents(store, upTo)) {
    const { position, streamId, revision, id, type, data, metadata } = event;
    page += `${JSON.stringify({ position, streamId, revision, id, type, data, metadata })}\n`;
    if (page.length > 64 * 1024) {
      yield page;
      page = '';
    }
  }
  if (page) yield page;
}

export const PLAYER_CSV_COLUMNS = ['id', 'discord_id', 'username', 'elo', 'wins', 'losses', 'matches', 'kills', 'deaths', 'assists', 'score', 'merged_into'] as const;

/**
 * The players read table in one snapshot (a repeatable-read transaction), with the position its
 * checkpoint had in that snapshot: the rows are exactly the read model at that position.
 */
export async function playersCsv(knex: Knex): Promise<{ position: number; chunks: AsyncIterable<string> }> {
  const trx = await knex.transaction({ isolationLevel: 'repeatable read', readOnly: true });
  let position: number;
  try {
    const checkpoint = await trx('projection_checkpoints').where({ name: READ_MODELS_CHECKPOINT }).first('position');
    position = Number(checkpoint?.position ?? 0);
  } catch (error) {
    await trx.rollback().catch(() => undefined);
    throw error;
  }
  async function* rows() {
    try {
      yield csvRow(PLAYER_CSV_COLUMNS);
      let after = 0;
      for (;;) {
        const page = await trx(PLAYERS_TABLE)
          .where('id', '>', after)
          .orderBy('id')
          .limit(PAGE)
          .select('id', 'discord_id', 'username', 'elo', 'wins', 'losses', 'total_matches', 'total_kills', 'total_deaths', 'total_assists', 'total_score', 'merged_into');
        if (page.length === 0) break;
        yield page
          .map((p) => csvRow([p.id, p.discord_id, p.username, p.elo, p.wins, p.losses, p.total_matches, p.total_kills, p.total_deaths, p.total_assists, p.total_score, p.merged_into]))
          .join('');
        after = page[page.length - 1].id;
      }
    } finally {
      await trx.rollback().catch(() => undefined);
    }
  }
  return { position, chunks: rows() };
}
