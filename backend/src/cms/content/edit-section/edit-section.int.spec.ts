import { startTestApp, type TestApp } from '../../../../test/support/test-app.js';
import { createSection, expectHarmless, streamEvents, XSS } from '../../../../test/support/cms-requests.js';

describe('PUT /api/content/{id}', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  test('replaces title, content and image, answers the section, and records only what changed', async () => {
    const created = await createSection(app, { section: 'our-mission', title: '<p>Mission</p>', content: '<p>Old</p>' });
    const { status, body } = await app.call('PUT', `/api/content/${created.id}`, {
      admin: true,
      json: { title: '<p>Mission</p>', content: '<p>New</p>', imageUrl: 'https://cdn.example.com/m.png' },
    });
    expect(status).toBe(200);
    expect(body).toEqual({ ...created, content: '<p>New</p>', imageUrl: 'https://cdn.example.com/m.png' });
    expect((await app.call('GET', '/api/content/about')).body).toEqual([body]);

    const events = await streamEvents(app, 'content-about');
    expect(events.at(-1)).toEqual({
      type: 'ContentEdited',
      data: {
        id: created.id,
        page: 'about',
        section: 'our-mission',
        before: { content: '<p>Old</p>', imageUrl: null },
        after: { content: '<p>New</p>', imageUrl: 'https://cdn.example.com/m.png' },
      },
    });
  });

  test('an edit that changes nothing appends nothing; a missing imageUrl leaves the image alone', async () => {
    const created = await createSection(app, { section: 'keep', imageUrl: '/keep.png' });
    const before = await app.eventCount();
    const { status, body } = await app.call('PUT', `/api/content/${created.id}`, {
      admin: true,
      json: { title: created.title, content: created.content },
    });
    expect(status).toBe(200);
    expect(body).toEqual(created);
    expect(await app.eventCount()).toBe(before);
  });

  test('stored XSS comes back harmless', async () => {
    const created = await createSection(app, { section: 'xss' });
    const { body } = await app.call('PUT', `/api/content/${created.id}`, {
      admin: true,
      json: { title: `${XSS.img}<p>Title</p>`, content: `${XSS.script}${XSS.link}`, imageUrl: null },
    });
    expect(body.title).toBe('<p>Title</p>');
    const stored = (await app.call('GET', '/api/content/about')).body.find((s: { id: number }) => s.id === created.id);
    expectHarmless(stored.title);
    expectHarmless(stored.content);
    expect(stored.content).toBe('<a>click</a>');
  });

  test('an unknown id is a 404, a malformed one a 400; nothing appended', async () => {
    const before = await app.eventCount();
    const unknown = await app.call('PUT', '/api/content/999999', { admin: true, json: { title: '', content: '' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Content section not found' });
    const malformed = await app.call('PUT', '/api/content/abc', { admin: true, json: { title: '', content: '' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: 'The section id must be a positive whole number' });
    expect(await app.eventCount()).toBe(before);
  });

  test.each([
    ['no content', { title: '<p>T</p>' }, 'content must be a string'],
    ['a title over 2 KB', { title: 'x'.repeat(2049), content: '' }, 'title must be at most 2 KB'],
    ['a javascript: image URL', { title: '', content: '', imageUrl: 'JavaScript:alert(1)' }, 'imageUrl must be an http(s) URL or a path starting with /'],
    ['a protocol-relative image URL', { title: '', content: '', imageUrl: '//evil.example/x.png' }, 'imageUrl must be an http(s) URL or a path starting with /'],
  ])('refuses %s with 400 and appends nothing', async (_name, json, detail) => {
    const created = await createSection(app, { section: `bad-${_name.length}` });
    const before = await app.eventCount();
    const { status, body } = await app.call('PUT', `/api/content/${created.id}`, { admin: true, json });
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'The content section is not valid', details: [detail] });
    expect(await app.eventCount()).toBe(before);
  });
});
