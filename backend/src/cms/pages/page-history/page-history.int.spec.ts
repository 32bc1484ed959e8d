import type { PageVersion } from '@team/contracts';
import { createBlock, createPage } from '../../../../test/support/cms-requests.js';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.js';

describe('GET /api/admin/pages/{id}/versions', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const versionsOf = async (id: number): Promise<PageVersion[]> => {
    const { status, body } = await app.call('GET', `/api/admin/pages/${id}/versions`, { admin: true });
    expect(status).toBe(200);
    return body;
  };

  test('one version per event of the page, each with the blocks as they were, in display order', async () => {
    const page = await createPage(app, 'history', 'History');
    const a = await createBlock(app, page.id, { order: 0, content: '<p>a</p>' });
    const b = await createBlock(app, page.id, { order: 1, content: '<p>b</p>' });
    const c = await createBlock(app, page.id, { order: 2, content: '<p>c</p>' });
    await app.call('PUT', `/api/blocks/${b.id}`, { admin: true, json: { ...b, content: '<p>b2</p>' } });
    await app.call('DELETE', `/api/blocks/${a.id}`, { admin: true });

    const versions = await versionsOf(page.id);
    expect(versions.map((v) => [v.version, v.revision, v.eventType, v.page.contentBlocks.map((block) => block.content)])).toEqual([
      [1, 0, 'PageCreated', []],
      [2, 1, 'ContentBlockSaved', ['<p>a</p>']],
      [3, 2, 'ContentBlockSaved', ['<p>a</p>', '<p>b</p>']],
      [4, 3, 'ContentBlockSaved', ['<p>a</p>', '<p>b</p>', '<p>c</p>']],
      [5, 4, 'ContentBlockSaved', ['<p>a</p>', '<p>b2</p>', '<p>c</p>']],
      [6, 5, 'ContentBlockDeleted', ['<p>b2</p>', '<p>c</p>']],
    ]);
    const positions = versions.map((v) => v.position);
    expect(positions).toEqual([...positions].sort((x, y) => x - y));
    expect(versions[3]).toEqual({
      version: 4,
      position: expect.any(Number),
      revision: 3,
      recordedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      actor: 'admin',
      // The key by name, as the audit log names it: the owner key of the environment here.
      adminKey: { id: 'owner', name: 'Owner' },
      correlationId: expect.any(String),
      eventType: 'ContentBlockSaved',
      deleted: false,
      page: { ...page, contentBlocks: [a, b, c] },
    });
  });

  test('a system page without blocks has its built-in version 0; its first block is version 1', async () => {
    expect(await versionsOf(3)).toEqual([
      {
        version: 0,
        position: 0,
        revision: -1,
        recordedAt: null,
        actor: 'system',
        correlationId: null,
        eventType: 'BuiltIn',
        deleted: false,
        page: { id: 3, slug: 'roster', title: 'Roster', isSystem: true, contentBlocks: [] },
      },
    ]);
    const block = await createBlock(app, 3);
    expect((await versionsOf(3)).map((v) => [v.version, v.page.contentBlocks])).toEqual([
      [0, []],
      [1, [block]],
    ]);
  });

  test('a deleted page keeps its history; the deletion shows what was deleted', async () => {
    const page = await createPage(app, 'deleted-history');
    const block = await createBlock(app, page.id);
    await app.call('DELETE', `/api/pages/${page.id}`, { admin: true });
    expect((await versionsOf(page.id)).map((v) => [v.eventType, v.deleted, v.page.contentBlocks])).toEqual([
      ['PageCreated', false, []],
      ['ContentBlockSaved', false, [block]],
      ['PageDeleted', true, [block]],
    ]);
  });

  test('an unknown page is a 404, a malformed id a 400, no key a 401', async () => {
    const unknown = await app.call('GET', '/api/admin/pages/999999/versions', { admin: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Page not found' });
    const malformed = await app.call('GET', '/api/admin/pages/x/versions', { admin: true });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: 'The page id must be a positive whole number' });
    const anonymous = await app.call('GET', '/api/admin/pages/1/versions');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: 'A valid admin key is required.' });
  });
});
