import { startTestApp, type TestApp } from '../../../../test/support/test-app.js';
import { createSection } from '../../../../test/support/cms-requests.js';

describe('GET /api/content/{page}', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  test('is public and answers an empty list for a page without sections', async () => {
    for (const page of ['home', 'about', 'roster']) {
      const { status, body } = await app.call('GET', `/api/content/${page}`);
      expect(status).toBe(200);
      expect(body).toEqual([]);
    }
  });

  test('answers only that page\'s sections, in order, with every field', async () => {
    const one = await createSection(app, { page: 'roster', section: 'player-1', title: '<p>One</p>', content: '<p>Role: Support</p>', imageUrl: 'https://cdn.example.com/1.png' });
    const two = await createSection(app, { page: 'roster', section: 'player-2' });
    await createSection(app, { page: 'about', section: 'our-story' });
    const { body } = await app.call('GET', '/api/content/roster');
    expect(body).toEqual([
      { id: one.id, page: 'roster', section: 'player-1', title: '<p>One</p>', content: '<p>Role: Support</p>', imageUrl: 'https://cdn.example.com/1.png', order: 0 },
      { ...two, order: 1 },
    ]);
  });

  test.each(['contact', 'Home', 'tracker'])('an unknown page "%s" is a 400', async (page) => {
    const { status, body } = await app.call('GET', `/api/content/${page}`);
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'Unknown content page. Use one of home, about, roster.' });
  });
});
