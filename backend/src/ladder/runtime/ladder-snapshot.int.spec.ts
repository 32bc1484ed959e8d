import type { EventStore } from '@team/contracts';
import { until } from '@test-support/until.js';
import { EVENT_STORE, LOGGER } from '../../infrastructure/tokens.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { LadderRepository } from './ladder.repository.js';
import { serializeState, SNAPSHOT_VERSION } from '../ladder.snapshot.js';
import { LadderSnapshotStore } from '../ladder-snapshot-store.js';

const match = (winner: string, loser: string) => ({
  winningTeam: 'team1',
  team1: [{ discordId: winner, username: winner.toUpperCase(), kills: 0, deaths: 0, assists: 0, score: 0 }],
  team2: [{ discordId: loser, username: loser.toUpperCase(), kills: 0, deaths: 0, assists: 0, score: 0 }],
});

describe('ladder state snapshots', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  test('a restarted ladder starts from the snapshot plus the events after it, and decides the same', async () => {
    const repository = app.running.app.get(LadderRepository);
    repository.snapshotEvery = 3;
    for (const [w, l] of [['a', 'b'], ['b', 'c'], ['c', 'a'], ['a', 'c']]) {
      expect((await app.call('POST', '/api/matches', { json: match(w!, l!) })).status).toBe(201);
    }
    // Written in the background after the third event; the fourth is only in the log.
    const row = await until(() => app.knex('public.ladder_snapshots').first(), (found) => found !== undefined);
    expect(row.revision).toBe(2);

    const fresh = new LadderRepository(app.running.app.get<EventStore>(EVENT_STORE), app.running.app.get(LOGGER), app.knex);
    const [loaded, live] = await Promise.all([fresh.read(serializeState), repository.read(serializeState)]);
    expect(fresh.currentRevision).toBe(3);
    expect(loaded).toEqual(live);
    // Binary lines beside the JSON (docs/performance.md, "Scale curve"): 12 bytes a line.
    expect(row.version).toBe(SNAPSHOT_VERSION);
    expect(Buffer.isBuffer(row.lines)).toBe(true);
    // Each player's 13 numbers (id, merged-into, line count, six totals, one rating, no resets), then its two lines.
    expect(row.lines.byteLength).toBe(3 * 13 * 8 + 3 * 2 * 12);
    // The JSON holds the names, not the lines.
    expect(JSON.parse(row.state)).toMatchObject({ username: ['A', 'B', 'C'], numbers: 3 * 13 });

    // It really starts from the snapshot: a marked one shows through.
    const marked = JSON.stringify({ ...JSON.parse(row.state), nextMatchId: 999 });
    await app.knex('public.ladder_snapshots').update({ state: marked });
    const fromMarked = new LadderRepository(app.running.app.get<EventStore>(EVENT_STORE), app.running.app.get(LOGGER), app.knex);
    expect(await fromMarked.read((state) => state.nextMatchId)).toBe(999);

    // A snapshot of another version is ignored: the state is folded from the log.
    await app.knex('public.ladder_snapshots').update({ version: 999 });
    const again = new LadderRepository(app.running.app.get<EventStore>(EVENT_STORE), app.running.app.get(LOGGER), app.knex);
    expect(await again.read(serializeState)).toEqual(live);
  });

  test('a snapshot of the last version, four JSON arrays of lines a player, is ignored: the state is folded from the log', async () => {
    const repository = app.running.app.get(LadderRepository);
    const live = await repository.read(serializeState);
    const players = (await repository.read((state) => [...state.players.values()])).map((p) => [
      p.id, p.discordId, p.discordIds, p.username, p.mergedInto, [...p.ratings.entries()],
      p.lines.matchIds(), [...p.lines].map((l) => l.pool), [...p.lines].map((l) => l.change), [...p.lines].map((l) => l.recordedAs),
      [p.totals.wins, p.totals.losses, p.totals.kills, p.totals.deaths, p.totals.assists, p.totals.score], [], [],
    ]);
    // As version 4 wrote it, with a mark that would show through if it were read.
    const v4 = JSON.stringify({ nextPlayerId: 999, nextMatchId: 999, players, voided: [], matchPositions: [0], reverted: [], seasons: [] });
    await app.knex('public.ladder_snapshots').update({ version: 4, state: v4, lines: null, revision: 3 });
    expect(await new LadderSnapshotStore(app.knex).load()).toBeNull();
    const fresh = new LadderRepository(app.running.app.get<EventStore>(EVENT_STORE), app.running.app.get(LOGGER), app.knex);
    expect(await fresh.read(serializeState)).toEqual(live);
    expect(await fresh.read((state) => state.nextMatchId)).not.toBe(999);
  });

  test("the lines come as COPY's binary, as stored, for the latest and the kept snapshots: no query reads them as text", async () => {
    const repository = app.running.app.get(LadderRepository);
    const live = await repository.read(serializeState);
    const revision = repository.currentRevision;
    const store = new LadderSnapshotStore(app.knex);
    await store.save(revision, live);
    // node-postgres would receive them as hex text of twice their size and decode them whole.
    const queries: string[] = [];
    const seen = (query: { sql: string }) => queries.push(query.sql);
    app.knex.on('query', seen);
    let loaded: Awaited<ReturnType<LadderSnapshotStore['load']>>;
    try {
      loaded = await store.load();
    } finally {
      app.knex.off('query', seen);
    }
    expect(loaded?.revision).toBe(revision);
    expect(serializeState(loaded!.state)).toEqual(live);
    expect(queries.some((sql) => /select/i.test(sql))).toBe(true);
    expect(queries.filter((sql) => /\blines\b/.test(sql))).toEqual([]);
    // Uncompressed, as it was written; kept ones are compressed, and COPY decompresses them once.
    const stored = await app.knex.raw(
      `SELECT a.attstorage, pg_column_compression(s.lines) AS compression FROM public.ladder_snapshots s, pg_attribute a
        WHERE a.attrelid = 'public.ladder_snapshots'::regclass AND a.attname = 'lines'`,
    );
    expect(stored.rows[0]).toEqual({ attstorage: 'e', compression: null });

    // Lines long enough to be compressed and stored out of line, read back whole.
    const long = new Uint8Array(3_000_000).map((_, i) => (i * 7) % 251);
    await store.keep({ position: 1_000_000, revision, state: live.state, lines: long, extras: '{}' });
    const kept = await store.nearest(1_000_000);
    expect(kept).toMatchObject({ position: 1_000_000, revision, state: live.state, extras: '{}' });
    expect(Buffer.from(kept!.lines).equals(Buffer.from(long))).toBe(true);
    expect((await app.knex.raw(`SELECT pg_column_compression(lines) AS c FROM public.ladder_time_travel_snapshots WHERE position = 1000000`)).rows[0].c).not.toBeNull();
  });

  test('a kept row without lines reads as empty lines, and no row as none', async () => {
    const store = new LadderSnapshotStore(app.knex);
    await store.keep({ position: 2_000_000, revision: 1, state: '{}', lines: new Uint8Array([1, 2, 3]), extras: '{}' });
    await app.knex('public.ladder_time_travel_snapshots').where({ position: 2_000_000 }).update({ lines: null });
    expect((await store.nearest(2_000_000))?.lines.byteLength).toBe(0);
    expect(await store.nearest(-5)).toBeNull();
  });

  test('processes keeping the same point, or saving a first snapshot, at once all succeed, and one row stands', async () => {
    const repository = app.running.app.get(LadderRepository);
    const live = await repository.read(serializeState);
    const revision = repository.currentRevision;
    const stores = Array.from({ length: 4 }, () => new LadderSnapshotStore(app.knex));
    const kept = { position: 3_000_000, revision, state: live.state, lines: live.lines, extras: '{}' };
    await expect(Promise.all(stores.map((store) => store.keep(kept)))).resolves.toBeDefined();
    expect(await app.knex('public.ladder_time_travel_snapshots').where({ position: 3_000_000 }).count({ n: '*' })).toEqual([{ n: 1 }]);
    await app.knex('public.ladder_snapshots').delete();
    await expect(Promise.all(stores.map((store) => store.save(revision, live)))).resolves.toBeDefined();
    expect(await app.knex('public.ladder_snapshots').count({ n: '*' })).toEqual([{ n: 1 }]);
    expect(serializeState((await stores[0]!.load())!.state)).toEqual(live);
  });
});
