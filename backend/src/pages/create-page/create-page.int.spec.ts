import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { createPage, streamEvents } from '../../content/testing/cms-requests.js';

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

  test.each(['home', 'about', 'roster', 'tracker', 'admin', 'api', 'assets'])('the route slug "%s" is a 409', async (slug) => {
    const before = await app.eventCount();
    const { status, body } = await app.call('POST', '/api/pages', { admin: true, json: { slug, title: 'Mine' } });
    expect(status).toBe(409);
    expect(body).toEqual({ error: `The slug "${slug}" is already a route of the site` });
    expect(await app.eventCount()).toBe(before);
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
