import type { Page } from '@team/contracts';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.js';
import { createBlock, createPage, expectHarmless, newBlock, streamEvents, XSS } from '../../../../test/support/cms-requests.js';

describe('POST /api/blocks and PUT /api/blocks/{id}', () => {
  let app: TestApp;
  let page: Page;
  beforeAll(async () => {
    app = await startTestApp();
    page = await createPage(app, 'builder', 'Builder');
  });
  afterAll(() => app.close());

  test('POST creates a block (201) with every field and answers it', async () => {
    const { status, body } = await app.call('POST', '/api/blocks', {
      admin: true,
      json: newBlock(page.id, {
        blockType: 'video',
        layout: 'two-thirds',
        order: 3,
        padding: 'large',
        textAlign: 'justify',
        title: '<p>Highlights</p>',
        videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      }),
    });
    expect(status).toBe(201);
    expect(body).toEqual({
      id: expect.any(Number),
      pageId: page.id,
      blockType: 'video',
      layout: 'two-thirds',
      order: 3,
      padding: 'large',
      textAlign: 'justify',
      title: '<p>Highlights</p>',
      content: '',
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      imageUrl: null,
      buttonText: null,
      buttonUrl: null,
      buttonStyle: null,
    });
    expect((await app.call('GET', '/api/pages/builder')).body.contentBlocks).toContainEqual(body);
  });

  test('blocks can be added to system pages', async () => {
    const block = await createBlock(app, 1, { blockType: 'spacer', padding: 'small' });
    expect(block).toMatchObject({ pageId: 1, blockType: 'spacer', padding: 'small' });
    expect((await app.call('GET', '/api/pages/home')).body.contentBlocks).toEqual([block]);
  });

  test('a block without order, layout, padding or alignment gets the page builder defaults and goes last', async () => {
    const own = await createPage(app, 'defaults');
    await createBlock(app, own.id, { order: 4 });
    const { body } = await app.call('POST', '/api/blocks', { admin: true, json: { pageId: own.id, blockType: 'text' } });
    expect(body).toMatchObject({ order: 5, layout: 'full', padding: 'medium', textAlign: 'left', title: null, content: null });
  });

  test('text block content and every title are sanitised; an HTML block is stored as given', async () => {
    const text = await createBlock(app, page.id, { title: `<p>T</p>${XSS.script}`, content: `<p>Hi</p>${XSS.img}${XSS.link}` });
    expect(text.title).toBe('<p>T</p>');
    expect(text.content).toBe('<p>Hi</p><a>click</a>');
    const raw = '<div class="embed"><script src="https://widgets.example.com/w.js"></script></div>';
    const html = await createBlock(app, page.id, { blockType: 'html', title: XSS.img, content: raw });
    expect(html.content).toBe(raw);
    expect(html.title).toBe('');
    const blocks = (await app.call('GET', '/api/pages/builder')).body.contentBlocks;
    const stored = blocks.find((b: { id: number }) => b.id === text.id);
    expectHarmless(stored.title);
    expectHarmless(stored.content);
    expect(blocks.find((b: { id: number }) => b.id === html.id).content).toBe(raw);
  });

  test('PUT replaces the whole block, answers it, and the event keeps the previous one', async () => {
    const created = await createBlock(app, page.id, { title: '<p>Old</p>', content: '<p>Old</p>' });
    const { id: _id, pageId: _pageId, ...rest } = created;
    const { status, body } = await app.call('PUT', `/api/blocks/${created.id}`, {
      admin: true,
      json: { ...rest, id: created.id, pageId: page.id, blockType: 'button', buttonText: 'Join', buttonUrl: 'https://discord.gg/team', buttonStyle: 'outline', textAlign: 'center' },
    });
    expect(status).toBe(200);
    expect(body).toEqual({ ...created, blockType: 'button', buttonText: 'Join', buttonUrl: 'https://discord.gg/team', buttonStyle: 'outline', textAlign: 'center' });
    expect((await streamEvents(app, `page-${page.id}`)).at(-1)).toEqual({
      type: 'ContentBlockSaved',
      data: { pageId: page.id, block: body, previous: created },
    });
    const again = await app.call('GET', '/api/pages/builder');
    expect(again.body.contentBlocks.find((b: { id: number }) => b.id === created.id)).toEqual(body);
  });

  test('PUT of an unchanged block appends nothing', async () => {
    const created = await createBlock(app, page.id, { content: '<p>Same</p>' });
    const before = await app.eventCount();
    const { status, body } = await app.call('PUT', `/api/blocks/${created.id}`, { admin: true, json: created });
    expect(status).toBe(200);
    expect(body).toEqual(created);
    expect(await app.eventCount()).toBe(before);
  });

  const invalidCases: [string, Record<string, unknown>, string][] = [
    ['an unknown block type', { blockType: 'carousel' }, 'blockType must be one of text, video, image, html, button, spacer'],
    ['no block type', { blockType: undefined }, 'blockType must be one of text, video, image, html, button, spacer'],
    ['an unknown layout', { layout: 'quarter' }, 'layout must be one of full, half, third, two-thirds'],
    ['an unknown padding', { padding: 'huge' }, 'padding must be one of none, small, medium, large'],
    ['an unknown alignment', { textAlign: 'middle' }, 'textAlign must be one of left, center, right, justify'],
    ['an unknown button style', { buttonStyle: 'ghost' }, 'buttonStyle must be one of primary, secondary, outline'],
    ['a javascript: button URL', { buttonUrl: 'javascript:alert(1)' }, 'buttonUrl must be an http(s) URL or a path starting with /'],
    ['a data: image URL', { imageUrl: 'data:image/svg+xml,<svg onload=alert(1)>' }, 'imageUrl must be an http(s) URL or a path starting with /'],
    ['a vbscript: video URL', { videoUrl: 'vbscript:msgbox(1)' }, 'videoUrl must be an http(s) URL or a path starting with /'],
    ['a negative order', { order: -1 }, 'order must be a whole number from 0 to 10000'],
    ['a fractional order', { order: 1.5 }, 'order must be a whole number from 0 to 10000'],
    ['a title over 2 KB', { title: 'x'.repeat(2049) }, 'title must be at most 2 KB'],
    ['text content over 100 KB', { content: 'x'.repeat(102_401) }, 'content must be at most 100 KB'],
    ['HTML over 100 KB', { blockType: 'html', content: 'x'.repeat(102_401) }, 'content must be at most 100 KB'],
    ['button text over 200 characters', { buttonText: 'b'.repeat(201) }, 'buttonText must be at most 200 characters'],
  ];

  test.each(invalidCases)('POST refuses %s with 400 and appends nothing', async (_name, change, detail) => {
    const before = await app.eventCount();
    const { status, body } = await app.call('POST', '/api/blocks', { admin: true, json: newBlock(page.id, change) });
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'The content block is not valid', details: [detail] });
    expect(await app.eventCount()).toBe(before);
  });

  test.each(invalidCases.slice(0, 8))('PUT refuses %s with 400 and appends nothing', async (_name, change, detail) => {
    const created = await createBlock(app, page.id);
    const before = await app.eventCount();
    const { status, body } = await app.call('PUT', `/api/blocks/${created.id}`, { admin: true, json: { ...created, ...change } });
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'The content block is not valid', details: [detail] });
    expect(await app.eventCount()).toBe(before);
  });

  test('POST without a pageId is a 400; on an unknown page a 404', async () => {
    const before = await app.eventCount();
    const missing = await app.call('POST', '/api/blocks', { admin: true, json: { ...newBlock(0), pageId: undefined } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: 'The content block is not valid', details: ['pageId is required'] });
    const unknown = await app.call('POST', '/api/blocks', { admin: true, json: newBlock(424242) });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Page not found' });
    expect(await app.eventCount()).toBe(before);
  });

  test('PUT of an unknown block is a 404; moving a block to another page a 400', async () => {
    const created = await createBlock(app, page.id);
    const before = await app.eventCount();
    const unknown = await app.call('PUT', '/api/blocks/777777', { admin: true, json: newBlock(page.id) });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Content block not found' });
    const moved = await app.call('PUT', `/api/blocks/${created.id}`, { admin: true, json: { ...created, pageId: 2 } });
    expect(moved.status).toBe(400);
    expect(moved.body.details).toEqual(['pageId cannot change: a block stays on its page']);
    expect(await app.eventCount()).toBe(before);
  });
});
