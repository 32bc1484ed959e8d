import { startTestApp, type TestApp } from '../../../../test/support/test-app.js';
import { createBlock, createPage } from '../../../../test/support/cms-requests.js';

describe('GET /api/pages/{slug}', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  test('a system page answers with its (empty) blocks', async () => {
    const { status, body } = await app.call('GET', '/api/pages/about');
    expect(status).toBe(200);
    expect(body).toEqual({ id: 2, slug: 'about', title: 'About', isSystem: true, contentBlocks: [] });
  });

  test('a created page answers with its blocks ordered by order', async () => {
    const page = await createPage(app, 'tournament', 'Tournament');
    const second = await createBlock(app, page.id, { order: 1, content: '<p>second</p>' });
    const first = await createBlock(app, page.id, { order: 0, blockType: 'button', buttonText: 'Go', buttonUrl: '/tracker', buttonStyle: 'primary' });
    const { status, body } = await app.call('GET', '/api/pages/tournament');
    expect(status).toBe(200);
    expect(body).toEqual({ ...page, contentBlocks: [first, second] });
    expect(body.contentBlocks[0]).toEqual({
      id: first.id,
      pageId: page.id,
      blockType: 'button',
      layout: 'full',
      order: 0,
      padding: 'medium',
      textAlign: 'left',
      title: '',
      content: '',
      videoUrl: null,
      imageUrl: null,
      buttonText: 'Go',
      buttonUrl: '/tracker',
      buttonStyle: 'primary',
    });
  });

  test('an unknown slug is a 404 with { error: "Page not found" }', async () => {
    const { status, body } = await app.call('GET', '/api/pages/no-such-page');
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Page not found' });
  });

  test('a deleted page is gone', async () => {
    const page = await createPage(app, 'short-lived');
    await app.call('DELETE', `/api/pages/${page.id}`, { admin: true });
    expect((await app.call('GET', '/api/pages/short-lived')).status).toBe(404);
  });
});
