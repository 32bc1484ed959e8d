import { startTestApp, type TestApp } from '../../../../test/support/test-app.js';
import { createSection, expectHarmless, streamEvents, XSS } from '../../../../test/support/cms-requests.js';

describe('POST /api/content', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  test('creates a section at the end of its page and answers it (201); GET shows it at once', async () => {
    const first = await app.call('POST', '/api/content', {
      admin: true,
      json: { page: 'home', section: 'hero', title: '<p>Welcome</p>', content: '<p>Hi <strong>there</strong></p>', imageUrl: '/assets/hero.png' },
    });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      page: 'home',
      section: 'hero',
      title: '<p>Welcome</p>',
      content: '<p>Hi <strong>there</strong></p>',
      imageUrl: '/assets/hero.png',
      order: 0,
    });
    expect(Number(first.headers.get('x-event-position'))).toBeGreaterThan(0);

    const second = await createSection(app, { page: 'home', section: 'stats-overview', imageUrl: '' });
    expect(second.id).not.toBe(first.body.id);
    expect(second).toMatchObject({ order: 1, imageUrl: null });

    const { body } = await app.call('GET', '/api/content/home');
    expect(body.map((s: { section: string }) => s.section)).toEqual(['hero', 'stats-overview']);
    expect(await streamEvents(app, 'content-home')).toEqual([
      { type: 'ContentSectionCreated', data: first.body },
      { type: 'ContentSectionCreated', data: second },
    ]);
  });

  test('rich text is sanitised when stored: the XSS payloads come back harmless', async () => {
    const created = await createSection(app, {
      page: 'roster',
      section: 'player-1',
      title: `<p>Ace${XSS.script}</p>`,
      content: `<p>${XSS.img}${XSS.link}<span style="color:#ff0000;position:fixed">red</span></p>`,
    });
    expect(created.title).toBe('<p>Ace</p>');
    expect(created.content).toBe('<p><a>click</a><span style="color:#ff0000">red</span></p>');
    const [stored] = (await app.call('GET', '/api/content/roster')).body;
    expectHarmless(stored.title);
    expectHarmless(stored.content);
    expect(stored.content).toBe(created.content);
  });

  test('creations racing on one page all land, each with its own id and place (conflicts are retried)', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        app.call('POST', '/api/content', { admin: true, json: { page: 'about', section: `race-${n}`, title: '', content: '' } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(5);
    expect(results.map((r) => r.body.order).sort()).toEqual([0, 1, 2, 3, 4]);
    expect((await app.call('GET', '/api/content/about')).body).toHaveLength(5);
  });

  const valid = { page: 'about', section: 'our-story', title: '<p>T</p>', content: '<p>C</p>', imageUrl: null };
  test.each([
    ['an unknown page', { page: 'contact' }, 'page must be one of home, about, roster'],
    ['no section id', { section: '   ' }, 'section is required'],
    ['a section id over 100 characters', { section: 'x'.repeat(101) }, 'section must be at most 100 characters'],
    ['a title that is not a string', { title: 42 }, 'title must be a string'],
    ['a title over 2 KB', { title: `<p>${'x'.repeat(2048)}</p>` }, 'title must be at most 2 KB'],
    ['content over 100 KB', { content: `<p>${'é'.repeat(51_200)}</p>` }, 'content must be at most 100 KB'],
    ['a javascript: image URL', { imageUrl: 'javascript:alert(1)' }, 'imageUrl must be an http(s) URL or a path starting with /'],
    ['a data: image URL', { imageUrl: 'data:image/png;base64,AAAA' }, 'imageUrl must be an http(s) URL or a path starting with /'],
    ['an image URL that is not a string', { imageUrl: 5 }, 'imageUrl must be a string'],
  ])('refuses %s with 400 and appends nothing', async (_name, change, detail) => {
    const before = await app.eventCount();
    const { status, body } = await app.call('POST', '/api/content', { admin: true, json: { ...valid, ...change } });
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'The content section is not valid', details: [detail] });
    expect(await app.eventCount()).toBe(before);
  });

  test('a body that is not an object is a 400', async () => {
    const before = await app.eventCount();
    const { status, body } = await app.call('POST', '/api/content', { admin: true, json: ['about'] });
    expect(status).toBe(400);
    expect(body.details).toEqual(['the body must be a JSON object']);
    expect(await app.eventCount()).toBe(before);
  });
});
