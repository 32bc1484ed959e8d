import { randomUUID } from 'node:crypto';
import type { EventStore, PageEvent } from '@team/contracts';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import { newBlock, streamEvents } from '../../../test/support/cms-requests.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

/**
 * Commands decide from the event store alone. No projector runs here and no wait is allowed,
 * so the read tables stay empty: every answer below comes from the log (and is a 503 once
 * something was appended, because the read tables never catch up).
 */
describe('CMS commands while the read tables lag behind', () => {
  let app: TestApp;
  let store: EventStore;
  beforeAll(async () => {
    app = await startTestApp({ PROJECTOR: 'off', READ_YOUR_WRITES_TIMEOUT_MS: '0' });
    store = app.running.app.get(EVENT_STORE);
  });
  afterAll(() => app.close());

  const context = () => ({ correlationId: randomUUID(), actor: 'admin' as const, recordedAt: new Date() });
  const appendPageEvent = (pageId: number, event: PageEvent, expected: number | 'no_stream') =>
    store.append(`page-${pageId}`, [{ id: randomUUID(), type: event.type, data: event.data }], expected, context());

  test('a page from before slug reservations (no page-slug stream) keeps its slug until it is deleted', async () => {
    await appendPageEvent(900, { type: 'PageCreated', data: { id: 900, slug: 'legacy', title: 'Legacy', isSystem: false } }, 'no_stream');

    const before = await app.eventCount();
    const refused = await app.call('POST', '/api/pages', { admin: true, json: { slug: 'legacy', title: 'New' } });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'A page with the slug "legacy" already exists' });
    expect(await app.eventCount()).toBe(before);

    await appendPageEvent(900, { type: 'PageDeleted', data: { id: 900, slug: 'legacy', title: 'Legacy', blocks: [] } }, 0);
    const created = await app.call('POST', '/api/pages', { admin: true, json: { slug: 'legacy', title: 'New' } });
    expect(created.status).toBe(503);
    const [reservation] = await streamEvents(app, 'page-slug-legacy');
    expect(reservation!.type).toBe('PageSlugReserved');
    expect(reservation!.data.pageId).not.toBe(900);
  });

  /** A page with one block, created while nothing projects: the ids come from the log. */
  async function pageWithBlock(slug: string): Promise<{ pageId: number; blockId: number }> {
    expect((await app.call('POST', '/api/pages', { admin: true, json: { slug, title: 'Blocks' } })).status).toBe(503);
    const [{ data: reserved }] = await streamEvents(app, `page-slug-${slug}`);
    const pageId: number = reserved.pageId;
    expect((await app.call('POST', '/api/blocks', { admin: true, json: newBlock(pageId) })).status).toBe(503);
    return { pageId, blockId: (await streamEvents(app, `page-${pageId}`))[1]!.data.block.id };
  }

  test('a block is found on its page from the log: PUT and DELETE append, and then it is gone', async () => {
    const { pageId, blockId } = await pageWithBlock('lag-blocks');

    const put = await app.call('PUT', `/api/blocks/${blockId}`, { admin: true, json: newBlock(pageId, { title: '<p>Changed</p>' }) });
    expect(put.status).toBe(503);
    const removed = await app.call('DELETE', `/api/blocks/${blockId}`, { admin: true });
    expect(removed.status).toBe(503);
    expect((await streamEvents(app, `page-${pageId}`)).map((event) => event.type)).toEqual([
      'PageCreated',
      'ContentBlockSaved',
      'ContentBlockSaved',
      'ContentBlockDeleted',
    ]);

    const before = await app.eventCount();
    const again = await app.call('DELETE', `/api/blocks/${blockId}`, { admin: true });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: 'Content block not found' });
    expect(await app.eventCount()).toBe(before);
  });

  test('the blocks of a deleted page are not found, and an unknown block neither; nothing appended', async () => {
    const { pageId, blockId } = await pageWithBlock('lag-deleted');
    expect((await app.call('DELETE', `/api/pages/${pageId}`, { admin: true })).status).toBe(503);

    const before = await app.eventCount();
    for (const [method, path, json] of [
      ['PUT', `/api/blocks/${blockId}`, newBlock(pageId)],
      ['DELETE', `/api/blocks/${blockId}`, undefined],
      ['DELETE', '/api/blocks/999999', undefined],
    ] as const) {
      const { status, body } = await app.call(method, path, { admin: true, json });
      expect([method, path, status, body]).toEqual([method, path, 404, { error: 'Content block not found' }]);
    }
    expect(await app.eventCount()).toBe(before);
  });

  test('a section is found on its page from the log: PUT and DELETE append', async () => {
    const json = { page: 'roster', section: 'lagging', title: '<p>T</p>', content: '<p>C</p>', imageUrl: null };
    expect((await app.call('POST', '/api/content', { admin: true, json })).status).toBe(503);
    const [{ data: section }] = await streamEvents(app, 'content-roster');

    const edited = await app.call('PUT', `/api/content/${section.id}`, { admin: true, json: { title: '<p>New</p>', content: '<p>C</p>' } });
    expect(edited.status).toBe(503);
    expect((await app.call('DELETE', `/api/content/${section.id}`, { admin: true })).status).toBe(503);
    expect((await streamEvents(app, 'content-roster')).map((event) => event.type)).toEqual([
      'ContentSectionCreated',
      'ContentEdited',
      'ContentSectionDeleted',
    ]);
  });
});
