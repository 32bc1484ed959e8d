import type { ContentBlock, Page, PageVersion } from '@team/contracts';
import { createBlock, createPage, rebuildReadModels, streamEvents } from '../../../../test/support/cms-requests.js';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.js';

describe('POST /api/admin/pages/{id}/restore', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const versionsOf = async (id: number): Promise<PageVersion[]> => (await app.call('GET', `/api/admin/pages/${id}/versions`, { admin: true })).body;
  const restore = (id: number, json: unknown, admin = true) => app.call('POST', `/api/admin/pages/${id}/restore`, { admin, json });

  /** Versions 1 to 6: created, blocks a, b, c added, b edited, a deleted. */
  async function builtAndEdited(slug: string): Promise<{ page: Page; a: ContentBlock; b: ContentBlock; c: ContentBlock }> {
    const page = await createPage(app, slug, 'Built');
    const a = await createBlock(app, page.id, { order: 0, content: '<p>a</p>' });
    const b = await createBlock(app, page.id, { order: 1, content: '<p>b</p>', layout: 'half' });
    const c = await createBlock(app, page.id, { order: 2, blockType: 'html', content: '<b>raw</b>' });
    await app.call('PUT', `/api/blocks/${b.id}`, { admin: true, json: { ...b, content: '<p>b2</p>', layout: 'full', order: 0 } });
    await app.call('DELETE', `/api/blocks/${a.id}`, { admin: true });
    return { page, a, b, c };
  }

  test('restoring an earlier version puts exactly its blocks back, in one append', async () => {
    const { page, a, b, c } = await builtAndEdited('restore-blocks');
    const before = await app.eventCount();

    const { status, body, headers } = await restore(page.id, { version: 4 });
    expect(status).toBe(200);
    expect(body).toEqual({ ...page, contentBlocks: [a, b, c] });
    expect(Number(headers.get('x-event-position'))).toBeGreaterThan(0);
    expect((await app.call('GET', '/api/pages/restore-blocks')).body).toEqual({ ...page, contentBlocks: [a, b, c] });

    // b back as it was, a re-saved: two events, one append (one correlation id, consecutive revisions).
    expect(await app.eventCount()).toBe(before + 2);
    const appended = await app.knex('events').where({ stream_id: `page-${page.id}` }).orderBy('revision').select('type', 'revision', 'metadata');
    const last = appended.slice(-2);
    expect(last.map((event) => [event.type, event.revision])).toEqual([
      ['ContentBlockSaved', 6],
      ['ContentBlockSaved', 7],
    ]);
    expect(last[0].metadata.correlationId).toBe(last[1].metadata.correlationId);
    const versions = await versionsOf(page.id);
    expect(versions).toHaveLength(8);
    expect(versions.at(-1)!.page).toEqual(versions[3]!.page);
  });

  test('restoring a version with fewer blocks deletes the ones it did not have', async () => {
    const { page } = await builtAndEdited('fewer-blocks');
    const { status, body } = await restore(page.id, { version: 2 });
    expect(status).toBe(200);
    expect(body.contentBlocks.map((block: ContentBlock) => block.content)).toEqual(['<p>a</p>']);
    expect((await app.call('GET', '/api/pages/fewer-blocks')).body.contentBlocks).toEqual(body.contentBlocks);
    expect((await streamEvents(app, `page-${page.id}`)).slice(-3).map((event) => event.type)).toEqual([
      'ContentBlockDeleted',
      'ContentBlockDeleted',
      'ContentBlockSaved',
    ]);
  });

  test('a system page can go back to its built-in version 0, without blocks', async () => {
    await createBlock(app, 1, { content: '<p>welcome</p>' });
    const { status, body } = await restore(1, { version: 0 });
    expect(status).toBe(200);
    expect(body).toEqual({ id: 1, slug: 'home', title: 'Home', isSystem: true, contentBlocks: [] });
    expect((await app.call('GET', '/api/pages/home')).body.contentBlocks).toEqual([]);
  });

  test('a deleted page comes back with the version\'s blocks', async () => {
    const { page, b, c } = await builtAndEdited('comes-back');
    await app.call('DELETE', `/api/pages/${page.id}`, { admin: true });
    expect((await app.call('GET', '/api/pages/comes-back')).status).toBe(404);
    const before = await app.eventCount();

    const { status, body } = await restore(page.id, { version: 6 });
    const edited = { ...b, content: '<p>b2</p>', layout: 'full', order: 0 };
    expect(status).toBe(200);
    expect(body).toEqual({ ...page, contentBlocks: [edited, c] });
    // The slug's reservation comes back with the page: a creation can no longer take it.
    expect(await app.eventCount()).toBe(before + 2);
    expect((await streamEvents(app, `page-${page.id}`)).at(-1)!.type).toBe('PageRestored');
    expect((await streamEvents(app, 'page-slug-comes-back')).at(-1)).toEqual({ type: 'PageSlugReserved', data: { slug: 'comes-back', pageId: page.id } });
    expect((await app.call('GET', '/api/pages/comes-back')).body).toEqual({ ...page, contentBlocks: [edited, c] });
    expect((await app.call('GET', '/api/pages')).body).toContainEqual(page);
    // Live again for every command.
    expect((await app.call('DELETE', `/api/blocks/${c.id}`, { admin: true })).status).toBe(200);
  });

  test('a deleted page whose slug another page took since is a 409; nothing appended', async () => {
    const first = await createPage(app, 'taken-later');
    await app.call('DELETE', `/api/pages/${first.id}`, { admin: true });
    const second = await createPage(app, 'taken-later');
    const before = await app.eventCount();
    const { status, body } = await restore(first.id, { version: 1 });
    expect(status).toBe(409);
    expect(body).toEqual({ error: 'The page cannot be restored: another page now has the slug "taken-later"' });
    expect(await app.eventCount()).toBe(before);
    expect((await app.call('GET', '/api/pages/taken-later')).body.id).toBe(second.id);
  });

  test('restoring the version the page already equals appends nothing', async () => {
    const { page, b, c } = await builtAndEdited('no-change');
    const before = await app.eventCount();
    const { status, body, headers } = await restore(page.id, { version: 6 });
    expect(status).toBe(200);
    expect(body).toEqual({ ...page, contentBlocks: [{ ...b, content: '<p>b2</p>', layout: 'full', order: 0 }, c] });
    expect(headers.get('x-event-position')).toBeNull();
    expect(await app.eventCount()).toBe(before);
  });

  test('without the admin key: 401 and nothing appended', async () => {
    const { page } = await builtAndEdited('no-key');
    const before = await app.eventCount();
    const { status, body } = await restore(page.id, { version: 1 }, false);
    expect(status).toBe(401);
    expect(body).toEqual({ error: 'A valid admin key is required.' });
    expect(await app.eventCount()).toBe(before);
  });

  test.each([
    ['no body', undefined, { error: 'The restore request is not valid', details: ['the body must be a JSON object'] }],
    ['a fractional version', { version: 1.5 }, { error: 'The restore request is not valid', details: ['version must be a whole number from 0'] }],
    ['a version past the last', { version: 8 }, { error: 'There is no version 8 of this page: it has versions 1 to 7' }],
    ['version 0 of a created page', { version: 0 }, { error: 'There is no version 0 of this page: it has versions 1 to 7' }],
    ['the deletion', { version: 7 }, { error: 'That version is a deletion: pick a version with content.' }],
  ])('%s is a 400; nothing appended', async (name, json, answer) => {
    const { page } = await builtAndEdited(`bad-${name.replace(/\W+/g, '-')}`);
    await app.call('DELETE', `/api/pages/${page.id}`, { admin: true });
    const before = await app.eventCount();
    const response = await restore(page.id, json);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(answer);
    expect(await app.eventCount()).toBe(before);
  });

  test('an unknown page is a 404; nothing appended', async () => {
    const before = await app.eventCount();
    const { status, body } = await restore(999999, { version: 1 });
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Page not found' });
    expect(await app.eventCount()).toBe(before);
  });

  test('a replay of the log into fresh read tables gives the same pages and blocks, restored ones included', async () => {
    const read = async () => {
      const pages: Page[] = (await app.call('GET', '/api/pages')).body;
      return Promise.all(pages.map(async (page) => (await app.call('GET', `/api/pages/${page.slug}`)).body));
    };
    const before = await read();
    expect(before.map((page) => page.slug)).toContain('comes-back');
    await rebuildReadModels(app);
    expect(await read()).toEqual(before);
  });
});
