import { matchLine, recordMatch } from '../../test/support/ladder-requests.js';
import { openSse, type SseStream } from '../../test/support/sse-client.js';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';

// GET /api/live's limits against a few hostile addresses: a stream's maximum lifetime (the
// client resumes by Last-Event-ID and misses nothing) and the per-address budget of opens.

const OPENS_PER_MINUTE = 3;

describe('GET /api/live limits', () => {
  let app: TestApp;
  const open: SseStream[] = [];
  const live = async (address: string, headers: Record<string, string> = {}) => {
    const stream = await openSse(`${app.baseUrl}/api/live`, { 'x-forwarded-for': address, ...headers });
    open.push(stream);
    return stream;
  };

  beforeAll(async () => {
    app = await startTestApp({ LIVE_MAX_LIFETIME_SECONDS: '1', LIVE_OPENS_PER_MINUTE: String(OPENS_PER_MINUTE), TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    for (const stream of open) stream.close();
    await app?.close();
  });

  test('a stream ends at its lifetime with a short retry; resumed by Last-Event-ID, a match recorded across the reconnect arrives exactly once', async () => {
    const first = await live('198.51.100.20');
    expect(first.status).toBe(200);
    await first.waitFor(1, 'ready', 10_000);
    const before = await recordMatch(app, { winningTeam: 'team1', team1: [matchLine('2001', 'Ann')], team2: [matchLine('2002', 'Ben')] });
    await first.waitFor(1, 'match-recorded', 10_000);
    // The server ends the stream (a generous bound: the lifetime is one second).
    const ended = await Promise.race([first.ended.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('still open'), 10_000).unref())]);
    expect(ended).toBe('ended');
    expect(first.retry).toBeGreaterThan(0);
    const lastId = first.messages.at(-1)!.id!;
    expect(Number(lastId)).toBe(before.position);

    // Recorded while no stream is open: the resumed stream replays it, once, and not the one before.
    const across = await recordMatch(app, { winningTeam: 'team2', team1: [matchLine('2003', 'Cat')], team2: [matchLine('2004', 'Dan')] });
    const resumed = await live('198.51.100.20', { 'last-event-id': lastId });
    expect(resumed.status).toBe(200);
    await resumed.waitFor(1, 'ready', 10_000);
    const received = resumed.messages.filter((message) => message.event === 'match-recorded').map((message) => Number(message.id));
    expect(received).toEqual([across.position]);
  });

  test('opening streams is budgeted per address: one more than LIVE_OPENS_PER_MINUTE in a minute gets 429 with Retry-After; another address is served', async () => {
    const address = '203.0.113.30';
    for (let i = 0; i < OPENS_PER_MINUTE; i++) {
      const stream = await live(address);
      expect(stream.status).toBe(200);
      stream.close();
    }
    const refused = await app.call('GET', '/api/live', { headers: { 'x-forwarded-for': address } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body).toEqual({ error: expect.stringMatching(/^Too many live streams opened from your address\. Try again in \d+ seconds\.$/) });
    expect((await live('203.0.113.31')).status).toBe(200);
  });
});
