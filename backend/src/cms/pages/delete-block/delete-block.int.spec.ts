import { startTestApp, type TestApp } from '../../../../test/support/test-app.js';
import { createBlock, createPage, streamEvents } from '../../../../test/support/cms-requests.js';

describe('DELETE /api/blocks/{id}', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  test('removes the block, answers it as it was, and keeps it in the event', async () => {
    const page = await createPage(app, 'blocks');
    const keep = await createBlock(app, page.id, { order: 0 });
    const gone = await createBlock(app, page.id, { order: 1, blockType: 'image', imageUrl: '/assets/a.png' });
    const { status, body } = await app.call('DELETE', `/api/blocks/${gone.id}`, { admin: true });
    expect(status).toBe(200);
    expect(body).toEqual(gone);
    expect((await app.call('GET', '/api/pages/blocks')).body.contentBlocks).toEqual([keep]);
    expect((await streamEvents(app, `page-${page.id}`)).at(-1)).toEqual({
      type: 'ContentBlockDeleted',
      data: { pageId: page.id, block: gone },
    });
  });

  test('a deleted or unknown block is a 404 and appends nothing', async () => {
    const block = await createBlock(app, 3);
    await app.call('DELETE', `/api/blocks/${block.id}`, { admin: true });
    const before = await app.eventCount();
    const again = await app.call('DELETE', `/api/blocks/${block.id}`, { admin: true });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: 'Content block not found' });
    expect((await app.call('DELETE', '/api/blocks/-1', { admin: true })).status).toBe(400);
    expect(await app.eventCount()).toBe(before);
  });
});
