import type { SectionVersion } from '@team/contracts';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.js';
import { createAdminKey, withKey } from '../../../../test/support/admin-keys.js';
import { createSection } from '../../../../test/support/cms-requests.js';

describe('GET /api/admin/content/{id}/versions', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const versionsOf = async (id: number): Promise<SectionVersion[]> => {
    const { status, body } = await app.call('GET', `/api/admin/content/${id}/versions`, { admin: true });
    expect(status).toBe(200);
    return body;
  };

  test('a section edited 3 times has 4 versions, oldest first, each the whole section then', async () => {
    const created = await createSection(app, { page: 'roster', section: 'captains', title: '<p>v1</p>', content: '<p>one</p>' });
    // Another section and a reorder in the same stream are no versions of this one.
    const other = await createSection(app, { page: 'roster', section: 'subs' });
    await app.call('POST', '/api/content/roster/reorder', { admin: true, json: { orderedIds: [other.id, created.id] } });
    for (const [index, title] of ['<p>v2</p>', '<p>v3</p>', '<p>v4</p>'].entries()) {
      const { status } = await app.call('PUT', `/api/content/${created.id}`, {
        admin: true,
        headers: { 'x-correlation-id': `edit-${index + 2}` },
        json: { title, content: index === 2 ? '<p>four</p>' : '<p>one</p>' },
      });
      expect(status).toBe(200);
    }

    const versions = await versionsOf(created.id);
    expect(versions.map((v) => v.version)).toEqual([1, 2, 3, 4]);
    expect(versions.map((v) => v.section.title)).toEqual(['<p>v1</p>', '<p>v2</p>', '<p>v3</p>', '<p>v4</p>']);
    expect(versions.map((v) => v.eventType)).toEqual(['ContentSectionCreated', 'ContentEdited', 'ContentEdited', 'ContentEdited']);
    const positions = versions.map((v) => v.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(new Set(positions).size).toBe(4);
    expect(versions[3]).toEqual({
      version: 4,
      position: expect.any(Number),
      // created (0), other created (1), reorder (2), three edits (3, 4, 5)
      revision: 5,
      recordedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      actor: 'admin',
      adminKey: { id: 'owner', name: 'Owner' },
      // The server's own id: the client's x-correlation-id is kept apart (clientCorrelationId).
      correlationId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      eventType: 'ContentEdited',
      deleted: false,
      section: { id: created.id, page: 'roster', section: 'captains', title: '<p>v4</p>', content: '<p>four</p>', imageUrl: null },
    });
  });

  test('a deleted section keeps its history; the deletion shows what was deleted', async () => {
    const created = await createSection(app, { section: 'gone', content: '<p>last words</p>' });
    expect((await app.call('DELETE', `/api/content/${created.id}`, { admin: true })).status).toBe(200);
    const versions = await versionsOf(created.id);
    expect(versions.map((v) => [v.eventType, v.deleted, v.section.content])).toEqual([
      ['ContentSectionCreated', false, '<p>last words</p>'],
      ['ContentSectionDeleted', true, '<p>last words</p>'],
    ]);
  });

  test('a version names the key that made it, as the audit log does', async () => {
    const alice = await createAdminKey(app, 'Alice', 'editor');
    const created = await createSection(app, { page: 'about', section: 'named-key', title: '<p>one</p>', content: '<p>one</p>' });
    const edited = await app.call('PUT', `/api/content/${created.id}`, { headers: withKey(alice.key), json: { title: '<p>two</p>', content: '<p>two</p>' } });
    expect(edited.status).toBe(200);
    const versions = await versionsOf(created.id);
    expect(versions[1]).toMatchObject({ actor: 'admin', adminKey: { id: alice.summary.id, name: 'Alice' } });
    const audit = (await app.call('GET', '/api/admin/events?type=ContentEdited&limit=1', { admin: true })).body;
    expect(audit.events[0].metadata.adminKey).toEqual(versions[1]!.adminKey);
  });

  test('an unknown id is a 404, a malformed one a 400, no key a 401', async () => {
    const unknown = await app.call('GET', '/api/admin/content/999999/versions', { admin: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Content section not found' });
    const malformed = await app.call('GET', '/api/admin/content/abc/versions', { admin: true });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: 'The section id must be a positive whole number' });
    const created = await createSection(app, { section: 'secret' });
    const anonymous = await app.call('GET', `/api/admin/content/${created.id}/versions`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: 'A valid admin key is required.' });
  });
});
