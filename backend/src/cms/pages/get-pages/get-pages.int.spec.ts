import { startTestApp, type TestApp } from '../../../../test/support/test-app.js';
import { createPage } from '../../../../test/support/cms-requests.js';

describe('GET /api/pages', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const systemPages = [
    { id: 1, slug: 'home', title: 'Home', isSystem: true },
    { id: 2, slug: 'about', title: 'About', isSystem: true },
    { id: 3, slug: 'roster', title: 'Roster', isSystem: true },
  ];

  test('the system pages exist from the first start, without any event', async () => {
    const { status, body } = await app.call('GET', '/api/pages');
    expect(status).toBe(200);
    expect(body).toEqual(systemPages);
    expect(await app.eventCount()).toBe(0);
  });

  test('created pages follow the system pages in creation order; deleted ones disappear', async () => {
    const news = await createPage(app, 'news', 'News');
    const events = await createPage(app, 'events', 'Events');
    expect((await app.call('GET', '/api/pages')).body).toEqual([...systemPages, news, events]);
    await app.call('DELETE', `/api/pages/${news.id}`, { admin: true });
    expect((await app.call('GET', '/api/pages')).body).toEqual([...systemPages, events]);
  });
});
