import type { EventStore } from '@team/contracts';
import { until } from '@test-support/until.js';
import { loadConfig } from '../config.js';
import { EVENT_STORE, LOGGER } from '../infrastructure/tokens.js';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';
import { LadderRepository } from './runtime/ladder.repository.js';

const match = (winner: string, loser: string) => ({
  winningTeam: 'team1',
  team1: [{ discordId: winner, username: winner.toUpperCase(), kills: 0, deaths: 0, assists: 0, score: 0 }],
  team2: [{ discordId: loser, username: loser.toUpperCase(), kills: 0, deaths: 0, assists: 0, score: 0 }],
});

describe('Idempotency-Key answers across snapshots and restarts', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  /** The snapshot is written in the background: waits for it, with a busy machine's margin. */
  const waitForSnapshot = async (revision: number) => {
    const row = await until(() => app.knex('public.ladder_snapshots').first(), (found) => found !== undefined && found.revision >= revision, 15_000, 20);
    if (!row || row.revision < revision) throw new Error(`no snapshot at revision ${revision}`);
    return row;
  };
  /** A second ladder on the same database, as a restarted process would load it. */
  const restarted = (now: Date, env: Record<string, string> = {}) =>
    new LadderRepository(
      app.running.app.get<EventStore>(EVENT_STORE),
      app.running.app.get(LOGGER),
      app.knex,
      () => now,
      loadConfig(env),
    );

  test('a snapshot holds no answers, and a ladder restarted from it still honours a key of the window', async () => {
    const repository = app.running.app.get(LadderRepository);
    repository.snapshotEvery = 3;
    const keys = ['key-1', 'key-2', 'key-3'];
    const first = [];
    for (const [i, key] of keys.entries()) {
      const response = await app.call('POST', '/api/matches', { json: match(`w${i}`, `l${i}`), headers: { 'idempotency-key': key } });
      expect(response.status).toBe(201);
      first.push(response.body);
    }
    const row = await waitForSnapshot(2);
    const snapshot = JSON.parse(row.state);
    expect(snapshot.answers ?? []).toEqual([]);
    expect(row.state).not.toContain('key-1');

    // Restarted within the window: every key answers as the first time, from the snapshot plus the window's events.
    const soon = restarted(new Date(Date.now() + 3_600_000));
    const answers = await soon.read((state) => keys.map((key) => state.answers.get(key)?.response));
    expect(answers).toEqual(first);
    // And through HTTP, on the running app, nothing new is appended for a repeat.
    const count = await app.eventCount();
    const repeat = await app.call('POST', '/api/matches', { json: match('w0', 'l0'), headers: { 'idempotency-key': 'key-1' } });
    expect(repeat.status).toBe(201);
    expect(repeat.body).toEqual(first[0]);
    expect(await app.eventCount()).toBe(count);
  });

  test('a ladder restarted after the window has no answers; a shorter IDEMPOTENCY_WINDOW_HOURS forgets sooner', async () => {
    const later = restarted(new Date(Date.now() + 25 * 3_600_000));
    expect(await later.read((state) => state.answers.size)).toBe(0);

    const withinDefault = restarted(new Date(Date.now() + 2 * 3_600_000));
    expect(await withinDefault.read((state) => state.answers.size)).toBe(3);
    const shortWindow = restarted(new Date(Date.now() + 2 * 3_600_000), { IDEMPOTENCY_WINDOW_HOURS: '1' });
    expect(await shortWindow.read((state) => state.answers.size)).toBe(0);
  });
});
