import { startTestApp, type TestApp } from '../../../../test/support/test-app.js';
import { createBlock, createPage, streamEvents } from '../../../../test/support/cms-requests.js';

describe('DELETE /api/pages/{id}', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  test('deletes a created page with its blocks and answers the page as it was', async () => {
    const page = await createPage(app, 'old-news', 'Old News');
    const block = await createBlock(app, page.id, { content: '<p>bye</p>' });
    const { status, body } = await app.call('DELETE', `/api/pages/${page.id}`, { admin: true });
    expect(status).toBe(200);
    expect(body).toEqual(page);
    expect((await app.call('GET', '/api/pages/old-news')).status).toBe(404);
    expect((await streamEvents(app, `page-${page.id}`)).at(-1)).toEqual({
      type: 'PageDeleted',
      data: { id: page.id, slug: 'old-news', title: 'Old News', blocks: [block] },
    });
    // Its blocks went with it.
    expect((await app.call('PUT', `/api/blocks/${block.id}`, { admin: true, json: { blockType: 'text' } })).status).toBe(404);
  });

  test.each([1, 2, 3])('system page %i cannot be deleted (409)', async (id) => {
    const before = await app.eventCount();
    const { status, body } = await app.call('DELETE', `/api/pages/${id}`, { admin: true });
    expect(status).toBe(409);
    expect(body).toEqual({ error: 'System pages cannot be deleted' });
    expect(await app.eventCount()).toBe(before);
  });

  test('an unknown or already deleted page is a 404; a malformed id a 400', async () => {
    const page = await createPage(app, 'twice');
    await app.call('DELETE', `/api/pages/${page.id}`, { admin: true });
    const before = await app.eventCount();
    const again = await app.call('DELETE', `/api/pages/${page.id}`, { admin: true });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: 'Page not found' });
    expect((await app.call('DELETE', '/api/pages/99999', { admin: true })).status).toBe(404);
    const malformed = await app.call('DELETE', '/api/pages/news', { admin: true });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: 'The page id must be a positive whole number' });
    expect(await app.eventCount()).toBe(before);
  });
});
