import { startTestApp, type TestApp } from '../../../../test/support/test-app.js';
import { createPage, streamEvents } from '../../../../test/support/cms-requests.js';

describe('POST /api/pages', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  test('creates a page (201) and answers it; ids start after the system pages', async () => {
    const { status, body, headers } = await app.call('POST', '/api/pages', { admin: true, json: { slug: 'team-news', title: ' Team News ' } });
    expect(status).toBe(201);
    expect(body).toEqual({ id: expect.any(Number), slug: 'team-news', title: 'Team News', isSystem: false });
    expect(body.id).toBeGreaterThanOrEqual(4);
    expect(Number(headers.get('x-event-position'))).toBeGreaterThan(0);
    expect(await streamEvents(app, `page-${body.id}`)).toEqual([{ type: 'PageCreated', data: body }]);
    expect((await app.call('GET', '/api/pages/team-news')).body).toEqual({ ...body, contentBlocks: [] });
  });

  test('a slug another page has is a 409', async () => {
    await createPage(app, 'sponsors');
    const before = await app.eventCount();
    const { status, body } = await app.call('POST', '/api/pages', { admin: true, json: { slug: 'sponsors', title: 'Again' } });
    expect(status).toBe(409);
    expect(body).toEqual({ error: 'A page with the slug "sponsors" already exists' });
    expect(await app.eventCount()).toBe(before);
  });

  test('two creations of one slug at the same moment: exactly one wins', async () => {
    const attempts = await Promise.all(
      [1, 2, 3].map((n) => app.call('POST', '/api/pages', { admin: true, json: { slug: 'race', title: `Race ${n}` } })),
    );
    expect(attempts.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect((await app.call('GET', '/api/pages')).body.filter((p: { slug: string }) => p.slug === 'race')).toHaveLength(1);
  });

  test('a slug frees up when its page is deleted', async () => {
    const first = await createPage(app, 'recycled');
    await app.call('DELETE', `/api/pages/${first.id}`, { admin: true });
    const second = await createPage(app, 'recycled');
    expect(second.id).not.toBe(first.id);
  });

  test.each(['home', 'about', 'roster', 'tracker', 'admin', 'api', 'assets', 'media', 'schedule'])('the route slug "%s" is a 409', async (slug) => {
    const before = await app.eventCount();
    const { status, body } = await app.call('POST', '/api/pages', { admin: true, json: { slug, title: 'Mine' } });
    expect(status).toBe(409);
    expect(body.error).toMatch(new RegExp(`^The slug "${slug}" is already a route of the site: /${slug} shows .+\\. Choose another slug\\.$`));
    expect(await app.eventCount()).toBe(before);
  });

  test('the schedule slug says what is there', async () => {
    const { body } = await app.call('POST', '/api/pages', { admin: true, json: { slug: 'schedule', title: 'Our matches' } });
    expect(body).toEqual({ error: 'The slug "schedule" is already a route of the site: /schedule shows the team\'s schedule and results. Choose another slug.' });
  });

  test.each([
    ['no slug', { title: 'T' }, ['slug is required']],
    ['an uppercase slug', { slug: 'News', title: 'T' }, ['slug must be 1 to 64 lowercase letters, digits or hyphens']],
    ['a slug with spaces', { slug: 'team news', title: 'T' }, ['slug must be 1 to 64 lowercase letters, digits or hyphens']],
    ['a slug with a slash', { slug: 'a/b', title: 'T' }, ['slug must be 1 to 64 lowercase letters, digits or hyphens']],
    ['a 65-character slug', { slug: 'a'.repeat(65), title: 'T' }, ['slug must be 1 to 64 lowercase letters, digits or hyphens']],
    ['no title', { slug: 'ok' }, ['title is required']],
    ['a blank title', { slug: 'ok', title: '   ' }, ['title is required']],
    ['a title over 200 characters', { slug: 'ok', title: 't'.repeat(201) }, ['title must be at most 200 characters']],
    ['neither', {}, ['slug is required', 'title is required']],
  ])('refuses %s with 400 and appends nothing', async (_name, json, details) => {
    const before = await app.eventCount();
    const { status, body } = await app.call('POST', '/api/pages', { admin: true, json });
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'The page is not valid', details });
    expect(await app.eventCount()).toBe(before);
  });
});

/**
 * The read tables lag (here: no projector runs, and no wait is allowed), so only the event
 * store can tell that a slug is taken: the reservation stream `page-slug-{slug}`.
 */
describe('POST /api/pages while the read tables lag behind', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ PROJECTOR: 'off', READ_YOUR_WRITES_TIMEOUT_MS: '0' });
  });
  afterAll(() => app.close());

  test('answers 503 when its wait times out, and a second creation of the slug is a 409', async () => {
    const first = await app.call('POST', '/api/pages', { admin: true, json: { slug: 'lagging', title: 'First' } });
    expect(first.status).toBe(503);
    expect(first.body).toEqual({ error: 'Your change was saved, but the pages have not caught up yet. Refresh in a moment.' });

    const before = await app.eventCount();
    const second = await app.call('POST', '/api/pages', { admin: true, json: { slug: 'lagging', title: 'Second' } });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ error: 'A page with the slug "lagging" already exists' });
    expect(await app.eventCount()).toBe(before);

    const created = await app.knex('events').where({ type: 'PageCreated' }).select('data');
    expect(created.filter((row: { data: { slug: string } }) => row.data.slug === 'lagging')).toHaveLength(1);
    const pageId = created.find((row: { data: { slug: string } }) => row.data.slug === 'lagging')!.data.id;
    expect(await streamEvents(app, 'page-slug-lagging')).toEqual([{ type: 'PageSlugReserved', data: { slug: 'lagging', pageId } }]);
  });

  test('two creations of one slug at the same moment: one page, the other a 409', async () => {
    const attempts = await Promise.all(
      [1, 2].map((n) => app.call('POST', '/api/pages', { admin: true, json: { slug: 'lagging-race', title: `Race ${n}` } })),
    );
    expect(attempts.map((a) => a.status).sort()).toEqual([409, 503]);
    const created = await app.knex('events').where({ type: 'PageCreated' }).select('data');
    expect(created.filter((row: { data: { slug: string } }) => row.data.slug === 'lagging-race')).toHaveLength(1);
  });

  test('a deleted page releases its slug in the store: the slug can be created again', async () => {
    const first = await app.call('POST', '/api/pages', { admin: true, json: { slug: 'lagging-again', title: 'First' } });
    expect(first.status).toBe(503);
    const [{ data }] = await streamEvents(app, 'page-slug-lagging-again');
    const deleted = await app.call('DELETE', `/api/pages/${data.pageId}`, { admin: true });
    expect(deleted.status).toBe(503);

    const second = await app.call('POST', '/api/pages', { admin: true, json: { slug: 'lagging-again', title: 'Second' } });
    expect(second.status).toBe(503);
    const reservations = await streamEvents(app, 'page-slug-lagging-again');
    expect(reservations.map((event) => event.type)).toEqual(['PageSlugReserved', 'PageSlugReleased', 'PageSlugReserved']);
    expect(reservations[2].data.pageId).not.toBe(data.pageId);
  });
});
