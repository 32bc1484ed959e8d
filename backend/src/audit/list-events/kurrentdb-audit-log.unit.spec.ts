import { randomUUID } from 'node:crypto';
import { KurrentDBEventStore } from '../../event-store/kurrentdb/kurrentdb-event-store.js';
import { FakeKurrentClient } from '../../event-store/kurrentdb/testing/fake-kurrent-client.js';
import { InvalidInputError } from '../../shared/domain-errors.js';
import { KurrentAuditLog } from './kurrentdb-audit-log.js';
import type { AuditFilter } from './list-events.query.js';

// The KurrentDB audit log's own bounds, on a STUBBED KurrentDB client (no server). What it
// shares with the PostgreSQL audit is the log-readers contract (event-store/testing).

const filter = (overrides: Partial<AuditFilter>): AuditFilter => ({
  types: [], stream: null, playerId: null, keyId: null, from: null, to: null, text: null, before: null, limit: 10, ...overrides,
});

describe('KurrentAuditLog bounds (stubbed KurrentDB client)', () => {
  let client: FakeKurrentClient;
  let store: KurrentDBEventStore;
  let positions: number[];
  beforeEach(async () => {
    client = new FakeKurrentClient();
    store = new KurrentDBEventStore(client);
    positions = [];
    for (const text of ['needle', 'hay', 'hay', 'hay', 'hay']) {
      const appended = await store.append('notes', [{ id: randomUUID(), type: 'Noted', data: { text } }], 'any', {
        correlationId: 'c',
        actor: 'admin',
        recordedAt: new Date(),
      });
      positions.push(appended.lastPosition);
    }
  });
  afterEach(() => store.close());

  test('a page stops after the scan bound with a cursor at the last event read, and the next goes on from it', async () => {
    const audit = new KurrentAuditLog(store.log, { scanLimit: 3 });
    const first = await audit.list(filter({ text: 'needle' }));
    expect(first).toEqual({ events: [], nextCursor: positions[2] });
    const second = await audit.list(filter({ text: 'needle', before: first.nextCursor }));
    expect(second.events.map((e) => e.position)).toEqual([positions[0]]);
    expect(second.nextCursor).toBeNull();
  });

  test('a `from` time ends the read at the events written before it, less the clock-skew margin', async () => {
    client.add({ streamId: 'notes', id: randomUUID(), type: 'Noted', data: { text: 'needle' }, metadata: { recordedAt: new Date().toISOString(), actor: 'admin', correlationId: 'c', schemaVersion: 1 }, created: new Date(0) });
    const audit = new KurrentAuditLog(store.log, { scanLimit: 3, clockSkewMs: 1000 });
    // The oldest-written event sits newest in the log here, so the read stops at once.
    const page = await audit.list(filter({ from: new Date(Date.now() - 60_000) }));
    expect(page).toEqual({ events: [], nextCursor: null });
  });

  test('a cursor KurrentDB refuses to read $all from is bad input (400), an unreachable store is not', async () => {
    const audit = new KurrentAuditLog(store.log);
    client.failReads = Object.assign(new Error('invalid position'), { type: 'unknown' });
    await expect(audit.list(filter({ before: 12345 }))).rejects.toBeInstanceOf(InvalidInputError);
    client.failReads = Object.assign(new Error('down'), { type: 'unavailable' });
    await expect(audit.list(filter({ before: 12345 }))).rejects.toMatchObject({ name: 'EventStoreUnavailableError' });
  });
});
