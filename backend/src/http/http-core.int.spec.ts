import { createHash } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { gunzipSync } from 'node:zlib';
import { HTML_BLOCK_RESIZE_SCRIPT } from '@team/contracts';
import { startTestApp, TEST_ADMIN_KEY, type TestApp } from '../../test/support/test-app.js';

/** A GET whose body comes as sent (fetch would decode it). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('HTTP core', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ ADMIN_FAILURES_PER_15_MIN: '3' });
  });
  afterAll(() => app.close());

  test('GET /api/health reports the database and the projector lag', async () => {
    const { status, body } = await app.call('GET', '/api/health');
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', database: 'up', eventStore: { head: 0 }, projector: { lag: 0 } });
  });

  test('unknown API routes answer 404 in the JSON error shape', async () => {
    const { status, body } = await app.call('GET', '/api/no-such-thing');
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Not found.' });
  });

  test('malformed JSON is a 400 and an oversized body a 413, both as JSON without a stack', async () => {
    const malformed = await fetch(`${app.baseUrl}/api/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"unterminated',
    });
    expect(malformed.status).toBe(400);
    const malformedBody = await malformed.json();
    expect(malformedBody).toEqual({ error: 'The request body is not valid JSON.' });
    expect(JSON.stringify(malformedBody)).not.toMatch(/at .*\.js|stack/i);

    const big = await app.call('POST', '/api/admin/seasons', { admin: true, json: { text: 'x'.repeat(1_200_000) } });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ error: 'The request body is too large.' });
    expect(await app.eventCount()).toBe(0);
  });

  test('a body is parsed only on a route that exists, after its guards: an address no route has is a 404 whatever it holds', async () => {
    const malformed = await fetch(`${app.baseUrl}/api/anything`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"unterminated' });
    expect([malformed.status, await malformed.json()]).toEqual([404, { error: 'Not found.' }]);
    const keyless = await fetch(`${app.baseUrl}/api/admin/seasons`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"unterminated' });
    expect(keyless.status).toBe(401);
    // A match is at most a few dozen players: its route takes far less than a megabyte.
    const match = await app.call('POST', '/api/matches', { json: { winningTeam: 'team1', team1: [], team2: [], note: 'x'.repeat(300_000) } });
    expect([match.status, match.body]).toEqual([413, { error: 'The request body is too large.' }]);
    expect(await app.eventCount()).toBe(0);
  });

  test('a body over the limit is read to its end before the 413, so a proxy still sending it gets the answer, not a closed connection', async () => {
    const size = 1_500_000;
    const chunk = Buffer.alloc(100_000, 'a');
    const { port } = new URL(app.baseUrl);
    const outcome = await new Promise<{ answer: string; writtenWhenAnswered: number | null; error?: string }>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1');
      let answer = '';
      let written = 0;
      let writtenWhenAnswered: number | null = null;
      socket.on('data', (data) => {
        answer += data.toString('utf8');
        writtenWhenAnswered ??= written;
        if (answer.includes('\r\n\r\n{')) socket.end();
      });
      socket.on('error', (error: NodeJS.ErrnoException) => resolve({ answer, writtenWhenAnswered, error: error.code ?? error.message }));
      socket.on('close', () => resolve({ answer, writtenWhenAnswered }));
      socket.write(`POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`);
      // The body comes in pieces, as through a proxy: the answer must not cut it off.
      const timer = setInterval(() => {
        if (written >= size || socket.destroyed) return clearInterval(timer);
        socket.write(chunk);
        written += chunk.length;
      }, 20);
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(outcome.answer).toContain('{"error":"The request body is too large."}');
    expect(outcome.writtenWhenAnswered).toBe(size);
    expect(await app.eventCount()).toBe(0);
  });

  test('the admin key is checked server-side, and repeated wrong keys are throttled', async () => {
    expect((await app.call('GET', '/api/admin/session')).status).toBe(401);
    expect((await app.call('GET', '/api/admin/session', { admin: true })).status).toBe(200);
    const wrong = { headers: { 'x-admin-key': `${TEST_ADMIN_KEY}-nope` } };
    const first = await app.call('GET', '/api/admin/session', wrong);
    expect(first.status).toBe(401);
    expect(first.body).toEqual({ error: 'The admin key is not valid.' });
    await app.call('GET', '/api/admin/session', wrong);
    await app.call('GET', '/api/admin/session', wrong);
    const blocked = await app.call('GET', '/api/admin/session', wrong);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatch(/Too many wrong admin keys/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Past the budget the address is blocked whatever the key: the guesses are no longer checked.
    expect((await app.call('GET', '/api/admin/session', { admin: true })).status).toBe(429);
  });

  test('the CSP lets scripts come from this origin, and inline only the HTML block frame\'s resize script', async () => {
    const { headers } = await app.call('GET', '/api/health');
    const policy = headers.get('content-security-policy') ?? '';
    const scriptSrc = policy.split(';').find((directive) => directive.trim().startsWith('script-src '))!.trim();
    const hash = createHash('sha256').update(HTML_BLOCK_RESIZE_SCRIPT).digest('base64');
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  test('the OpenAPI document and its browsable page are served', async () => {
    const { status, body } = await app.call('GET', '/api/docs/openapi.json');
    expect(status).toBe(200);
    expect(body.info.title).toBe('Team site API');
    const page = await fetch(`${app.baseUrl}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toMatch(/swagger/i);
  });

  test('answers are compressed for a client that accepts it, and left plain for one that does not', async () => {
    const gzip = await rawGet(`${app.baseUrl}/api/docs/openapi.json`, { 'accept-encoding': 'gzip' });
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString('utf8')).info.title).toBe('Team site API');
    const plain = await rawGet(`${app.baseUrl}/api/docs/openapi.json`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString('utf8')).info.title).toBe('Team site API');
  });

  test('the server keeps Node\'s request and keep-alive limits: an unfinished request is cut, an idle connection closed', () => {
    const server = app.running.app.getHttpServer();
    expect(server.requestTimeout).toBe(300_000);
    expect(server.keepAliveTimeout).toBe(5_000);
    expect(server.headersTimeout).toBeLessThanOrEqual(server.requestTimeout);
  });

  test('a trailing slash names the same route, and every answer carries the security headers and its request id', async () => {
    const { status, headers } = await app.call('GET', '/api/health/');
    expect(status).toBe(200);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers.get('x-powered-by')).toBeNull();
  });
});
