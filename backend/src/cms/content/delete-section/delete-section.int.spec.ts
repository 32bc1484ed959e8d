import { startTestApp, type TestApp } from '../../../../test/support/test-app.js';
import { createSection, streamEvents } from '../../../../test/support/cms-requests.js';

describe('DELETE /api/content/{id}', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  test('removes the section, answers it as it was, and keeps it in the event', async () => {
    const keep = await createSection(app, { page: 'home', section: 'hero' });
    const gone = await createSection(app, { page: 'home', section: 'stats-overview' });
    const { status, body } = await app.call('DELETE', `/api/content/${gone.id}`, { admin: true });
    expect(status).toBe(200);
    expect(body).toEqual(gone);
    expect((await app.call('GET', '/api/content/home')).body).toEqual([keep]);
    expect((await streamEvents(app, 'content-home')).at(-1)).toEqual({ type: 'ContentSectionDeleted', data: gone });
  });

  test('a deleted or unknown section is a 404 and appends nothing', async () => {
    const section = await createSection(app, { section: 'twice' });
    expect((await app.call('DELETE', `/api/content/${section.id}`, { admin: true })).status).toBe(200);
    const before = await app.eventCount();
    const again = await app.call('DELETE', `/api/content/${section.id}`, { admin: true });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: 'Content section not found' });
    expect((await app.call('DELETE', '/api/content/424242', { admin: true })).status).toBe(404);
    expect((await app.call('DELETE', '/api/content/0', { admin: true })).status).toBe(400);
    expect(await app.eventCount()).toBe(before);
  });
});
