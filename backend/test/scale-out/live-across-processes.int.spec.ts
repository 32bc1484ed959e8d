import { createTestDatabase, type TestDatabase } from '@test-support/database.js';
import type { CreatedAdminKey, RecordMatchResponse } from '@team/contracts';
import { openSse } from '../support/sse-client.js';
import { startServerProcess, startServerProcesses, type ServerProcess } from '../support/server-process.js';
import { TEST_ADMIN_KEY } from '../support/test-app.js';

// Issue 23: a key revoked through one API process is refused by the other at once.
// Issue 15: every API process follows the shared log itself, so a stream held on one process
// carries the matches recorded through another; and a process with open streams still stops
// on SIGTERM (the streams are ended before the HTTP server closes, which would otherwise wait
// for them forever). How long each takes is measured by `npm run bench` (bench/live.bench.mjs).

const EXIT_WAIT_MS = 15_000;
/** Jest's limit for each test: server processes on a machine that may be busy; only a hang goes past it. */
const TEST_TIMEOUT_MS = 120_000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

async function recordThrough(api: ServerProcess, name: string): Promise<RecordMatchResponse> {
  const response = await fetch(`${api.baseUrl}/api/matches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      winningTeam: 'team2',
      team1: [{ discordId: `${name}-a`, username: `${name} A`, kills: 1, deaths: 2, assists: 0, score: 10 }],
      team2: [{ discordId: `${name}-b`, username: `${name} B`, kills: 2, deaths: 1, assists: 0, score: 20 }],
    }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as RecordMatchResponse;
}

describe('live updates across two API processes on one database', () => {
  let db: TestDatabase;
  let env: Record<string, string>;
  const apis: ServerProcess[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    env = { DATABASE_URL: db.url, ADMIN_KEY: TEST_ADMIN_KEY, PUBLIC_WRITES_PER_MINUTE: '100000' };
    apis.push(...(await startServerProcesses(2, env)));
  });
  afterAll(async () => {
    await Promise.all(apis.map((api) => api.kill('SIGKILL')));
    await db?.drop();
  });

  test('an admin key revoked through A is refused by B at once (issue 23)', async () => {
    const [apiA, apiB] = apis as [ServerProcess, ServerProcess];
    const owner = { 'content-type': 'application/json', 'x-admin-key': TEST_ADMIN_KEY };
    const created = await fetch(`${apiA.baseUrl}/api/admin/keys`, { method: 'POST', headers: owner, body: JSON.stringify({ name: 'Across', role: 'editor' }) });
    expect(created.status).toBe(201);
    const { key, summary } = (await created.json()) as CreatedAdminKey;
    const session = async (api: ServerProcess) => (await fetch(`${api.baseUrl}/api/admin/session`, { headers: { 'x-admin-key': key } })).status;
    // B knows the key made through A, and holds it folded from here on.
    expect(await session(apiB)).toBe(200);
    const revoked = await fetch(`${apiA.baseUrl}/api/admin/keys/${summary.id}/revoke`, { method: 'POST', headers: owner });
    expect(revoked.status).toBe(200);
    // No wait: the first request B answers after the revoke was acknowledged is refused.
    expect(await session(apiB)).toBe(401);
    expect(await session(apiA)).toBe(401);
  });

  test('a match recorded through A arrives on a stream held on B; B catches a reconnect up by Last-Event-ID', async () => {
    const [apiA, apiB] = apis as [ServerProcess, ServerProcess];
    const stream = await openSse(`${apiB.baseUrl}/api/live`);
    await stream.waitFor(1, 'ready');
    const first = await recordThrough(apiA, 'across-1');
    const [message] = await stream.waitFor(1, 'match-recorded');
    expect(Number(message!.id)).toBe(first.position);
    stream.close();

    // Missed while disconnected, recorded through A: B replays them from the log.
    const missed = [await recordThrough(apiA, 'across-2'), await recordThrough(apiA, 'across-3')];
    const resumed = await openSse(`${apiB.baseUrl}/api/live`, { 'last-event-id': message!.id! });
    const replayed = await resumed.waitFor(2, 'match-recorded');
    expect(replayed.map((entry) => Number(entry.id))).toEqual(missed.map((match) => match.position));
    resumed.close();
  }, TEST_TIMEOUT_MS);

  test('SIGTERM with open streams: the streams end and the process exits', async () => {
    // A process of its own: a client that aborted a stream (as the test above does) leaves fetch's
    // pool a spare connection with no request, which Node's server.close() waits out by itself.
    const apiC = await startServerProcess(env);
    apis.push(apiC);
    const streams = await Promise.all([openSse(`${apiC.baseUrl}/api/live`), openSse(`${apiC.baseUrl}/api/live`)]);
    await Promise.all(streams.map((stream) => stream.waitFor(1, 'ready')));
    await recordThrough(apis[0]!, 'before-stop');
    await Promise.all(streams.map((stream) => stream.waitFor(1, 'match-recorded')));
    apiC.child.kill('SIGTERM');
    // Streams left open would hold the HTTP server's close forever (their heartbeats keep them
    // alive): this bound only turns that hang into a failure that says so.
    const code = await Promise.race([apiC.exited, sleep(EXIT_WAIT_MS).then(() => `still running ${EXIT_WAIT_MS} ms after SIGTERM`)]);
    expect(code).toBe(0);
    await Promise.all(streams.map((stream) => stream.ended));
  }, TEST_TIMEOUT_MS);
});
