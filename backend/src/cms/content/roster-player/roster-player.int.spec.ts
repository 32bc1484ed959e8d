import { matchLine, recordMatch } from '../../../../test/support/ladder-requests.js';
import { streamEvents } from '../../../../test/support/cms-requests.js';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.js';

// Issue 42: a roster card can name a tracker player (`playerId`, an optional field of the
// section and of its events); the card then shows the player's live line. Cards naming nobody
// keep their answers and events exactly as before.

describe('a roster card naming a tracker player', () => {
  let app: TestApp;
  let ann: number;
  let bob: number;

  beforeAll(async () => {
    app = await startTestApp();
    const recorded = await recordMatch(app, { winningTeam: 'team1', team1: [matchLine('ann-id', 'Ann', { kills: 9, deaths: 3 })], team2: [matchLine('bob-id', 'Bob', { kills: 3, deaths: 9 })] });
    expect(recorded.matchId).toBeGreaterThan(0);
    const players = (await app.call('GET', '/api/players')).body as { id: number; username: string }[];
    ann = players.find((p) => p.username === 'Ann')!.id;
    bob = players.find((p) => p.username === 'Bob')!.id;
  });
  afterAll(() => app.close());

  const card = (overrides: Record<string, unknown> = {}) => ({ page: 'roster', section: 'player-1', title: '<p>Ann</p>', content: '<p>Role: Entry Fragger<br>ELO: 1250</p>', imageUrl: null, ...overrides });

  test('is created with the player, answered and listed with it, and its event names it', async () => {
    const created = await app.call('POST', '/api/content', { admin: true, json: card({ section: 'ann', playerId: ann }) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ section: 'ann', playerId: ann });
    const roster = (await app.call('GET', '/api/content/roster')).body as { section: string; playerId?: number }[];
    expect(roster.find((s) => s.section === 'ann')!.playerId).toBe(ann);
    const [event] = (await streamEvents(app, 'content-roster')).filter((e) => e.data.section === 'ann');
    expect(event).toMatchObject({ type: 'ContentSectionCreated', data: { section: 'ann', playerId: ann } });
  });

  test('a card naming nobody has no playerId at all, in its answer and in its event', async () => {
    const created = await app.call('POST', '/api/content', { admin: true, json: card({ section: 'nobody', playerId: null }) });
    expect(created.status).toBe(201);
    expect(created.body).not.toHaveProperty('playerId');
    const [event] = (await streamEvents(app, 'content-roster')).filter((e) => e.data.section === 'nobody');
    expect(event!.data).not.toHaveProperty('playerId');
  });

  test('an edit names another player, then nobody; without playerId the player stays; the audit says so', async () => {
    const { body: section } = await app.call('POST', '/api/content', { admin: true, json: card({ section: 'moving', playerId: ann }) });
    const edit = (json: Record<string, unknown>) => app.call('PUT', `/api/content/${section.id}`, { admin: true, json: { title: section.title, content: section.content, ...json } });

    expect((await edit({ playerId: bob })).body.playerId).toBe(bob);
    expect((await streamEvents(app, 'content-roster')).at(-1)).toMatchObject({ type: 'ContentEdited', data: { before: { playerId: ann }, after: { playerId: bob } } });

    const before = await app.eventCount();
    const kept = await edit({});
    expect(kept.body.playerId).toBe(bob);
    expect(await app.eventCount()).toBe(before);

    const cleared = await edit({ playerId: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).not.toHaveProperty('playerId');
    expect((await streamEvents(app, 'content-roster')).at(-1)).toMatchObject({ type: 'ContentEdited', data: { before: { playerId: bob }, after: { playerId: null } } });
    const listed = ((await app.call('GET', '/api/content/roster')).body as { id: number }[]).find((s) => s.id === section.id);
    expect(listed).not.toHaveProperty('playerId');

    const audit = await app.call('GET', '/api/admin/events?limit=5', { admin: true });
    expect(audit.body.events.map((e: { summary: string }) => e.summary)).toContain('Section "Ann" on the Roster page edited (tracker player)');
  });

  test('restoring a version brings its player back', async () => {
    const { body: section } = await app.call('POST', '/api/content', { admin: true, json: card({ section: 'restored', playerId: ann }) });
    await app.call('PUT', `/api/content/${section.id}`, { admin: true, json: { title: section.title, content: section.content, playerId: null } });
    const restored = await app.call('POST', `/api/admin/content/${section.id}/restore`, { admin: true, json: { version: 1 } });
    expect(restored.status).toBe(200);
    expect(restored.body.playerId).toBe(ann);
    const versions = (await app.call('GET', `/api/admin/content/${section.id}/versions`, { admin: true })).body as { section: { playerId?: number } }[];
    expect(versions.map((v) => v.section.playerId ?? null)).toEqual([ann, null, ann]);
  });

  test.each([
    ['another page', { page: 'about', section: 'story', playerId: 1 }, 'playerId must be null on the about page: only roster cards can name a tracker player'],
    ['an unknown player', { playerId: 999 }, "playerId must be a tracker player's ID: no player has the ID 999"],
    ['a zero id', { playerId: 0 }, 'playerId must be a whole number from 1 to 2147483647'],
    ['a text id', { playerId: '3' }, 'playerId must be a whole number from 1 to 2147483647'],
    ['a fraction', { playerId: 1.5 }, 'playerId must be a whole number from 1 to 2147483647'],
  ])('naming %s is a 400 saying why, and nothing is appended', async (_name, overrides, detail) => {
    const before = await app.eventCount();
    const { status, body } = await app.call('POST', '/api/content', { admin: true, json: card({ section: 'refused', ...overrides }) });
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'The content section is not valid', details: [detail] });
    expect(await app.eventCount()).toBe(before);
  });

  test('an edit naming an unknown player is refused too', async () => {
    const { body: section } = await app.call('POST', '/api/content', { admin: true, json: card({ section: 'edit-refused' }) });
    const before = await app.eventCount();
    const { status, body } = await app.call('PUT', `/api/content/${section.id}`, { admin: true, json: { title: section.title, content: section.content, playerId: 4242 } });
    expect(status).toBe(400);
    expect(body.details).toEqual(["playerId must be a tracker player's ID: no player has the ID 4242"]);
    expect(await app.eventCount()).toBe(before);
  });
});
