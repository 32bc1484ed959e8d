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

  test('lines read in chunks, however small, give the state they were saved from, for the latest and the kept snapshots', async () => {
    const repository = app.running.app.get(LadderRepository);
    const live = await repository.read(serializeState);
    const revision = repository.currentRevision;
    const whole = new LadderSnapshotStore(app.knex);
    await whole.save(revision, live);
    // 7 bytes a query: the lines of every player cross chunk edges.
    const chunked = new LadderSnapshotStore(app.knex, 7);
    const loaded = await chunked.load();
    expect(loaded?.revision).toBe(revision);
    expect(serializeState(loaded!.state)).toEqual(live);
    expect(await whole.load()).toEqual(loaded);
    // Uncompressed, so that a chunk reads only its own part of the value.
    const stored = await app.knex.raw(
      `SELECT a.attstorage, pg_column_compression(s.lines) AS compression FROM public.ladder_snapshots s, pg_attribute a
        WHERE a.attrelid = 'public.ladder_snapshots'::regclass AND a.attname = 'lines'`,
    );
    expect(stored.rows[0]).toEqual({ attstorage: 'e', compression: null });

    await whole.keep({ position: 1_000_000, revision, state: live.state, lines: live.lines, extras: '{}' });
    const kept = await chunked.nearest(1_000_000);
    expect(kept).toMatchObject({ position: 1_000_000, revision, state: live.state, extras: '{}' });
    expect(Buffer.from(kept!.lines).equals(Buffer.from(live.lines))).toBe(true);
  });
});
