import type { RecordMatchRequest } from '@team/contracts';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';

const matchBody: RecordMatchRequest = {
  winningTeam: 'team1',
  team1: [{ discordId: '81001', username: 'Ace', kills: 10, deaths: 4, assists: 2, score: 1500 }],
  team2: [{ discordId: '81002', username: 'Blaze', kills: 4, deaths: 10, assists: 1, score: 700 }],
};

describe('public write rate limit', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ PUBLIC_WRITES_PER_MINUTE: '2' });
  });
  afterAll(() => app.close());

  test('a third match from one address within the minute is a 429 with Retry-After, and nothing is appended', async () => {
    expect((await app.call('POST', '/api/matches', { json: matchBody })).status).toBe(201);
    expect((await app.call('POST', '/api/matches', { json: matchBody })).status).toBe(201);
    const before = await app.eventCount();
    const refused = await app.call('POST', '/api/matches', { json: matchBody });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many submissions from your address\. Try again in \d+ seconds\.$/);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await app.eventCount()).toBe(before);
    // Reads are not limited.
    expect((await app.call('GET', '/api/players/leaderboard')).status).toBe(200);
  });
});

describe('read-your-writes when the read tables do not catch up', () => {
  let app: TestApp;
  beforeAll(async () => {
    // No projector in this process and none elsewhere: the read tables never reach the write.
    app = await startTestApp({ PROJECTOR: 'off', READ_YOUR_WRITES_TIMEOUT_MS: '300' });
  });
  afterAll(() => app.close());

  test('the write is kept and answered 503 with its position after the bounded wait', async () => {
    const started = Date.now();
    const response = await app.call('POST', '/api/matches', { json: matchBody });
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ error: 'Your change was saved, but the pages have not caught up yet. Refresh in a moment.' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect(Number(response.headers.get('x-event-position'))).toBeGreaterThan(0);
    expect(await app.eventCount()).toBe(1);
    // The read side has not applied it: the board is still empty.
    expect((await app.call('GET', '/api/players/leaderboard')).body).toEqual([]);
  });
});
