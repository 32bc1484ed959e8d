import http from 'node:http';
import zlib from 'node:zlib';
import pino from 'pino';
import type { LeaderboardEntry, RecordMatchPlayer, RecordMatchRequest } from '@team/contracts';
import { createTestDatabase, type TestDatabase } from '@test-support/database.js';
import { createApp, type RunningApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { TEST_ADMIN_KEY } from '../../../test/support/test-app.js';
import { logSink } from '../../../test/support/log-sink.js';

// GET /api/players/leaderboard is answered ahead of Express from the ranking cache (see
// cached-leaderboard.ts): these check that it still answers as the API does (headers, log
// line, errors), that ETag/304 and the compressed copies hold, and that a write is on the board
// as soon as it is acknowledged.

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request without fetch's automatic decompression, to see the bytes sent. */
function raw(baseUrl: string, path: string, headers: Record<string, string> = {}, method = 'GET', json?: unknown): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const payload = json === undefined ? undefined : JSON.stringify(json);
    const request = http.request(
      baseUrl + path,
      { method, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const line = (discordId: string, username: string, score: number): RecordMatchPlayer => ({ discordId, username, kills: 3, deaths: 2, assists: 1, score });

/** A match of eight players named `${prefix}0`…`${prefix}7`, team1 winning. */
function match(prefix: string, modeId: number | null = null): RecordMatchRequest {
  const players = Array.from({ length: 8 }, (_, i) => line(`${prefix}-${i}`, `${prefix}${i}`, 100 + i));
  return { winningTeam: 'team1', modeId, team1: players.slice(0, 4), team2: players.slice(4) } as RecordMatchRequest;
}

/** The headers every API answer carries whatever the route: helmet's, as configured in app.ts. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('GET /api/players/leaderboard, answered from the ranking cache', () => {
  let db: TestDatabase;
  let running: RunningApp;
  let baseUrl: string;
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    const sink = logSink(logLines);
    const config = loadConfig({ STATIC_DIR: 'none', LOG_LEVEL: 'info', PUBLIC_WRITES_PER_MINUTE: '100000' });
    running = await createApp(config, { adminKey: TEST_ADMIN_KEY, databaseUrl: db.url, logger: pino({ level: 'info' }, sink) });
    await running.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${running.app.getHttpServer().address().port}`;
    for (const prefix of ['a', 'b']) expect((await raw(baseUrl, '/api/matches', {}, 'POST', match(prefix))).status).toBe(201);
    expect((await raw(baseUrl, '/api/matches', {}, 'POST', match('m', 1))).status).toBe(201);
  });
  afterAll(async () => {
    await running.close();
    await db.drop();
  });

  const board = async (path = '/api/players/leaderboard', headers: Record<string, string> = {}) => {
    const response = await raw(baseUrl, path, headers);
    expect(response.status).toBe(200);
    return { ...response, entries: JSON.parse(response.body.toString('utf8')) as LeaderboardEntry[] };
  };

  test('carries the headers of any API answer: security headers, a request id, JSON, ETag, no-cache, Vary', async () => {
    const cached = await board();
    expect(cached.entries).toHaveLength(24);
    // /api/modes goes through Express and every middleware: the same security headers, byte for byte.
    const throughExpress = await raw(baseUrl, '/api/modes');
    expect(throughExpress.status).toBe(200);
    for (const name of SECURITY_HEADERS) {
      expect([name, cached.headers[name]]).toEqual([name, throughExpress.headers[name]]);
      expect(cached.headers[name]).toBeTruthy();
    }
    expect(cached.headers['x-powered-by']).toBeUndefined();
    expect(cached.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(cached.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(cached.headers['content-length']).toBe(String(cached.body.length));
    expect(cached.headers['cache-control']).toBe('no-cache');
    expect(cached.headers.vary).toBe('Accept-Encoding');
    expect(cached.headers.etag).toMatch(/^"leaderboard-overall-\d+"$/);
  });

  test('writes the same log line as an answer through Express, with the request id of X-Correlation-Id', async () => {
    const answered = await board();
    const id = answered.headers['x-correlation-id'];
    const logged = logLines.find((entry) => (entry.req as { id?: string } | undefined)?.id === id);
    expect(logged).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: '/api/players/leaderboard' }, res: { statusCode: 200 } });
  });

  test('If-None-Match with the current ETag answers 304 without a body; a stale or foreign one gets the board', async () => {
    const { headers } = await board();
    const etag = headers.etag!;
    for (const presented of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await raw(baseUrl, '/api/players/leaderboard', { 'if-none-match': presented });
      expect([presented, again.status, again.body.length]).toEqual([presented, 304, 0]);
      expect(again.headers.etag).toBe(etag);
    }
    expect((await raw(baseUrl, '/api/players/leaderboard', { 'if-none-match': '"leaderboard-overall-0"' })).status).toBe(200);
  });

  test('a recorded match is on the board as soon as its command is answered, under a new ETag', async () => {
    const before = await board();
    const recorded = await raw(baseUrl, '/api/matches', {}, 'POST', match('c'));
    expect(recorded.status).toBe(201);
    const after = await raw(baseUrl, '/api/players/leaderboard', { 'if-none-match': before.headers.etag! });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const entries = JSON.parse(after.body.toString('utf8')) as LeaderboardEntry[];
    expect(entries).toHaveLength(before.entries.length + 8);
    expect(entries.filter((entry) => entry.username.startsWith('c'))).toHaveLength(8);
  });

  test('Brotli (preferred) and gzip copies decode to the same bytes under the same ETag', async () => {
    const plain = await board();
    const br = await raw(baseUrl, '/api/players/leaderboard', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length);
    expect(br.headers.etag).toBe(plain.headers.etag);
    const gzip = await raw(baseUrl, '/api/players/leaderboard', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    const refused = await raw(baseUrl, '/api/players/leaderboard', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.equals(plain.body)).toBe(true);
  });

  test('HEAD answers the headers of GET and no body', async () => {
    const get = await board();
    const head = await raw(baseUrl, '/api/players/leaderboard', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  test('mode boards, time travel and bad parameters answer as the controller does', async () => {
    const hardpoint = await board('/api/players/leaderboard?mode=1');
    expect(hardpoint.entries.map((entry) => entry.username).sort()).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7']);
    expect(hardpoint.headers.etag).toMatch(/^"leaderboard-1-\d+"$/);
    expect((await board('/api/players/leaderboard?mode=')).entries).toEqual((await board()).entries);

    const past = await raw(baseUrl, '/api/players/leaderboard?asOf=1');
    expect(past.status).toBe(200);
    expect(past.headers['cache-control']).toBe('no-cache');
    expect(past.headers.etag).toMatch(/^"leaderboard-overall-asof-r\d+"$/);
    expect((JSON.parse(past.body.toString('utf8')) as LeaderboardEntry[]).length).toBeLessThanOrEqual(8);

    const unknown = await raw(baseUrl, '/api/players/leaderboard?mode=99');
    expect([unknown.status, JSON.parse(unknown.body.toString('utf8'))]).toEqual([404, { error: 'Mode 99 not found.' }]);
    const invalid = await raw(baseUrl, '/api/players/leaderboard?mode=abc');
    expect([invalid.status, JSON.parse(invalid.body.toString('utf8'))]).toEqual([400, { error: 'The mode must be a mode id (a whole number).' }]);
    expect((await raw(baseUrl, '/api/players/leaderboard?mode=1&mode=2')).status).toBe(400);
    expect((await raw(baseUrl, '/api/players/leaderboard?mode=1%00')).status).toBe(400);
    // Other parameters go through Express too, which ignores them as before.
    expect((await board('/api/players/leaderboard?page=2')).entries).toEqual((await board()).entries);
    for (const answer of [unknown, invalid]) {
      for (const name of SECURITY_HEADERS) expect(answer.headers[name]).toBeTruthy();
    }
  });

  test('?limit=&offset= answer one page of the board in rank order, with the board\'s size; without them, every player', async () => {
    const whole = await board();
    expect(whole.headers['x-total-count']).toBeUndefined();
    const first = await board('/api/players/leaderboard?limit=5');
    expect(first.entries).toEqual(whole.entries.slice(0, 5));
    expect(first.headers['x-total-count']).toBe(String(whole.entries.length));
    const second = await board('/api/players/leaderboard?limit=5&offset=5');
    expect(second.entries).toEqual(whole.entries.slice(5, 10));
    expect(second.headers.etag).not.toBe(first.headers.etag);
    expect(second.headers['cache-control']).toBe('no-cache');
    expect((await raw(baseUrl, '/api/players/leaderboard?limit=5&offset=5', { 'if-none-match': second.headers.etag! })).status).toBe(304);
    // The rest from an offset; past the end, none.
    expect((await board('/api/players/leaderboard?offset=20')).entries).toEqual(whole.entries.slice(20));
    expect((await board(`/api/players/leaderboard?offset=${whole.entries.length}&limit=10`)).entries).toEqual([]);
    expect((await board('/api/players/leaderboard?limit=1000&offset=0')).entries).toEqual(whole.entries);
    // With a mode, and on a past board.
    const hardpoint = await board('/api/players/leaderboard?mode=1');
    expect((await board('/api/players/leaderboard?mode=1&limit=3&offset=1')).entries).toEqual(hardpoint.entries.slice(1, 4));
    const past = await board('/api/players/leaderboard?asOf=1');
    expect((await board('/api/players/leaderboard?asOf=1&limit=2')).entries).toEqual(past.entries.slice(0, 2));
  });

  test.each([
    ['limit=0', 'The limit must be a whole number from 1 to 1000.'],
    ['limit=1001', 'The limit must be a whole number from 1 to 1000.'],
    ['limit=-1', 'The limit must be a whole number from 1 to 1000.'],
    ['limit=2.5', 'The limit must be a whole number from 1 to 1000.'],
    ['limit=ten', 'The limit must be a whole number from 1 to 1000.'],
    ['limit=1e3', 'The limit must be a whole number from 1 to 1000.'],
    ['limit=5&limit=6', 'The limit must be a whole number from 1 to 1000.'],
    ['offset=-1', 'The offset must be a whole number, 0 or more.'],
    ['offset=1.5', 'The offset must be a whole number, 0 or more.'],
    ['offset=x', 'The offset must be a whole number, 0 or more.'],
    ['offset=1234567890', 'The offset must be a whole number, 0 or more.'],
    ['limit=5&offset=0x10', 'The offset must be a whole number, 0 or more.'],
  ])('?%s answers 400: %s', async (query, message) => {
    const answer = await raw(baseUrl, `/api/players/leaderboard?${query}`);
    expect([answer.status, JSON.parse(answer.body.toString('utf8'))]).toEqual([400, { error: message }]);
  });

  test('a board that cannot be loaded is answered by the API error handling: JSON, no stack trace', async () => {
    // Mode 2's board has not been read yet, so nothing is cached for it: its load fails.
    await running.knex.raw('ALTER TABLE read_models.ladder_players RENAME TO ladder_players_away');
    try {
      const failed = await raw(baseUrl, '/api/players/leaderboard?mode=2');
      expect(failed.status).toBe(500);
      expect(Object.keys(JSON.parse(failed.body.toString('utf8')))).toEqual(['error']);
      expect(failed.body.toString('utf8')).not.toMatch(/ at |\.js:\d+|ladder_players/);
      for (const name of SECURITY_HEADERS) expect(failed.headers[name]).toBeTruthy();
    } finally {
      await running.knex.raw('ALTER TABLE read_models.ladder_players_away RENAME TO ladder_players');
    }
    expect((await board('/api/players/leaderboard?mode=2')).entries).toEqual([]);
  });
});
