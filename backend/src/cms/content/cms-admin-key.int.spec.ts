import { startTestApp, TEST_ADMIN_KEY, type TestApp } from '../../../test/support/test-app.js';
import { createBlock, createPage, createSection, newBlock } from '../../../test/support/cms-requests.js';

describe('every CMS write needs the admin key', () => {
  let app: TestApp;
  let writes: [string, string, unknown][];
  beforeAll(async () => {
    // Room for every wrong key below without the per-address throttle kicking in.
    app = await startTestApp({ ADMIN_FAILURES_PER_15_MIN: '1000' });
    const section = await createSection(app);
    const page = await createPage(app, 'guarded');
    const block = await createBlock(app, page.id);
    // So that restoring version 1 would change something, were the key not checked.
    await app.call('PUT', `/api/content/${section.id}`, { admin: true, json: { title: '<p>v2</p>', content: '' } });
    writes = [
      ['POST', '/api/content', { page: 'about', section: 'x', title: '', content: '' }],
      ['PUT', `/api/content/${section.id}`, { title: '<p>hacked</p>', content: '' }],
      ['DELETE', `/api/content/${section.id}`, undefined],
      ['POST', '/api/content/about/reorder', { orderedIds: [section.id] }],
      ['POST', '/api/pages', { slug: 'mine', title: 'Mine' }],
      ['DELETE', `/api/pages/${page.id}`, undefined],
      ['POST', '/api/blocks', newBlock(page.id)],
      ['PUT', `/api/blocks/${block.id}`, newBlock(page.id, { content: 'hacked' })],
      ['DELETE', `/api/blocks/${block.id}`, undefined],
      ['POST', `/api/admin/content/${section.id}/restore`, { version: 1 }],
      ['POST', `/api/admin/pages/${page.id}/restore`, { version: 1 }],
    ];
  });
  afterAll(() => app.close());

  test('without a key: 401 and nothing appended', async () => {
    const before = await app.eventCount();
    for (const [method, path, json] of writes) {
      const { status, body } = await app.call(method, path, { json });
      expect([method, path, status, body]).toEqual([method, path, 401, { error: 'A valid admin key is required.' }]);
    }
    expect(await app.eventCount()).toBe(before);
  });

  test('with a wrong key: 401 and nothing appended', async () => {
    const before = await app.eventCount();
    for (const [method, path, json] of writes) {
      const { status, body } = await app.call(method, path, { json, headers: { 'x-admin-key': `${TEST_ADMIN_KEY}x` } });
      expect([method, path, status, body]).toEqual([method, path, 401, { error: 'The admin key is not valid.' }]);
    }
    expect(await app.eventCount()).toBe(before);
  });

  test('reads are public', async () => {
    for (const path of ['/api/content/about', '/api/pages', '/api/pages/guarded']) {
      expect((await app.call('GET', path)).status).toBe(200);
    }
  });
});
