import type { LeaderboardEntry, LiveChange, RecordMatchRequest } from '@team/contracts';
import { getOk, matchLine, recordMatch } from '../testing/ladder-requests.js';
import { openSse, type SseStream } from '../testing/sse-client.js';
import { startTestApp, type TestApp } from '../testing/test-app.js';

// GET /api/live on one process: changes after the read tables have them, the replay by
// Last-Event-ID, reload when too far behind, the connection bound, heartbeats, no compression.

const REPLAY_LIMIT = 4;

function duel(a: string, b: string): RecordMatchRequest {
  return { winningTeam: 'team1', team1: [matchLine(`${a}#1`, a)], team2: [matchLine(`${b}#1`, b)] };
}

describe('GET /api/live', () => {
  let app: TestApp;
  const open: SseStream[] = [];
  const live = async (headers: Record<string, string> = {}, query = '') => {
    const stream = await openSse(`${app.baseUrl}/api/live${query}`, headers);
    open.push(stream);
    return stream;
  };

  beforeAll(async () => {
    app = await startTestApp({ LIVE_HEARTBEAT_MS: '150', LIVE_MAX_CONNECTIONS: '3', LIVE_REPLAY_LIMIT: String(REPLAY_LIMIT) });
  });
  afterEach(() => {
    for (const stream of open.splice(0)) stream.close();
  });
  afterAll(async () => {
    await app?.close();
  });

  test('a recorded match arrives as match-recorded, with its position as id, once the leaderboard shows it', async () => {
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
    const board = await getOk<LeaderboardEntry[]>(app, '/api/players/leaderboard');
    expect(board.map((entry) => entry.username)).toEqual(expect.arrayContaining(['Ada', 'Bob']));
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
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(stream.comments.filter((comment) => comment === 'hb').length).toBeGreaterThanOrEqual(2);
  });

  test('beyond LIVE_MAX_CONNECTIONS: 503 with Retry-After and the error shape; a freed slot is reused', async () => {
    const held = [await live(), await live(), await live()];
    await Promise.all(held.map((stream) => stream.waitFor(1, 'ready')));
    const refused = await app.call('GET', '/api/live');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.body).toEqual({ error: 'Too many live connections on this server right now. Please try again.' });

    held[0]!.close();
    const deadline = Date.now() + 3000;
    let again = await live();
    while (again.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = await live();
    }
    expect(again.status).toBe(200);
  });

  test('the OpenAPI document describes the stream', async () => {
    const { body } = await app.call('GET', '/api/docs/openapi.json');
    const operation = body.paths['/api/live'].get;
    expect(operation.summary).toMatch(/server-sent events/);
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '503']);
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/event-stream']);
    expect(operation.parameters.map((parameter: { name: string }) => parameter.name).sort()).toEqual(['Last-Event-ID', 'lastEventId']);
  });
});
