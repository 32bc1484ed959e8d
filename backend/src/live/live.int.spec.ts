import type { EventStore, LeaderboardEntry, LiveChange, RecordMatchRequest } from '@team/contracts';
import { ensureCheckpoint, Projector, READ_MODELS_CHECKPOINT, readModelProjections } from '@team/projections';
import { EVENT_STORE } from '../infrastructure/tokens.js';
import { getOk, matchLine, recordMatch } from '../../test/support/ladder-requests.js';
import { openSse, type SseStream } from '../../test/support/sse-client.js';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';
import { LiveFeed } from './live-feed.js';
import { until } from '@test-support/until.js';

// GET /api/live on one process: changes after the read tables have them, the replay by
// Last-Event-ID, reload when too far behind, the connection bounds (per process and per
// address), HEAD, heartbeats, no compression.

const REPLAY_LIMIT = 4;

function duel(a: string, b: string): RecordMatchRequest {
  return { winningTeam: 'team1', team1: [matchLine(`${a}#1`, a)], team2: [matchLine(`${b}#1`, b)] };
}

describe('GET /api/live', () => {
  let app: TestApp;
  const open: SseStream[] = [];
  // Each stream comes from its own address (X-Forwarded-For, one trusted proxy) unless the test
  // names one: a stream the previous test closed may not have been counted off yet.
  let addresses = 0;
  const live = async (headers: Record<string, string> = {}, query = '') => {
    const stream = await openSse(`${app.baseUrl}/api/live${query}`, { 'x-forwarded-for': `198.51.100.${++addresses}`, ...headers });
    open.push(stream);
    return stream;
  };

  beforeAll(async () => {
    app = await startTestApp({
      LIVE_HEARTBEAT_MS: '150',
      LIVE_MAX_CONNECTIONS: '3',
      LIVE_MAX_PER_ADDRESS: '2',
      LIVE_REPLAY_LIMIT: String(REPLAY_LIMIT),
      TRUST_PROXY: '1',
    });
  });
  afterEach(async () => {
    for (const stream of open.splice(0)) stream.close();
    // The server sees the clients go a moment later: the next test starts with every slot free.
    const feed = app.running.app.get(LiveFeed);
    await until(async () => feed.connectionCount, (count) => count === 0, 15_000, 20);
  });
  afterAll(async () => {
    await app?.close();
  });

  test('a recorded match arrives as match-recorded, with its position as id and its summary', async () => {
    const stream = await live({ 'accept-encoding': 'gzip, br' });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    // The compression middleware must not hold the stream back.
    expect(stream.headers.get('content-encoding')).toBeNull();
    const [ready] = await stream.waitFor(1, 'ready');
    expect(stream.retry).toBeGreaterThan(0);

    const recorded = await recordMatch(app, duel('Ada', 'Bob'));
    const [message] = await stream.waitFor(1, 'match-recorded');
    expect(Number(message!.id)).toBe(recorded.position);
    expect(Number(message!.id)).toBeGreaterThan(Number(ready!.id));
    const change = message!.data as LiveChange;
    expect(change).toEqual({
      matchIds: [recorded.matchId],
      playerIds: recorded.participants.map((participant) => participant.playerId),
      everyone: false,
      modeId: null,
      winningTeam: 'team1',
    });
  });

  test('Last-Event-ID replays exactly the changes after it, in order, then continues live', async () => {
    const first = await recordMatch(app, duel('Cy', 'Di'));
    const missed = [await recordMatch(app, duel('Ed', 'Fay')), await recordMatch(app, duel('Gus', 'Hal'))];
    const stream = await live({ 'last-event-id': String(first.position) });
    const replayed = await stream.waitFor(2, 'match-recorded');
    expect(replayed.map((message) => Number(message.id))).toEqual(missed.map((match) => match.position));
    const [ready] = await stream.waitFor(1, 'ready');
    expect(Number(ready!.id)).toBeGreaterThanOrEqual(missed[1]!.position);
    expect(stream.messages.map((message) => message.event)).toEqual(['match-recorded', 'match-recorded', 'ready']);

    // The same by query parameter, for clients that cannot set the header.
    const byQuery = await live({}, `?lastEventId=${missed[0]!.position}`);
    const [again] = await byQuery.waitFor(1, 'match-recorded');
    expect(Number(again!.id)).toBe(missed[1]!.position);

    const next = await recordMatch(app, duel('Ida', 'Jo'));
    const live3 = await stream.waitFor(3, 'match-recorded');
    expect(Number(live3[2]!.id)).toBe(next.position);
  });

  test('too far behind, or an id beyond the log: one reload message, then live', async () => {
    for (let i = 0; i <= REPLAY_LIMIT; i++) await recordMatch(app, duel(`Far${i}`, `Away${i}`));
    const behind = await live({ 'last-event-id': '0' });
    const [reload] = await behind.waitFor(1, 'reload');
    expect(behind.messages.map((message) => message.event)).toEqual(['reload']);
    expect((reload!.data as { position: number }).position).toBe(Number(reload!.id));

    const ahead = await live({ 'last-event-id': '987654321' });
    await ahead.waitFor(1, 'reload');
    const next = await recordMatch(app, duel('Kai', 'Lu'));
    const [message] = await ahead.waitFor(1, 'match-recorded');
    expect(Number(message!.id)).toBe(next.position);
  });

  test('a Last-Event-ID that is not a position: 400 with the error shape', async () => {
    for (const bad of ['abc', '-1', '1.5', '99999999999999999999']) {
      const response = await app.call('GET', '/api/live', { headers: { 'last-event-id': bad } });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Last-Event-ID must be a log position: a whole number from 0, as the stream sent it.' });
    }
    const byQuery = await app.call('GET', '/api/live?lastEventId=x');
    expect(byQuery.status).toBe(400);
  });

  test('heartbeat comments keep an idle stream open', async () => {
    const stream = await live();
    await stream.waitFor(1, 'ready');
    // Every 150 ms here; a busy machine may fire the timer late, never not at all.
    const beats = await until(async () => stream.comments.filter((comment) => comment === 'hb').length, (count) => count >= 2, 15_000, 20);
    expect(beats).toBeGreaterThanOrEqual(2);
  });

  test('beyond LIVE_MAX_CONNECTIONS: 503 with Retry-After and the error shape; a freed slot is reused', async () => {
    const held = [await live(), await live(), await live()];
    await Promise.all(held.map((stream) => stream.waitFor(1, 'ready')));
    const refused = await app.call('GET', '/api/live');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.body).toEqual({ error: 'Too many live connections on this server right now. Please try again.' });

    held[0]!.close();
    // The server sees the closed stream a moment later; until then the slot is still taken.
    const again = await until(live, (stream) => stream.status === 200, 15_000, 50);
    expect(again.status).toBe(200);
  });

  test('beyond LIVE_MAX_PER_ADDRESS from one address: 429 with Retry-After and the error shape; other addresses are served', async () => {
    const address = { 'x-forwarded-for': '203.0.113.9' };
    const held = [await live(address), await live(address)];
    await Promise.all(held.map((stream) => stream.waitFor(1, 'ready')));
    const refused = await app.call('GET', '/api/live', { headers: address });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(refused.body).toEqual({ error: 'Too many live streams from your address. Close some tabs of this site, or try again later.' });
    const other = await live();
    expect(other.status).toBe(200);
  });

  test('HEAD answers the stream\'s headers and ends at once, holding no slot', async () => {
    const feed = app.running.app.get(LiveFeed);
    for (let i = 0; i < 4; i++) {
      // The bound turns a HEAD held open like a stream (it would never end) into a failure.
      const response = await fetch(`${app.baseUrl}/api/live`, { method: 'HEAD', signal: AbortSignal.timeout(15_000) });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
      await response.text();
    }
    expect(feed.connectionCount).toBe(0);
    // All three slots are still free.
    const streams = [await live(), await live(), await live()];
    expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200]);
  });

  test('the OpenAPI document describes the stream', async () => {
    const { body } = await app.call('GET', '/api/docs/openapi.json');
    const operation = body.paths['/api/live'].get;
    expect(operation.summary).toMatch(/server-sent events/);
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '429', '503']);
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/event-stream']);
    expect(operation.parameters.map((parameter: { name: string }) => parameter.name).sort()).toEqual(['Last-Event-ID', 'lastEventId']);
  });
});

describe('GET /api/live with the projector held', () => {
  let app: TestApp;
  let projector: Projector;
  const open: SseStream[] = [];

  beforeAll(async () => {
    // No projector runs: the test applies the log to the read tables itself, when it chooses.
    app = await startTestApp({ PROJECTOR: 'off', READ_YOUR_WRITES_TIMEOUT_MS: '20000' });
    const store = app.running.app.get<EventStore>(EVENT_STORE);
    await ensureCheckpoint(app.knex, READ_MODELS_CHECKPOINT);
    projector = new Projector({ knex: app.knex, reader: store, projections: readModelProjections });
  });
  afterAll(async () => {
    for (const stream of open) stream.close();
    await app?.close();
  });

  /** Applies every logged event to the read tables. */
  async function project(): Promise<void> {
    while ((await projector.processBatch()) > 0);
  }

  test('a change is sent only once the read tables show it: not while the projector is held, at once after it applies it', async () => {
    await project();
    // 503 "starting" until the feed has found the read tables' head.
    const stream = await until(() => openSse(`${app.baseUrl}/api/live`), (opened) => opened.status !== 503, 15_000, 50);
    open.push(stream);
    await stream.waitFor(1, 'ready');

    // The command appends, then waits for the read tables (read-your-writes): held here.
    const before = await app.eventCount();
    const answer = app.call('POST', '/api/matches', { json: duel('Mo', 'Ned') });
    expect(await until(() => app.eventCount(), (count) => count > before, 15_000, 20)).toBeGreaterThan(before);
    // A window in which nothing may arrive: a busy machine can make it miss a wrong send, never fail a right one.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stream.messages.map((message) => message.event)).toEqual(['ready']);
    expect((await getOk<LeaderboardEntry[]>(app, '/api/players/leaderboard')).map((entry) => entry.username)).not.toContain('Mo');

    await project();
    const [message] = await stream.waitFor(1, 'match-recorded');
    expect((await getOk<LeaderboardEntry[]>(app, '/api/players/leaderboard')).map((entry) => entry.username)).toEqual(
      expect.arrayContaining(['Mo', 'Ned']),
    );
    const recorded = await answer;
    expect(recorded.status).toBe(201);
    expect(Number(message!.id)).toBe(recorded.body.position);
  });
});
