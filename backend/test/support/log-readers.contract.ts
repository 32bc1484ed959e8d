import { randomUUID } from 'node:crypto';
import type { AppendContext, EventStore, NewEvent } from '@team/contracts';
import type { Knex } from 'knex';
import type { AuditFilter, AuditLog } from '../../src/audit/list-events/list-events.query.js';
import { auditLogImplementations } from '../../src/audit/list-events/open-audit-log.js';
import { openLogReader } from '../../src/event-store/open-event-store.js';
import type { KeyedMatchLog, RecordedKeyLog } from '../../src/ladder/runtime/ladder-log.js';
import { ladderLogImplementations } from '../../src/ladder/runtime/open-ladder-log.js';
import { timeTravelLogImplementations } from '../../src/tracker/time-travel/open-time-travel-log.js';
import type { TimeTravelLog } from '../../src/tracker/time-travel/time-travel-log.js';
import type { KurrentReaderOptions } from '../../src/event-store/kurrentdb/kurrentdb-log.js';

/** The log's own readers beyond the port, each provided by its owner. */
export interface EventLogReaders {
  timeTravel: TimeTravelLog;
  keyedMatches: KeyedMatchLog;
  audit: AuditLog;
  recordedKeys: RecordedKeyLog;
}

/** The owners' readers that go with `store`, as the app opens them (`knex` serves PostgreSQL's). */
export function openLogReaders(store: EventStore, knex: Knex | null, options: KurrentReaderOptions = {}): EventLogReaders {
  const pool = knex as Knex; // KurrentDB's readers take no pool
  const ladder = openLogReader(store, pool, ladderLogImplementations, options);
  return {
    timeTravel: openLogReader(store, pool, timeTravelLogImplementations, options),
    keyedMatches: ladder,
    audit: openLogReader(store, pool, auditLogImplementations, options),
    recordedKeys: ladder,
  };
}

/** A store and the log readers that go with it, over a log no one else writes while a test runs. */
export interface LogReadersHarness {
  store: EventStore;
  readers: EventLogReaders;
  /** The stream the readers take for the ladder's ('ladder' on a fresh PostgreSQL log). */
  ladderStream: string;
  /** Put before the other streams' names, so each run's are new on a log that cannot be emptied. */
  streamPrefix: string;
  /** The readers' clock-skew margin (0 on PostgreSQL, which needs none). */
  clockSkewMs: number;
  teardown(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const context = (recordedAt: Date): AppendContext => ({ correlationId: randomUUID(), actor: 'admin', recordedAt });
const event = (type: string, data: unknown): NewEvent => ({ id: randomUUID(), type, data });
const match = (matchId: number, idempotencyKey: string | null = null) => event('MatchRecorded', { matchId, idempotencyKey });
const noFilter: AuditFilter = { types: [], stream: null, playerId: null, keyId: null, from: null, to: null, text: null, before: null, limit: 50 };

/**
 * What the log's own readers (time travel, idempotency window, audit, demo keys) must answer,
 * whichever log they read: run by each adapter's spec with its readers.
 */
export function logReadersContract(name: string, createHarness: () => Promise<LogReadersHarness>): void {
  describe(`${name} (log readers contract)`, () => {
    let h: LogReadersHarness;
    beforeEach(async () => {
      h = await createHarness();
    });
    afterEach(() => h.teardown());

    /** Appends one event; its position. */
    const append = async (stream: string, newEvent: NewEvent, recordedAt = new Date()) =>
      (await h.store.append(stream, [newEvent], 'any', context(recordedAt))).lastPosition;

    test('time travel: head, ladder events by revision up to a position, matches by position', async () => {
      const m1 = await append(h.ladderStream, match(1));
      await append(`${h.streamPrefix}elsewhere`, event('Noted', {}));
      const merged = await append(h.ladderStream, event('PlayersMerged', { primaryId: 1, duplicateId: 2 }));
      const m2 = await append(h.ladderStream, match(2));
      const log = h.readers.timeTravel;
      expect(await log.head()).toBe(await h.store.headPosition());
      expect(await log.head()).toBe(m2);

      const all = await log.ladderEvents(-1, m2, 10);
      expect(all.map((row) => [row.revision, row.position, row.type])).toEqual([
        [0, m1, 'MatchRecorded'],
        [1, merged, 'PlayersMerged'],
        [2, m2, 'MatchRecorded'],
      ]);
      expect(all[0]!.data).toEqual({ matchId: 1, idempotencyKey: null });
      expect((await log.ladderEvents(0, merged, 10)).map((row) => row.revision)).toEqual([1]);
      expect((await log.ladderEvents(-1, m2, 2)).map((row) => row.revision)).toEqual([0, 1]);

      const matches = await log.matches([m2, merged, m1]);
      expect([...matches.keys()].sort()).toEqual([1, 2]);
      expect(matches.get(2)).toEqual({ matchId: 2, idempotencyKey: null });
      expect((await log.matches([])).size).toBe(0);
    });

    test('time travel: the last position recorded at a time', async () => {
      // Older events (a KurrentDB log is never empty) were written before this margin.
      await sleep(h.clockSkewMs + 100);
      const first = await append(h.ladderStream, match(1));
      await sleep(50);
      const between = Date.now();
      await sleep(50);
      const second = await append(h.ladderStream, match(2));
      const point = await h.readers.timeTravel.lastPositionAt(between);
      expect(point).not.toBeNull();
      expect(point!).toBeGreaterThanOrEqual(first);
      expect(point!).toBeLessThan(second);
      expect(await h.readers.timeTravel.lastPositionAt(Date.now() + 1000)).toBeNull();
    });

    test('idempotency window: keyed matches recorded after a time, up to a revision, oldest first', async () => {
      const now = Date.now();
      const hoursAgo = (hours: number) => new Date(now - hours * 3_600_000);
      await append(h.ladderStream, match(1, 'old'), hoursAgo(3));
      await append(h.ladderStream, match(2), hoursAgo(1));
      const b = await append(h.ladderStream, match(3, 'b'), hoursAgo(1));
      await append(h.ladderStream, event('PlayersMerged', { primaryId: 1, duplicateId: 2 }), hoursAgo(0.75));
      const c = await append(h.ladderStream, match(4, 'c'), hoursAgo(0.5));
      await append(`${h.streamPrefix}elsewhere`, event('MatchRecorded', { matchId: 9, idempotencyKey: 'not-ladder' }), hoursAgo(0.5));

      const found = await h.readers.keyedMatches.keyedMatchesSince(hoursAgo(2), 4);
      expect(found.map((m) => [m.position, m.data.idempotencyKey])).toEqual([
        [b, 'b'],
        [c, 'c'],
      ]);
      expect((await h.readers.keyedMatches.keyedMatchesSince(hoursAgo(2), 3)).map((m) => m.data.idempotencyKey)).toEqual(['b']);
      expect(await h.readers.keyedMatches.keyedMatchesSince(hoursAgo(0.25), 4)).toEqual([]);
    });

    test('recorded keys: the keys with a prefix recorded on the ladder (a demo seed, an import)', async () => {
      for (const key of ['demo-7-0', 'demo-8-0', 'demo-7-1', null, 'demo-70-1', 'import:a_%', 'importer']) await append(h.ladderStream, match(1, key));
      expect(await h.readers.recordedKeys.recordedKeys('demo-7-')).toEqual(new Set(['demo-7-0', 'demo-7-1']));
      expect(await h.readers.recordedKeys.recordedKeys('demo-9-')).toEqual(new Set());
      expect(await h.readers.recordedKeys.recordedKeys('import:')).toEqual(new Set(['import:a_%']));
    });

    describe('audit', () => {
      // Type names of this run only (letters only, as the audit filter accepts).
      const suffix = () => randomUUID().replace(/[^a-f]/g, '').slice(0, 8);
      let types: { scored: string; merged: string; edited: string };
      let positions: number[];
      let t0: number;
      let streamA: string;
      let streamB: string;
      const list = (filter: Partial<AuditFilter>) => h.readers.audit.list({ ...noFilter, ...filter });
      const ours = () => [types.scored, types.merged, types.edited];

      beforeEach(async () => {
        const s = suffix();
        types = { scored: `ProbeScored${s}`, merged: `ProbeMerged${s}`, edited: `ProbeEdited${s}` };
        streamA = `${h.streamPrefix}audit-a`;
        streamB = `${h.streamPrefix}audit-b`;
        t0 = Date.now();
        const at = (seconds: number) => new Date(t0 - seconds * 1000);
        positions = [
          await append(streamA, event(types.scored, { playerId: 1, note: 'first' }), at(40)),
          await append(streamA, event(types.merged, { primaryId: 7, duplicateId: 1 }), at(30)),
          await append(streamB, event(types.edited, { text: 'Welcome home' }), at(20)),
          await append(streamB, event(types.scored, { playerId: 2 }), at(10)),
        ];
      });
      const newestFirst = (...indexes: number[]) => indexes.map((i) => positions[i]);
      const positionsOf = async (filter: Partial<AuditFilter>) => (await list(filter)).events.map((e) => e.position);

      test('newest first, with the entry of each event', async () => {
        const page = await list({ limit: 4 });
        expect(page.events.map((e) => e.position)).toEqual(newestFirst(3, 2, 1, 0));
        expect(page.events[3]).toMatchObject({
          type: types.scored,
          streamId: streamA,
          revision: 0,
          actor: 'admin',
          recordedAt: new Date(t0 - 40_000).toISOString(),
          links: { playerIds: [1] },
          data: { playerId: 1, note: 'first' },
          metadata: { type: types.scored, actor: 'admin' },
        });
      });

      test('filters by type, stream, player, time and text', async () => {
        expect(await positionsOf({ types: [types.merged, types.scored] })).toEqual(newestFirst(3, 1, 0));
        expect(await positionsOf({ stream: streamB })).toEqual(newestFirst(3, 2));
        expect(await positionsOf({ stream: streamB, types: [types.edited] })).toEqual(newestFirst(2));
        expect(await positionsOf({ types: ours(), playerId: 7 })).toEqual(newestFirst(1));
        expect(await positionsOf({ types: ours(), playerId: 1 })).toEqual(newestFirst(1, 0));
        const from = new Date(t0 - 35_000);
        const to = new Date(t0 - 15_000);
        expect(await positionsOf({ types: ours(), from, to })).toEqual(newestFirst(2, 1));
        expect(await positionsOf({ types: ours(), text: 'WELCOME' })).toEqual(newestFirst(2));
        expect(await positionsOf({ stream: streamA, text: 'probemerged' })).toEqual(newestFirst(1));
        expect(await positionsOf({ types: ours(), text: 'nowhere' })).toEqual([]);
      });

      test('pages with the cursor', async () => {
        const first = await list({ types: ours(), limit: 3 });
        expect(first.events.map((e) => e.position)).toEqual(newestFirst(3, 2, 1));
        expect(first.nextCursor).toBe(positions[1]);
        const second = await list({ types: ours(), limit: 3, before: first.nextCursor });
        expect(second.events.map((e) => e.position)).toEqual(newestFirst(0));
        expect(second.nextCursor).toBeNull();
        expect(await positionsOf({ stream: streamB, before: positions[3]! })).toEqual(newestFirst(2));
      });
    });
  });
}
