import { createHmac } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@test-support/database.js';
import { startTestApp, TEST_ADMIN_KEY, type TestApp } from '../../test/support/test-app.js';
import { AuditContextFactory } from './audit-context.js';
import type { WebRequest } from './request-facts.js';

const ADDRESS = '203.0.113.40';
const from = (ip: string) => ({ ip, socket: {} }) as unknown as WebRequest;

describe('audit fingerprints', () => {
  let db: TestDatabase;
  let apps: TestApp[];
  beforeAll(async () => {
    db = await createTestDatabase();
    // Two API processes of one scale-out, started together on one database.
    apps = await Promise.all([startTestApp({ TRUST_PROXY: '1' }, db), startTestApp({ TRUST_PROXY: '1' }, db)]);
  });
  afterAll(async () => {
    for (const app of apps ?? []) await app.close();
    await db?.drop();
  });

  test('are keyed by a random secret, not by the admin key: the key alone does not reverse them', () => {
    const fingerprint = apps[0]!.running.app.get(AuditContextFactory).fingerprint(from(ADDRESS));
    expect(fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(fingerprint).not.toBe(createHmac('sha256', `fingerprint:${TEST_ADMIN_KEY}`).update(ADDRESS).digest('hex').slice(0, 16));
  });

  test('agree between two API processes on one database, in the events each appends', async () => {
    const [a, b] = apps.map((app) => app.running.app.get(AuditContextFactory).fingerprint(from(ADDRESS)));
    expect(a).toBe(b);
    expect(apps[0]!.running.app.get(AuditContextFactory).fingerprint(from('203.0.113.41'))).not.toBe(a);
    const match = (n: number) => ({
      winningTeam: 'team1',
      team1: [{ discordId: `30000000000000000${n}`, username: `P${n}`, kills: 0, deaths: 0, assists: 0, score: 0 }],
      team2: [{ discordId: `40000000000000000${n}`, username: `Q${n}`, kills: 0, deaths: 0, assists: 0, score: 0 }],
    });
    for (const [i, app] of apps.entries()) {
      const recorded = await app.call('POST', '/api/matches', { json: match(i), headers: { 'x-forwarded-for': ADDRESS } });
      expect(recorded.status).toBe(201);
    }
    const events = await apps[0]!.call('GET', '/api/admin/events?type=MatchRecorded', { admin: true });
    expect(events.status).toBe(200);
    const fingerprints = (events.body.events as { fingerprint: string | null }[]).map((entry) => entry.fingerprint);
    expect(fingerprints).toEqual([a, a]);
  });
});
