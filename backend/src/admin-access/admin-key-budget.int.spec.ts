import { jest } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '@test-support/database.js';
import { loadConfig } from '../config.js';
import { createApp, type RunningApp } from '../app.js';
import { createLogger } from '../infrastructure/logger.js';
import { TEST_ADMIN_KEY } from '../../test/support/test-app.js';
import { logSink } from '../../test/support/log-sink.js';
import { AdminKeyVerifier } from './admin-key.js';

// Each caller has its own address: one trusted proxy, X-Forwarded-For names the client.
const ATTACKER = '203.0.113.7';
const ADMIN = '198.51.100.2';
const BUDGET = 3;
const section = { page: 'about', section: 'story', title: '<p>Story</p>', content: '', imageUrl: null };

describe('an address over its wrong-key budget', () => {
  let db: TestDatabase;
  let running: RunningApp;
  let baseUrl: string;
  const logLines: Record<string, any>[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    const sink = logSink(logLines);
    const config = loadConfig({ STATIC_DIR: 'none', LOG_LEVEL: 'info', TRUST_PROXY: '1', ADMIN_FAILURES_PER_15_MIN: String(BUDGET) });
    running = await createApp(config, { adminKey: TEST_ADMIN_KEY, databaseUrl: db.url, logger: createLogger('info', sink) });
    await running.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${running.app.getHttpServer().address().port}`;
  });
  afterAll(async () => {
    await running.close();
    await db.drop();
  });

  const call = async (from: string, method: string, path: string, key: string | null, json?: unknown) => {
    const headers: Record<string, string> = { 'x-forwarded-for': from };
    if (key !== null) headers['x-admin-key'] = key;
    if (json !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(baseUrl + path, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.text() };
  };
  const failuresCounted = async (address: string) => {
    const row = await running.knex('rate_limits').where({ key: `admin-failures:${address}` }).first('points');
    return Number(row?.points ?? 0);
  };
  // The guard's own lines (only the attacker sends wrong keys here) and the request log's lines for the address.
  const linesAbout = (address: string) =>
    logLines.filter((line) => /admin key/.test(String(line.msg)) || line.req?.headers?.['x-forwarded-for'] === address);

  test('wrong keys within the budget are 401; one line is logged for them, not one per guess', async () => {
    for (let i = 0; i < BUDGET; i++) expect((await call(ATTACKER, 'GET', '/api/admin/session', `guess-number-${i}-of-many-guesses`)).status).toBe(401);
    const lines = linesAbout(ATTACKER);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: 'wrong admin key', wrongKeys: 1 });
    expect(JSON.stringify(lines)).not.toContain('guess-number');
  });

  test('past the budget every admin request from it is 429 with Retry-After, the right key included', async () => {
    const spent = await call(ATTACKER, 'GET', '/api/admin/session', 'one-guess-too-many-for-the-budget');
    expect(spent.status).toBe(429);
    const counted = await failuresCounted(ATTACKER);
    const before = await running.knex('events').count({ n: '*' }).first();
    for (const key of [TEST_ADMIN_KEY, 'another-wrong-guess-of-the-key', null]) {
      for (const [method, path, json] of [
        ['GET', '/api/admin/session', undefined],
        ['GET', '/api/admin/operations', undefined],
        ['POST', '/api/content', section],
      ] as const) {
        const answer = await call(ATTACKER, method, path, key, json);
        expect([key === TEST_ADMIN_KEY ? 'right key' : String(key), path, answer.status]).toEqual([key === TEST_ADMIN_KEY ? 'right key' : String(key), path, 429]);
        expect(JSON.parse(answer.body)).toEqual({ error: expect.stringMatching(/^Too many wrong admin keys\. Try again in \d+ seconds\.$/) });
        const wait = Number(answer.retryAfter);
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(15 * 60);
      }
    }
    // A blocked check is not a guess: the shared count does not grow, and nothing is appended.
    expect(await failuresCounted(ATTACKER)).toBe(counted);
    expect(await running.knex('events').count({ n: '*' }).first()).toEqual(before);
  });

  test('the address going over budget is logged once, with the count of wrong keys since the last line', async () => {
    const lines = linesAbout(ATTACKER);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ level: 40, msg: 'admin key budget spent: every admin request from this address is refused', wrongKeys: BUDGET });
    expect(lines[1].retryAfterSeconds).toBeGreaterThan(0);
  });

  test('another address is not affected: the admin elsewhere still gets in', async () => {
    expect((await call(ADMIN, 'GET', '/api/admin/session', TEST_ADMIN_KEY)).status).toBe(200);
    expect((await call(ADMIN, 'POST', '/api/content', TEST_ADMIN_KEY, section)).status).toBe(201);
    expect((await call(ADMIN, 'GET', '/api/admin/session', 'a-wrong-key-from-elsewhere')).status).toBe(401);
  });

  test('a burst of parallel guesses from a fresh address: no more keys are compared than the budget and one', async () => {
    const verifier = running.app.get(AdminKeyVerifier);
    const compare = jest.spyOn(verifier, 'matches');
    try {
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => call('192.0.2.77', 'GET', '/api/admin/session', `parallel-guess-${i}-of-forty`)));
      expect(answers.filter((answer) => answer.status === 401)).toHaveLength(BUDGET);
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(40 - BUDGET);
      expect(compare.mock.calls.length).toBeLessThanOrEqual(BUDGET + 1);
    } finally {
      compare.mockRestore();
    }
  });
});
