import { randomUUID } from 'node:crypto';
import { EventStoreUnavailableError, UnstorableEventError, WrongExpectedRevisionError, type AppendContext } from '@team/contracts';
import { KurrentDBEventStore } from './kurrentdb-event-store.js';
import { FakeKurrentClient } from '../../../test/support/event-store/kurrentdb/fake-kurrent-client.js';

// These tests run the adapter against a STUBBED client (testing/fake-kurrent-client.ts), not a
// KurrentDB server: they pin the adapter's own mapping. The behaviour against a real server is
// the contract suite in kurrentdb-event-store.int.spec.ts (run only with TEST_EVENTSTORE_URL).

const context: AppendContext = {
  correlationId: 'request-1',
  actor: 'admin',
  fingerprint: 'fp',
  recordedAt: new Date('2026-01-02T03:04:05.000Z'),
};
const event = (type = 'Tested', data: unknown = { n: 1 }) => ({ id: randomUUID(), type, data });
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('KurrentDBEventStore mapping (stubbed KurrentDB client, no server)', () => {
  let client: FakeKurrentClient;
  let store: KurrentDBEventStore;
  beforeEach(() => {
    client = new FakeKurrentClient();
    store = new KurrentDBEventStore(client, { pollIntervalMs: 60_000, retryMs: 5 });
  });
  afterEach(() => store.close());

  test('expected revisions map to the client stream states, and bigint revisions back to numbers', async () => {
    const first = await store.append('s', [event()], 'no_stream', context);
    const second = await store.append('s', [event(), event()], 0, context);
    await store.append('s', [event()], 'any', context);
    expect(client.appends.map((a) => a.streamState)).toEqual(['no_stream', 0n, 'any']);
    expect(first.nextExpectedRevision).toBe(0);
    expect(second.nextExpectedRevision).toBe(2);
    expect((await store.readStream('s', 2)).map((e) => e.revision)).toEqual([2, 3]);
  });

  test('an append answers the positions of its events, read back from the stream (commit positions)', async () => {
    const result = await store.append('s', [event(), event(), event()], 'no_stream', context);
    const stored = client.records.map((r) => Number(r.position.commit));
    expect(result.positions).toEqual(stored);
    expect(result.lastPosition).toBe(stored[2]);
  });

  test('a retried append (no position in the answer) finds the original positions by id', async () => {
    const events = [event(), event()];
    await store.append('other', [event()], 'no_stream', context);
    const first = await store.append('s', events, 'no_stream', context);
    await store.append('s', [event()], 1, context);
    const again = await store.append('s', events, 'no_stream', context);
    expect(again.positions).toEqual(first.positions);
    expect(client.records.filter((r) => r.streamId === 's')).toHaveLength(3);
  });

  test('the client conflict becomes WrongExpectedRevisionError with the actual revision', async () => {
    await store.append('s', [event(), event()], 'no_stream', context);
    const error = await store.append('s', [event()], 7, context).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongExpectedRevisionError);
    expect(error).toMatchObject({ streamId: 's', expected: 7, actual: 1 });
    const none = await store.append('fresh', [event()], 3, context).catch((e: unknown) => e);
    expect(none).toMatchObject({ name: 'WrongExpectedRevisionError', actual: -1 });
  });

  test('unreachable, deadline and not-leader errors become EventStoreUnavailableError; others pass through', async () => {
    for (const failure of [
      Object.assign(new Error('14 UNAVAILABLE: No connection established'), { code: 14 }),
      Object.assign(new Error('deadline'), { type: 'deadline-exceeded' }),
      Object.assign(new Error('not leader'), { type: 'not-leader' }),
    ]) {
      client.failNextAppend = failure;
      const error = await store.append('s', [event()], 'any', context).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EventStoreUnavailableError);
      expect((error as EventStoreUnavailableError).cause).toBe(failure);
    }
    client.failReads = Object.assign(new Error('unavailable'), { type: 'unavailable' });
    await expect(store.readAll(0, 10)).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await expect(store.headPosition()).rejects.toBeInstanceOf(EventStoreUnavailableError);
    client.failReads = new Error('access denied');
    await expect(store.readStream('s')).rejects.toThrow('access denied');
  });

  test('metadata round trip: ours is stored without what KurrentDB keeps itself, and read back whole', async () => {
    const written = event('MatchRecorded', { matchId: 4 });
    await store.append('ladder', [written, { ...event(), context: { ...context, actor: 'public', correlationId: 'own', clientCorrelationId: 'theirs' } }], 'no_stream', context);
    expect(client.appends[0]!.events[0]).toMatchObject({ id: written.id, type: 'MatchRecorded', contentType: 'application/json' });
    expect(client.appends[0]!.events[0]!.metadata).toEqual({
      schemaVersion: 1,
      recordedAt: '2026-01-02T03:04:05.000Z',
      correlationId: 'request-1',
      actor: 'admin',
      fingerprint: 'fp',
    });
    const [first, second] = await store.readStream('ladder');
    expect(first).toEqual({
      position: Number(client.records[0]!.position.commit),
      streamId: 'ladder',
      revision: 0,
      id: written.id,
      type: 'MatchRecorded',
      data: { matchId: 4 },
      metadata: { eventId: written.id, type: 'MatchRecorded', schemaVersion: 1, recordedAt: '2026-01-02T03:04:05.000Z', correlationId: 'request-1', actor: 'admin', fingerprint: 'fp' },
    });
    expect(second!.metadata).toMatchObject({ actor: 'public', correlationId: 'own', clientCorrelationId: 'theirs' });
  });

  test('readAll is exclusive: it reads $all from {commit: after, prepare: after} and drops the event there', async () => {
    for (let i = 0; i < 5; i++) await store.append(`s-${i}`, [event('T', { i })], 'any', context);
    const all = await store.readAll(0, 10);
    expect(all.map((e) => (e.data as { i: number }).i)).toEqual([0, 1, 2, 3, 4]);
    expect(client.readAllCalls.at(-1)!.fromPosition).toBe('start');
    const after = all[1]!.position;
    const page = await store.readAll(after, 2);
    expect(page.map((e) => (e.data as { i: number }).i)).toEqual([2, 3]);
    expect(client.readAllCalls.at(-1)!.fromPosition).toEqual({ commit: BigInt(after), prepare: BigInt(after) });
    expect(await store.readAll(all[4]!.position, 10)).toEqual([]);
    expect(await store.headPosition()).toBe(all[4]!.position);
  });

  test('an event whose commit and prepare positions differ, or beyond 2^53, is refused with a clear error', async () => {
    client.add({ streamId: 's', id: randomUUID(), type: 'T', data: {}, metadata: {}, position: { commit: 5000n, prepare: 4990n } });
    await expect(store.readAll(0, 10)).rejects.toThrow(/commit position 5000 but prepare position 4990/);
    client.records.length = 0;
    const huge = 2n ** 53n + 1n;
    client.add({ streamId: 's', id: randomUUID(), type: 'T', data: {}, metadata: {}, position: { commit: huge, prepare: huge } });
    await expect(store.readStream('s')).rejects.toThrow(/beyond what a JS number holds/);
  });

  test('$all reads ask the server to leave system events out, and drop any that come anyway', async () => {
    client.add({ streamId: '$stats-127.0.0.1:2113', id: randomUUID(), type: '$statsCollected', data: {}, metadata: {} });
    await store.append('s', [event('Kept')], 'any', context);
    client.add({ streamId: '$$s', id: randomUUID(), type: '$metadata', data: {}, metadata: {} });
    client.add({ streamId: '$ce-s', id: randomUUID(), type: 'Linked', data: {}, metadata: {} });
    expect((await store.readAll(0, 10)).map((e) => e.type)).toEqual(['Kept']);
    const sent = client.readAllCalls.at(-1)!.filter!;
    expect(sent).toMatchObject({ filterOn: 'eventType' });
    const regex = new RegExp((sent as { regex: string }).regex);
    expect([regex.test('$statsCollected'), regex.test('$metadata'), regex.test('MatchRecorded')]).toEqual([false, false, true]);
    client.applyFilters = false; // a server that lets them through: the adapter still drops them
    expect((await store.readAll(0, 10)).map((e) => e.type)).toEqual(['Kept']);
    expect(await store.headPosition()).toBe(Number(client.records[1]!.position.commit));
  });

  test('an empty log has head 0; a missing stream reads as empty', async () => {
    expect(await store.headPosition()).toBe(0);
    expect(await store.readStream('nothing')).toEqual([]);
  });

  test('text PostgreSQL cannot keep is refused like the PostgreSQL adapter refuses it; ids must be UUIDs', async () => {
    const error = await store.append('s', [event(), event('T', { title: 'a\u0000b' })], 'any', context).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnstorableEventError);
    expect((error as UnstorableEventError).path).toBe('events[1].data.title');
    await expect(store.append('s', [{ id: 'not-a-uuid', type: 'T', data: {} }], 'any', context)).rejects.toThrow(/UUIDs/);
    expect(client.appends).toHaveLength(0);
  });

  test('one subscription from the end of $all wakes every listener, and is opened again when dropped', async () => {
    const woken: string[] = [];
    const stopA = store.onAppended(() => woken.push('a'));
    const stopB = store.onAppended(() => woken.push('b'));
    expect(client.subscriptions).toHaveLength(1);
    const first = client.subscriptions[0]!;
    expect(first.options.fromPosition).toBe('end');
    expect(new RegExp((first.options.filter as { regex: string }).regex).test('$statsCollected')).toBe(false);
    first.emit('data', {});
    expect(woken).toEqual(['a', 'b']);
    // The filter's checkpoints wake them too.
    woken.length = 0;
    await first.options.filter!.checkpointReached!(first as never, { commit: 1n, prepare: 1n });
    expect(woken).toEqual(['a', 'b']);

    first.emit('error', new Error('connection lost'));
    expect(first.unsubscribed).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(client.subscriptions).toHaveLength(2);
    woken.length = 0;
    client.subscriptions[1]!.emit('confirmation');
    expect(woken).toEqual(['a', 'b']);

    stopA();
    stopB();
    await flush();
    expect(client.subscriptions[1]!.unsubscribed).toBe(true);
  });

  test('close ends the subscription and disposes of the client', async () => {
    store.onAppended(() => {});
    await store.close();
    expect(client.subscriptions[0]!.unsubscribed).toBe(true);
    expect(client.disposed).toBe(true);
  });
});
