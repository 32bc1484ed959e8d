import { randomUUID } from 'node:crypto';
import type { AuditPage, EventStore } from '@team/contracts';
import { EVENT_STORE } from '../infrastructure/tokens.js';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';
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

describe('the audit log names players, pages and sections, and finds "Match #N" and "Player #N" (PostgreSQL)', () => {
  let app: TestApp;
  const ids: Record<string, number> = {};
  const line = (discordId: string, username: string) => ({ discordId, username, kills: 0, deaths: 0, assists: 0, score: 0 });
  const ok = async (method: string, path: string, json?: unknown) => {
    const answer = await app.call(method, path, { json, admin: true });
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const events = async (query = '') => (await app.call('GET', `/api/admin/events?${query}`, { admin: true })).body as AuditPage;
  const summaries = async (query: string) => (await events(query)).events.map((e) => e.summary);

  beforeAll(async () => {
    app = await startTestApp();
    // Matches 1 and 2: one Shadow account each (two Discord IDs), against Rival.
    await ok('POST', '/api/matches', { winningTeam: 'team1', team1: [line('5001', 'Shadow')], team2: [line('6001', 'Rival')] });
    await ok('POST', '/api/matches', { winningTeam: 'team2', team1: [line('5002', 'Shadow')], team2: [line('6001', 'Rival')] });
    for (const player of (await ok('GET', '/api/players')) as { id: number; discordId: string }[]) ids[player.discordId] = player.id;
    await ok('POST', '/api/players/merge', { primaryId: ids['5001'], duplicateId: ids['5002'] });
    await ok('POST', '/api/admin/matches/1/void', { reason: 'Wrong lobby' });
    const section = await ok('POST', '/api/content', { page: 'about', section: 'our-story', title: '<p>Our Story</p>', content: '<p>First</p>', imageUrl: null });
    await ok('PUT', `/api/content/${section.id}`, { title: '<p>Our Story</p>', content: '<p>Second</p>', imageUrl: null });
    const page = await ok('POST', '/api/pages', { slug: 'tryouts', title: 'Tryouts' });
    await ok('POST', '/api/blocks', {
      pageId: page.id, blockType: 'text', layout: 'full', order: 0, padding: 'medium', textAlign: 'left', title: 'Sign up',
      content: '<p>Fridays</p>', videoUrl: null, imageUrl: null, buttonText: null, buttonUrl: null, buttonStyle: 'primary',
    });
  });
  afterAll(() => app.close());

  test('summaries and links name what the events give by id only, from the read models: one query per kind', async () => {
    const lookups: string[] = [];
    const onQuery = ({ sql }: { sql: string }) => {
      const table = /^select .* from "(ladder_players|pages|content_sections)" where "id" in/.exec(sql)?.[1];
      if (table) lookups.push(table);
    };
    app.knex.on('query', onQuery);
    const page = await events();
    app.knex.off('query', onQuery);
    expect(lookups.sort()).toEqual(['content_sections', 'ladder_players', 'pages']);
    const entry = (type: string) => page.events.find((e) => e.type === type)!;
    const [primary, duplicate, rival] = [ids['5001']!, ids['5002']!, ids['6001']!];
    expect(entry('PlayersMerged').summary).toBe(`Player "Shadow" (#${duplicate}) merged into "Shadow" (#${primary})`);
    expect(entry('MatchVoided')).toMatchObject({
      summary: 'Match #1 voided: Wrong lobby',
      links: { playerIds: [primary, rival].sort((a, b) => a - b), playerNames: { [primary]: 'Shadow', [rival]: 'Rival' } },
    });
    // The edit changed the content only: its section's title comes from the read model.
    expect(entry('ContentEdited').summary).toBe('Section "Our Story" on the About page edited (content)');
    expect(entry('ContentBlockSaved')).toMatchObject({
      summary: 'Text block "Sign up" added to page "Tryouts" (/tryouts)',
      links: { pageSlugs: ['tryouts'], pageTitles: { tryouts: 'Tryouts' } },
    });
    expect(entry('PageCreated').summary).toBe('Page "Tryouts" created at /tryouts');
  });

  test('"Match #1", "match 1" and "#1" find match 1\'s recorded and voided events; "Player #N" a player\'s', async () => {
    const matchOne = ['Match #1 voided: Wrong lobby', expect.stringMatching(/^Match #1 recorded: Team 1 won, 2 players$/)];
    expect(await summaries(`q=${encodeURIComponent('Match #1')}`)).toEqual(matchOne);
    expect(await summaries('q=match%201')).toEqual(matchOne);
    // A bare "#N" also names player N (the first account: Shadow's), whose events come along.
    const bare = await summaries(`q=${encodeURIComponent('#1')}`);
    expect(bare).toEqual(expect.arrayContaining(matchOne));
    expect((await events(`q=${encodeURIComponent(`Player #${ids['5002']}`)}`)).events.map((e) => e.type)).toEqual([
      'PlayersMerged',
      'MatchRecorded',
    ]);
    // Still a text search too, and a number past PostgreSQL's integers names nothing (no 500).
    expect(await summaries('q=wrong%20lobby')).toEqual(['Match #1 voided: Wrong lobby']);
    expect((await app.call('GET', `/api/admin/events?q=${encodeURIComponent('Match #99999999999')}`, { admin: true })).status).toBe(200);
  });
});
