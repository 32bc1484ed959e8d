import { connect, createTestDatabase, type TestDatabase } from '@test-support/database.js';
import type { Knex } from 'knex';
import type { CreatedWebhook } from '@team/contracts';
import { matchLine } from '../../test/support/ladder-requests.js';
import { startServerProcess, startServerProcesses, type ServerProcess } from '../../test/support/server-process.js';
import { TEST_ADMIN_KEY } from '../../test/support/test-app.js';
import { startReceiver, type TestReceiver } from '../../test/support/webhooks/test-receiver.js';

// Issue 43: delivery is shared by every API process of a scale-out and made once per event, and a
// process killed mid-delivery (kill -9) leaves it to another, which makes it again under the
// same webhook-id. Built servers (`npx tsc -b` first), one database.

const env = (db: TestDatabase) => ({ DATABASE_URL: db.url, ADMIN_KEY: TEST_ADMIN_KEY, WEBHOOK_ALLOW_PRIVATE: 'true', PUBLIC_WRITES_PER_MINUTE: '100000' });

async function post(server: ServerProcess, path: string, body: unknown, admin = false): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(admin ? { 'x-admin-key': TEST_ADMIN_KEY } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const aMatch = (i: number) => ({
  winningTeam: i % 2 ? 'team1' : 'team2',
  team1: [matchLine(`p${i}a`, `Player ${i}A`)],
  team2: [matchLine(`p${i}b`, `Player ${i}B`)],
});

async function createWebhook(server: ServerProcess, url: string): Promise<CreatedWebhook> {
  const created = await post(server, '/api/admin/webhooks', { url, kind: 'generic', events: ['match-recorded'] }, true);
  expect(created.status).toBe(201);
  return created.body;
}

describe('webhooks across two API processes', () => {
  let db: TestDatabase;
  let knex: Knex;
  let receiver: TestReceiver;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    knex = connect(db.url, 2);
    receiver = await startReceiver();
    servers.push(...(await startServerProcesses(2, env(db))));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill('SIGTERM')));
    await receiver?.close();
    await knex?.destroy();
    await db?.drop();
  });

  test('20 matches recorded through both, both running the worker: exactly one delivery of each', async () => {
    const webhook = await createWebhook(servers[0]!, receiver.url());
    const recorded = await Promise.all(Array.from({ length: 20 }, (_, i) => post(servers[i % 2]!, '/api/matches', aMatch(i))));
    expect(recorded.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    await receiver.waitFor(20, 30_000);
    // Time for a second delivery of any of them to show up, were there one.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const ids = receiver.received.map((request) => request.headers['webhook-id']);
    expect(ids).toHaveLength(20);
    expect(new Set(ids)).toEqual(new Set(recorded.map((answer) => `${answer.body.position}-${webhook.id}`)));
    const rows = await knex('webhook_deliveries').where({ webhook_id: webhook.id });
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(Array(20).fill(['delivered', 1]));
  }, 90_000);
});

describe('an API process killed mid-delivery', () => {
  let db: TestDatabase;
  let receiver: TestReceiver;
  const started: ServerProcess[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await Promise.all(started.map((server) => server.kill('SIGTERM')));
    await receiver?.close();
    await db?.drop();
  });

  test('kill -9 while the receiver holds the first attempt: the next process delivers it again with the same id', async () => {
    receiver.answerWith((_, n) => (n === 0 ? 'hang' : { status: 200 }));
    const first = await startServerProcess(env(db));
    started.push(first);
    const webhook = await createWebhook(first, receiver.url());
    const recorded = await post(first, '/api/matches', aMatch(1));
    expect(recorded.status).toBe(201);
    const [held] = await receiver.waitFor(1);
    expect(receiver.hanging()).toBe(1);
    await first.kill('SIGKILL');

    started.push(await startServerProcess(env(db)));
    const [, again] = await receiver.waitFor(2, 30_000);
    expect(held!.headers['webhook-id']).toBe(`${recorded.body.position}-${webhook.id}`);
    expect(again!.headers['webhook-id']).toBe(held!.headers['webhook-id']);
    expect(again!.body).toBe(held!.body);
  }, 90_000);
});
