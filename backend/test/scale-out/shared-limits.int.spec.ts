import type { Knex } from 'knex';
import { connect, createTestDatabase, type TestDatabase } from '@test-support/database.js';
import { randomMatch, recordedMatches, seededRandom } from '../support/match-load.js';
import { startServerProcesses, type ServerProcess } from '../support/server-process.js';
import { TEST_ADMIN_KEY } from '../support/test-app.js';

// Issue 12 item 1: two API processes on one database give an address one budget, not two.

async function post(server: ServerProcess, path: string, body: unknown, headers: Record<string, string> = {}): Promise<number> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

describe('two API processes share one budget per address', () => {
  let db: TestDatabase;
  let knex: Knex;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    knex = connect(db.url, 2);
    const env = { DATABASE_URL: db.url, ADMIN_KEY: TEST_ADMIN_KEY, PUBLIC_WRITES_PER_MINUTE: '20', ADMIN_FAILURES_PER_15_MIN: '4' };
    // Started together, as replicas behind a proxy are: both migrate the same database at once.
    servers.push(...(await startServerProcesses(2, env)));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill('SIGTERM')));
    await knex?.destroy();
    await db?.drop();
  });

  test('30 matches from one address spread over both: exactly 20 accepted, 10 refused, 20 in the log', async () => {
    const random = seededRandom(12_001);
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => post(servers[i % 2]!, '/api/matches', randomMatch(random))));
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(await recordedMatches(knex)).toHaveLength(20);
  });

  test('wrong admin keys: four over both, then 429 on either, the right key included', async () => {
    const session = (server: ServerProcess, key: string) =>
      fetch(`${server.baseUrl}/api/admin/session`, { headers: { 'x-admin-key': key } }).then((response) => response.status);
    const wrong = [];
    for (let i = 0; i < 6; i++) wrong.push(await session(servers[i % 2]!, `wrong-key-guess-${i}`));
    expect(wrong).toEqual([401, 401, 401, 401, 429, 429]);
    expect(await session(servers[0]!, TEST_ADMIN_KEY)).toBe(429);
    expect(await session(servers[1]!, TEST_ADMIN_KEY)).toBe(429);
  });
});
