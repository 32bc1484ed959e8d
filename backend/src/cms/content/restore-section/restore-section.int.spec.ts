import { randomUUID } from 'node:crypto';
import type { ContentSection, EventStore, SectionVersion } from '@team/contracts';
import { EVENT_STORE } from '../../../infrastructure/tokens.js';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.js';
import { createSection, expectHarmless, rebuildReadModels, streamEvents, XSS } from '../../../../test/support/cms-requests.js';

describe('POST /api/admin/content/{id}/restore', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const versionsOf = async (id: number): Promise<SectionVersion[]> =>
    (await app.call('GET', `/api/admin/content/${id}/versions`, { admin: true })).body;
  const publicSection = async (page: string, id: number): Promise<ContentSection | undefined> =>
    ((await app.call('GET', `/api/content/${page}`)).body as ContentSection[]).find((s) => s.id === id);
  const restore = (id: number, json: unknown, admin = true) => app.call('POST', `/api/admin/content/${id}/restore`, { admin, json });

  /** A section with versions 1 to 4: created, then three edits. */
  async function editedThreeTimes(slug: string): Promise<ContentSection> {
    const created = await createSection(app, { section: slug, title: '<p>First</p>', content: '<p>one</p>', imageUrl: '/one.png' });
    await app.call('PUT', `/api/content/${created.id}`, { admin: true, json: { title: '<p>Second</p>', content: '<p>one</p>' } });
    await app.call('PUT', `/api/content/${created.id}`, { admin: true, json: { title: '<p>Second</p>', content: '<p>two</p>', imageUrl: null } });
    await app.call('PUT', `/api/content/${created.id}`, { admin: true, json: { title: '<p>Third</p>', content: '<p>three</p>' } });
    return created;
  }

  test('restoring version 1 appends one edit back to it: the public read shows it, and it is version 5', async () => {
    const created = await editedThreeTimes('restore-me');
    const before = await app.eventCount();

    const { status, body, headers } = await restore(created.id, { version: 1 });
    expect(status).toBe(200);
    expect(body).toEqual(created);
    expect(Number(headers.get('x-event-position'))).toBeGreaterThan(0);
    expect(await app.eventCount()).toBe(before + 1);
    expect(await publicSection('about', created.id)).toEqual(created);

    const events = await streamEvents(app, 'content-about');
    expect(events.at(-1)).toEqual({
      type: 'ContentEdited',
      data: {
        id: created.id,
        page: 'about',
        section: 'restore-me',
        before: { title: '<p>Third</p>', content: '<p>three</p>', imageUrl: null },
        after: { title: '<p>First</p>', content: '<p>one</p>', imageUrl: '/one.png' },
      },
    });
    const versions = await versionsOf(created.id);
    expect(versions).toHaveLength(5);
    expect(versions[4]!.section).toEqual(versions[0]!.section);
    expect(versions.map((v) => v.section.title)).toEqual(['<p>First</p>', '<p>Second</p>', '<p>Second</p>', '<p>Third</p>', '<p>First</p>']);
  });

  test('restoring a deleted section brings it back under its id, at the end of the page', async () => {
    const first = await createSection(app, { page: 'home', section: 'stays' });
    const created = await createSection(app, { page: 'home', section: 'comes-back', title: '<p>Back</p>', content: '<p>v1</p>' });
    await app.call('PUT', `/api/content/${created.id}`, { admin: true, json: { title: '<p>Back</p>', content: '<p>v2</p>' } });
    await app.call('DELETE', `/api/content/${created.id}`, { admin: true });
    await app.call('POST', '/api/content/home/reorder', { admin: true, json: { orderedIds: [first.id] } });
    expect(await publicSection('home', created.id)).toBeUndefined();
    const before = await app.eventCount();

    const { status, body } = await restore(created.id, { version: 1 });
    expect(status).toBe(200);
    expect(body).toEqual({ ...created, order: 1 });
    expect(await app.eventCount()).toBe(before + 1);
    expect((await app.call('GET', '/api/content/home')).body.map((s: ContentSection) => s.id)).toEqual([first.id, created.id]);
    expect(await publicSection('home', created.id)).toEqual({ ...created, order: 1 });
    expect((await versionsOf(created.id)).map((v) => [v.eventType, v.deleted, v.section.content])).toEqual([
      ['ContentSectionCreated', false, '<p>v1</p>'],
      ['ContentEdited', false, '<p>v2</p>'],
      ['ContentSectionDeleted', true, '<p>v2</p>'],
      ['ContentSectionRestored', false, '<p>v1</p>'],
    ]);
    // Live again for every command, not only for reads.
    const edited = await app.call('PUT', `/api/content/${created.id}`, { admin: true, json: { title: '<p>Back</p>', content: '<p>v3</p>' } });
    expect(edited.status).toBe(200);
    expect((await publicSection('home', created.id))?.content).toBe('<p>v3</p>');
  });

  test('restoring the version the section already equals appends nothing and answers the section', async () => {
    const created = await editedThreeTimes('no-op');
    const current = await publicSection('about', created.id);
    const before = await app.eventCount();
    const { status, body, headers } = await restore(created.id, { version: 4 });
    expect(status).toBe(200);
    expect(body).toEqual(current);
    expect(headers.get('x-event-position')).toBeNull();
    expect(await app.eventCount()).toBe(before);
  });

  test('what an older sanitiser let through is sanitised again on restore', async () => {
    const created = await createSection(app, { section: 'old-xss', content: '<p>safe</p>' });
    // History as an older, laxer server could have written it.
    const store = app.running.app.get<EventStore>(EVENT_STORE);
    await store.append(
      'content-about',
      [
        {
          id: randomUUID(),
          type: 'ContentEdited',
          data: { id: created.id, page: 'about', section: 'old-xss', before: { content: '<p>safe</p>' }, after: { content: `<p>old</p>${XSS.img}${XSS.script}` } },
        },
      ],
      'any',
      { correlationId: 'old-server', actor: 'admin', recordedAt: new Date('2020-01-01T00:00:00Z') },
    );
    await app.call('PUT', `/api/content/${created.id}`, { admin: true, json: { title: created.title, content: '<p>new</p>' } });

    const { status, body } = await restore(created.id, { version: 2 });
    expect(status).toBe(200);
    expect(body.content).toContain('<p>old</p>');
    expectHarmless(body.content);
    expectHarmless((await publicSection('about', created.id))!.content);
  });

  test('without the admin key: 401 and nothing appended', async () => {
    const created = await editedThreeTimes('no-key');
    const before = await app.eventCount();
    const { status, body } = await restore(created.id, { version: 1 }, false);
    expect(status).toBe(401);
    expect(body).toEqual({ error: 'A valid admin key is required.' });
    expect(await app.eventCount()).toBe(before);
    expect((await publicSection('about', created.id))?.title).toBe('<p>Third</p>');
  });

  test.each([
    ['no version', {}, 400, { error: 'The restore request is not valid', details: ['version must be a whole number from 0'] }],
    ['a version that is not a number', { version: '1' }, 400, { error: 'The restore request is not valid', details: ['version must be a whole number from 0'] }],
    ['a version past the last', { version: 6 }, 400, { error: 'There is no version 6 of this section: it has versions 1 to 5' }],
    ['version 0', { version: 0 }, 400, { error: 'There is no version 0 of this section: it has versions 1 to 5' }],
    ['the deletion', { version: 5 }, 400, { error: 'That version is a deletion: pick a version with content.' }],
  ])('%s: %s and nothing appended', async (_name, json, status, answer) => {
    const created = await editedThreeTimes(`bad-${_name.length}`);
    await app.call('DELETE', `/api/content/${created.id}`, { admin: true });
    const before = await app.eventCount();
    const response = await restore(created.id, json);
    expect(response.status).toBe(status);
    expect(response.body).toEqual(answer);
    expect(await app.eventCount()).toBe(before);
  });

  test('an unknown id is a 404, a malformed one a 400; nothing appended', async () => {
    const before = await app.eventCount();
    const unknown = await restore(999999, { version: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Content section not found' });
    const malformed = await restore(0, { version: 1 });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: 'The section id must be a positive whole number' });
    expect(await app.eventCount()).toBe(before);
  });

  test('a replay of the log into fresh read tables gives the same sections, restored ones included', async () => {
    const read = async () => Promise.all(['home', 'about', 'roster'].map(async (page) => (await app.call('GET', `/api/content/${page}`)).body));
    const before = await read();
    expect(before.flat().length).toBeGreaterThan(5);
    await rebuildReadModels(app);
    expect(await read()).toEqual(before);
  });
});
