import { randomUUID } from 'node:crypto';
import {
  WrongExpectedRevisionError,
  type AppendContext,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from '@team/contracts';

/**
 * What an adapter's spec provides: fresh stores over one log that no one else writes while a
 * test runs. The log may hold older events (KurrentDB's $all cannot be emptied): the tests read
 * from its head at their start, and name their streams with `streamPrefix` so each run's are new.
 */
export interface EventStoreHarness {
  /** A store on its own connection(s); the harness closes them in `teardown`. */
  open(): Promise<EventStore>;
  teardown(): Promise<void>;
  /** Put before every stream name; default none (a fresh, empty log). */
  streamPrefix?: string;
}

const context = (overrides: Partial<AppendContext> = {}): AppendContext => ({
  correlationId: randomUUID(),
  actor: 'public',
  recordedAt: new Date('2026-01-02T03:04:05.000Z'),
  ...overrides,
});

const event = (type = 'Tested', data: unknown = { n: 1 }): NewEvent => ({ id: randomUUID(), type, data });

/**
 * The behaviour every event store adapter must show. Call it from an adapter's
 * `.int.spec.ts` with a harness that opens stores on an empty log.
 */
export function eventStoreContract(name: string, createHarness: () => Promise<EventStoreHarness>): void {
  describe(`${name} (event store contract)`, () => {
    let harness: EventStoreHarness;
    let store: EventStore;
    /** The head when the test started: 0 on an empty log. */
    let start: number;
    const stream = (name: string) => `${harness.streamPrefix ?? ''}${name}`;

    beforeEach(async () => {
      harness = await createHarness();
      store = await harness.open();
      start = await store.headPosition();
    });
    afterEach(async () => {
      await harness.teardown();
    });

    test('appends to a new stream and reads it back with metadata', async () => {
      const ctx = context({ actor: 'admin', fingerprint: 'abc' });
      const first = event('MatchRecorded', { matchId: 1 });
      const result = await store.append(stream('ladder'), [first, event()], 'no_stream', ctx);
      expect(result.nextExpectedRevision).toBe(1);
      expect(result.positions).toHaveLength(2);
      expect(result.positions[1]).toBeGreaterThan(result.positions[0]!);
      expect(result.lastPosition).toBe(result.positions[1]);

      const read = await store.readStream(stream('ladder'));
      expect(read.map((e) => e.revision)).toEqual([0, 1]);
      expect(read[0]).toMatchObject({
        streamId: stream('ladder'),
        id: first.id,
        type: 'MatchRecorded',
        data: { matchId: 1 },
        position: result.positions[0],
        metadata: {
          eventId: first.id,
          type: 'MatchRecorded',
          schemaVersion: 1,
          recordedAt: '2026-01-02T03:04:05.000Z',
          correlationId: ctx.correlationId,
          actor: 'admin',
          fingerprint: 'abc',
        },
      });
    });

    test('each event may carry its own audit context', async () => {
      const own = context({ actor: 'admin', correlationId: 'own-request' });
      await store.append(stream('s'), [event(), { ...event(), context: own }], 'no_stream', context({ correlationId: 'batch' }));
      const [first, second] = await store.readStream(stream('s'));
      expect(first!.metadata).toMatchObject({ correlationId: 'batch', actor: 'public' });
      expect(second!.metadata).toMatchObject({ correlationId: 'own-request', actor: 'admin' });
    });

    test('rejects a wrong expected revision with a typed error and appends nothing', async () => {
      await store.append(stream('s'), [event()], 'no_stream', context());
      await expect(store.append(stream('s'), [event()], 'no_stream', context())).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      const error = await store.append(stream('s'), [event()], 5, context()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect((error as WrongExpectedRevisionError).actual).toBe(0);
      expect(await store.readStream(stream('s'))).toHaveLength(1);
      expect(await store.headPosition()).toBe((await store.readStream(stream('s')))[0]!.position);
    });

    test('appends at the expected revision, and anywhere with "any"', async () => {
      await store.append(stream('s'), [event()], 'no_stream', context());
      const second = await store.append(stream('s'), [event()], 0, context());
      expect(second.nextExpectedRevision).toBe(1);
      const third = await store.append(stream('s'), [event()], 'any', context());
      expect(third.nextExpectedRevision).toBe(2);
      expect((await store.readStream(stream('s'), 1)).map((e) => e.revision)).toEqual([1, 2]);
    });

    test('a retried append with the same event ids does not duplicate', async () => {
      const events = [event(), event()];
      const first = await store.append(stream('s'), events, 'no_stream', context());
      const again = await store.append(stream('s'), events, 'no_stream', context());
      expect(again.positions).toEqual(first.positions);
      expect(await store.readStream(stream('s'))).toHaveLength(2);
    });

    test('of concurrent appends at one expected revision exactly one wins', async () => {
      await store.append(stream('s'), [event()], 'no_stream', context());
      const other = await harness.open();
      const outcomes = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) => (i % 2 ? other : store).append(stream('s'), [event()], 0, context())),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      for (const o of outcomes) {
        if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(WrongExpectedRevisionError);
      }
      expect(await store.readStream(stream('s'))).toHaveLength(2);
    });

    test('readAll pages through the global log in order', async () => {
      for (let i = 0; i < 7; i++) await store.append(stream(`s-${i % 3}`), [event('T', { i })], 'any', context());
      const seen: RecordedEvent[] = [];
      let after = start;
      for (;;) {
        const batch = await store.readAll(after, 3);
        if (batch.length === 0) break;
        expect(batch.length).toBeLessThanOrEqual(3);
        seen.push(...batch);
        after = batch[batch.length - 1]!.position;
      }
      expect(seen.map((e) => (e.data as { i: number }).i)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(await store.headPosition()).toBe(after);
      expect(await store.readAll(after, 10)).toEqual([]);
    });

    test('wakes listeners when events are appended', async () => {
      const woken = new Promise<void>((resolve) => {
        const stop = store.onAppended(() => {
          stop();
          resolve();
        });
      });
      // Give a LISTEN a moment to be registered before the append.
      await new Promise((r) => setTimeout(r, 100));
      await store.append(stream('s'), [event()], 'any', context());
      await expect(woken).resolves.toBeUndefined();
    });

    test('a reader tailing the log during many concurrent appenders sees every event once, in order', async () => {
      const appenders = await Promise.all(Array.from({ length: 6 }, () => harness.open()));
      const perAppender = 40;
      let done = false;
      const read: RecordedEvent[] = [];
      const tail = (async () => {
        let after = start;
        for (;;) {
          const finished = done;
          const batch = await store.readAll(after, 17);
          read.push(...batch);
          if (batch.length > 0) after = batch[batch.length - 1]!.position;
          else if (finished) return;
        }
      })();
      const appended = await Promise.all(
        appenders.map(async (appender, a) => {
          const ids: string[] = [];
          for (let i = 0; i < perAppender; i++) {
            const events = [event('T', { a, i }), event('T', { a, i, second: true })];
            await appender.append(stream(`stream-${a}-${i % 4}`), events, 'any', context());
            ids.push(...events.map((e) => e.id));
          }
          return ids;
        }),
      );
      done = true;
      await tail;
      const committed = new Set(appended.flat());
      expect(read).toHaveLength(committed.size);
      expect(new Set(read.map((e) => e.id))).toEqual(committed);
      for (let i = 1; i < read.length; i++) expect(read[i]!.position).toBeGreaterThan(read[i - 1]!.position);
    });
  });
}
