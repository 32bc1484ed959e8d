import { randomUUID } from 'node:crypto';
import { KurrentDBEventStore } from '../../event-store/kurrentdb/kurrentdb-event-store.js';
import { FakeKurrentClient } from '../../../test/support/event-store/kurrentdb/fake-kurrent-client.js';
import { InvalidInputError } from '../../shared/domain-errors.js';
import { KurrentAuditLog } from './kurrentdb-audit-log.js';
import type { AuditFilter } from './list-events.query.js';

// The KurrentDB audit log's own bounds and its match and player references in the text search,
// on a STUBBED KurrentDB client (no server). What it shares with the PostgreSQL audit is the
// log-readers contract (event-store/testing); audit.int.spec.ts searches PostgreSQL the same way.

const filter = (overrides: Partial<AuditFilter>): AuditFilter => ({
  types: [], stream: null, playerId: null, keyId: null, from: null, to: null, text: null, before: null, limit: 10, ...overrides,
});

describe('KurrentAuditLog (stubbed KurrentDB client)', () => {
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

  test('"Match #N" finds the match\'s recorded and voided events, "Player #N" the player\'s, beside the plain text', async () => {
    const context = { correlationId: 'c', actor: 'admin' as const, recordedAt: new Date() };
    const ladder = [
      { type: 'MatchRecorded', data: { matchId: 300, participants: [{ playerId: 12 }] } },
      { type: 'MatchRecorded', data: { matchId: 3000, participants: [{ playerId: 4 }] } },
      { type: 'PlayersMerged', data: { primaryId: 7, duplicateId: 12, movedMatchIds: [300] } },
      { type: 'MatchVoided', data: { matchId: 300, reason: 'Wrong lobby', participants: [{ playerId: 7 }] } },
    ];
    const at: Record<string, number> = {};
    for (const [index, event] of ladder.entries()) {
      at[index] = (await store.append('ladder', [{ id: randomUUID(), ...event }], 'any', context)).lastPosition;
    }
    const audit = new KurrentAuditLog(store.log);
    const found = async (text: string) => (await audit.list(filter({ text }))).events.map((e) => e.position);
    for (const text of ['Match #300', 'match 300']) expect(await found(text)).toEqual([at[3], at[0]]);
    expect(await found('#300')).toEqual([at[3], at[0]]);
    expect(await found('Player #12')).toEqual([at[2], at[0]]);
    expect(await found('#7')).toEqual([at[3], at[2]]);
    expect(await found('Wrong lobby')).toEqual([at[3]]);
  });

  test('a cursor KurrentDB refuses to read $all from is bad input (400), an unreachable store is not', async () => {
    const audit = new KurrentAuditLog(store.log);
    client.failReads = Object.assign(new Error('invalid position'), { type: 'unknown' });
    await expect(audit.list(filter({ before: 12345 }))).rejects.toBeInstanceOf(InvalidInputError);
    client.failReads = Object.assign(new Error('down'), { type: 'unavailable' });
    await expect(audit.list(filter({ before: 12345 }))).rejects.toMatchObject({ name: 'EventStoreUnavailableError' });
  });
});
