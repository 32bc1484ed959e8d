import { createTestDatabase, type TestDatabase } from '@test-support/database.js';
import type { RecordMatchRequest } from '@team/contracts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { LadderTimeTravel } from './ladder-time-travel.js';

// Found by the scale bench (issue 44): every start folded time travel's newest kept snapshot to
// the head in the background, restoring a whole ladder state (its size grows with the log) even
// when no point between them was to be kept. A start now folds only once the ladder has reached
// the next point to keep.

const match = (i: number): RecordMatchRequest => ({
  winningTeam: i % 2 ? 'team1' : 'team2',
  team1: [{ discordId: `keep-${i % 4}`, username: `Keeper ${i % 4}`, kills: 3, deaths: 2, assists: 1, score: 300 }],
  team2: [{ discordId: `keep-${(i % 4) + 4}`, username: `Keeper ${(i % 4) + 4}`, kills: 2, deaths: 3, assists: 0, score: 200 }],
});

describe('time travel keeping its snapshots up at start', () => {
  let db: TestDatabase;
  let app: TestApp | null = null;
  const env = { TIME_TRAVEL_SNAPSHOT_EVERY: '2' };
  const start = async () => {
    app = await startTestApp(env, db);
    const travel = app.running.app.get(LadderTimeTravel);
    await travel.whenKeptUp();
    return travel;
  };
  const stop = async () => {
    await app?.close();
    app = null;
  };
  const record = async (count: number) => {
    for (let i = 0; i < count; i++) expect((await app!.call('POST', '/api/matches', { json: match(i) })).status).toBe(201);
  };
  const keptRevisions = async () => (await app!.knex('public.ladder_time_travel_snapshots').select('revision').orderBy('revision')).map((row) => Number(row.revision));

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await stop();
    await db.drop();
  });

  test('a restart with every point kept folds nothing; one past the next point folds from the newest kept snapshot', async () => {
    await start();
    await record(5);
    await stop();
    // The first start after these five ladder events keeps the points after revisions 1 and 3.
    expect((await start()).keptUp).toEqual(expect.objectContaining({ fromPosition: 0, eventsRead: 5 }));
    expect(await keptRevisions()).toEqual([1, 3]);
    await stop();

    // Revision 4 is the head and the next point is after revision 5: nothing to keep, nothing folded.
    expect((await start()).keptUp).toBeNull();
    await record(1);
    await stop();

    const travel = await start();
    expect(travel.keptUp).toEqual(expect.objectContaining({ eventsRead: 2 }));
    expect(await keptRevisions()).toEqual([1, 3, 5]);
  });
});
