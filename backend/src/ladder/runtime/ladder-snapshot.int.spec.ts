import type { EventStore } from '@team/contracts';
import { until } from '@test-support/until.js';
import { EVENT_STORE, LOGGER } from '../../infrastructure/tokens.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { LadderRepository } from './ladder.repository.js';
import { serializeState } from '../ladder.snapshot.js';

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
    expect(loaded).toBe(live);

    // It really starts from the snapshot: a marked one shows through.
    const marked = JSON.stringify({ ...JSON.parse(row.state), nextMatchId: 999 });
    await app.knex('public.ladder_snapshots').update({ state: marked });
    const fromMarked = new LadderRepository(app.running.app.get<EventStore>(EVENT_STORE), app.running.app.get(LOGGER), app.knex);
    expect(await fromMarked.read((state) => state.nextMatchId)).toBe(999);

    // A snapshot of another version is ignored: the state is folded from the log.
    await app.knex('public.ladder_snapshots').update({ version: 999 });
    const again = new LadderRepository(app.running.app.get<EventStore>(EVENT_STORE), app.running.app.get(LOGGER), app.knex);
    expect(await again.read(serializeState)).toBe(live);
  });
});
