import type { ContentSection } from '@team/contracts';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.js';
import { createSection, streamEvents } from '../../../../test/support/cms-requests.js';

describe('POST /api/content/{page}/reorder', () => {
  let app: TestApp;
  let about: ContentSection[];
  let homeSection: ContentSection;
  beforeAll(async () => {
    app = await startTestApp();
    about = [
      await createSection(app, { section: 'our-story' }),
      await createSection(app, { section: 'our-mission' }),
      await createSection(app, { section: 'achievements' }),
    ];
    homeSection = await createSection(app, { page: 'home', section: 'hero' });
  });
  afterAll(() => app.close());

  test('saves the new order, answers the sections in it, and GET follows it', async () => {
    const [a, b, c] = about.map((s) => s.id) as [number, number, number];
    const { status, body } = await app.call('POST', '/api/content/about/reorder', { admin: true, json: { orderedIds: [c, a, b] } });
    expect(status).toBe(200);
    expect(body.map((s: ContentSection) => [s.id, s.order])).toEqual([[c, 0], [a, 1], [b, 2]]);
    const listed = (await app.call('GET', '/api/content/about')).body;
    expect(listed.map((s: ContentSection) => s.section)).toEqual(['achievements', 'our-story', 'our-mission']);
    expect((await streamEvents(app, 'content-about')).at(-1)).toEqual({
      type: 'ContentSectionsReordered',
      data: { page: 'about', before: [a, b, c], after: [c, a, b] },
    });
    // The other page is untouched.
    expect((await app.call('GET', '/api/content/home')).body).toEqual([homeSection]);
  });

  test('the same order again appends nothing', async () => {
    const current = (await app.call('GET', '/api/content/about')).body.map((s: ContentSection) => s.id);
    const before = await app.eventCount();
    expect((await app.call('POST', '/api/content/about/reorder', { admin: true, json: { orderedIds: current } })).status).toBe(200);
    expect(await app.eventCount()).toBe(before);
  });

  test.each([
    ['a missing id', (ids: number[]) => ids.slice(1), /^missing: \d+$/],
    ['another page\'s id', (ids: number[], home: number) => [...ids, home], /^not sections of about: \d+$/],
    ['a repeated id', (ids: number[]) => [...ids, ids[0]!], /^an id is listed more than once$/],
    ['an unknown id', (ids: number[]) => [...ids, 987654], /^not sections of about: 987654$/],
  ])('refuses %s with 400 and appends nothing', async (_name, change, detail) => {
    const ids = about.map((s) => s.id);
    const before = await app.eventCount();
    const { status, body } = await app.call('POST', '/api/content/about/reorder', {
      admin: true,
      json: { orderedIds: change(ids, homeSection.id) },
    });
    expect(status).toBe(400);
    expect(body.error).toBe('orderedIds must list every section of the about page exactly once');
    expect(body.details).toEqual([expect.stringMatching(detail)]);
    expect(await app.eventCount()).toBe(before);
  });

  test.each([
    ['no orderedIds', {}],
    ['ids that are not numbers', { orderedIds: ['1', '2'] }],
    ['a non-array', { orderedIds: 3 }],
  ])('refuses %s with 400', async (_name, json) => {
    const before = await app.eventCount();
    const { status, body } = await app.call('POST', '/api/content/about/reorder', { admin: true, json });
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'The new order is not valid', details: ['orderedIds must be an array of section ids'] });
    expect(await app.eventCount()).toBe(before);
  });

  test('an unknown page is a 400', async () => {
    const { status, body } = await app.call('POST', '/api/content/contact/reorder', { admin: true, json: { orderedIds: [] } });
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'Unknown content page. Use one of home, about, roster.' });
  });

  test('an empty page reorders to an empty list', async () => {
    const { status, body } = await app.call('POST', '/api/content/roster/reorder', { admin: true, json: { orderedIds: [] } });
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });
});
