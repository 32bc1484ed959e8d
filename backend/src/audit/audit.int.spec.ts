import { randomUUID } from 'node:crypto';
import type { EventStore } from '@team/contracts';
import { EVENT_STORE } from '../infrastructure/tokens.js';
import { startTestApp, type TestApp } from '../testing/test-app.js';
import { until } from '@test-support/until.js';

describe('audit log and operations (admin)', () => {
  let app: TestApp;
  let store: EventStore;
  const append = (stream: string, type: string, data: unknown, recordedAt = new Date('2026-03-01T10:00:00Z')) =>
    store.append(stream, [{ id: randomUUID(), type, data }], 'any', {
      correlationId: `corr-${type}`,
      actor: type === 'ProbeScored' ? 'public' : 'admin',
      fingerprint: 'f1',
      recordedAt,
    });

  beforeAll(async () => {
    app = await startTestApp();
    store = app.running.app.get(EVENT_STORE);
    await append('ladder', 'ProbeScored', {
      matchId: 1,
      winningTeam: 'team2',
      team1Score: 100,
      team2Score: 250,
      participants: [{ playerId: 1 }, { playerId: 2 }],
    });
    await append('content-home', 'ProbeEdited', { id: 3, section: 'hero', title: '<p>Welcome <b>fans</b></p>' }, new Date('2026-03-02T10:00:00Z'));
    await append('ladder', 'ProbeMerged', { primaryId: 1, duplicateId: 7, primaryUsername: 'Ace', duplicateUsername: 'ace' }, new Date('2026-03-03T10:00:00Z'));
    for (let i = 0; i < 5; i++) await append(`page-${i}`, 'ProbeCreated', { slug: `page-${i}`, title: `Page ${i}` }, new Date('2026-03-04T10:00:00Z'));
  });
  afterAll(() => app.close());

  test('lists events newest first with summaries, actors and links', async () => {
    const { status, body } = await app.call('GET', '/api/admin/events', { admin: true });
    expect(status).toBe(200);
    expect(body.events).toHaveLength(8);
    expect(body.events.map((e: { position: number }) => e.position)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(body.events.at(-1)).toMatchObject({
      type: 'ProbeScored',
      streamId: 'ladder',
      actor: 'public',
      correlationId: 'corr-ProbeScored',
      fingerprint: 'f1',
      summary: 'Probe Scored in ladder',
      links: { playerIds: [1, 2] },
      data: { matchId: 1, winningTeam: 'team2' },
    });
    expect(body.events[5].links.playerIds).toEqual([1, 7]);
    expect(body.events[6]).toMatchObject({ summary: 'Probe Edited in content-home: hero', links: { contentPages: ['home'] } });
    expect(body.nextCursor).toBeNull();
  });

  test('filters by type, stream, player, time and free text, and pages by cursor', async () => {
    const get = async (query: string) => (await app.call('GET', `/api/admin/events?${query}`, { admin: true })).body;
    expect((await get('type=ProbeMerged,ProbeScored')).events.map((e: { type: string }) => e.type)).toEqual([
      'ProbeMerged',
      'ProbeScored',
    ]);
    expect((await get('stream=content-home')).events).toHaveLength(1);
    expect((await get('player=7')).events.map((e: { type: string }) => e.type)).toEqual(['ProbeMerged']);
    expect((await get('player=1')).events).toHaveLength(2);
    expect((await get('from=2026-03-02T00:00:00Z&to=2026-03-03T23:59:59Z')).events).toHaveLength(2);
    expect((await get('q=welcome')).events.map((e: { streamId: string }) => e.streamId)).toEqual(['content-home']);
    expect((await get('q=100%25')).events).toHaveLength(0);

    const first = await get('limit=3');
    expect(first.events.map((e: { position: number }) => e.position)).toEqual([8, 7, 6]);
    expect(first.nextCursor).toBe(6);
    const second = await get(`limit=3&before=${first.nextCursor}`);
    expect(second.events.map((e: { position: number }) => e.position)).toEqual([5, 4, 3]);
    const last = await get(`limit=3&before=${second.nextCursor}`);
    expect(last.events.map((e: { position: number }) => e.position)).toEqual([2, 1]);
    expect(last.nextCursor).toBeNull();
  });

  test('refuses a bad filter with 400 and details, and callers without the key with 401', async () => {
    const bad = await app.call('GET', '/api/admin/events?limit=0&from=yesterday&player=x', { admin: true });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('The audit filter is not valid.');
    expect(bad.body.details).toEqual(
      expect.arrayContaining([
        'limit must be a whole number from 1 to 200',
        'from must be a date and time (ISO 8601) from year 0001 to 9999',
        'player must be a whole number from 1 to 2147483647',
      ]),
    );
    expect((await app.call('GET', '/api/admin/events')).status).toBe(401);
    expect((await app.call('POST', '/api/admin/projections/rebuild')).status).toBe(401);
    expect((await app.call('GET', '/api/admin/operations')).status).toBe(401);
  });

  test('a rebuild runs in the background and its progress reaches the end', async () => {
    const before = await app.eventCount();
    const started = await app.call('POST', '/api/admin/projections/rebuild', { admin: true });
    expect(started.status).toBe(202);
    expect(started.body.running).toBe(true);
    const operations = (
      await until(
        () => app.call('GET', '/api/admin/operations', { admin: true }),
        (answer) => !answer.body.rebuild.running,
        30_000,
        50,
      )
    ).body;
    expect(operations.rebuild).toMatchObject({
      running: false,
      lastError: null,
      lastResult: { events: 8 },
      progress: { phase: 'done', done: 8, total: 8 },
    });
    expect(operations.head).toBe(8);
    expect(await app.eventCount()).toBe(before);
  });
});
