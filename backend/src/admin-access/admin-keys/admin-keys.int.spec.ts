import { createHash } from 'node:crypto';
import { ADMIN_KEYS_STREAM, type AdminKeySummary, type AuditPage } from '@team/contracts';
import { createAdminKey, withKey } from '../../../test/support/admin-keys.js';
import { randomMatch, seededRandom } from '../../../test/support/match-load.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

// Issue 23: named keys, shown once and kept as a hash; revoked and expired keys refused; every
// admin event says which key made it; PUBLIC_RECORDING=recorders.

const keyEvents = (app: TestApp) =>
  app.knex('events').where('stream_id', ADMIN_KEYS_STREAM).orderBy('position').select('type', 'data', 'metadata');

describe('named admin keys', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ ADMIN_FAILURES_PER_15_MIN: '1000' });
  });
  afterAll(() => app?.close());

  test('a key is shown once, 192 random bits; the log and the list keep only its hash', async () => {
    const created = await createAdminKey(app, 'Alice', 'editor');
    expect(created.key).toMatch(/^vk_[A-Za-z0-9_-]{32}$/);
    expect(Buffer.from(created.key.slice(3), 'base64url')).toHaveLength(24);
    expect(created.summary).toEqual({
      id: expect.stringMatching(/^k[0-9a-f]{10}$/),
      name: 'Alice',
      role: 'editor',
      status: 'active',
      createdAt: expect.any(String),
      createdBy: { id: 'owner', name: 'Owner' },
      expiresAt: null,
      endedAt: null,
    });
    const events = await keyEvents(app);
    const created_ = events.find((e) => e.type === 'AdminKeyCreated' && e.data.keyId === created.summary.id)!;
    expect(created_.data.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(events)).not.toContain(created.key);
    const list = await app.call('GET', '/api/admin/keys', { admin: true });
    expect(list.body).toContainEqual(created.summary);
    expect(JSON.stringify(list.body)).not.toContain(created.key);
    expect(JSON.stringify(list.body)).not.toContain(created_.data.keyHash);
  });

  test('the session answers the key’s name and role; a wrong key is 401', async () => {
    const { key, summary } = await createAdminKey(app, 'Mo', 'moderator');
    expect((await app.call('GET', '/api/admin/session', { headers: withKey(key) })).body).toEqual({
      keyId: summary.id,
      name: 'Mo',
      role: 'moderator',
      expiresAt: null,
    });
    expect((await app.call('GET', '/api/admin/session', { admin: true })).body).toEqual({ keyId: 'owner', name: 'Owner', role: 'owner', expiresAt: null });
    // Its last character changed: to x, unless it already is one (1 key in 64 ends in x, and the
    // "wrong" key was then the key itself).
    const wrongKey = `${key.slice(0, -1)}${key.endsWith('x') ? 'y' : 'x'}`;
    const wrong = await app.call('GET', '/api/admin/session', { headers: withKey(wrongKey) });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'The admin key is not valid.' } });
  });

  test('a revoked key is refused at once, the revoke is audited with who did it, and a second revoke changes nothing', async () => {
    const { key, summary } = await createAdminKey(app, 'Temp', 'recorder');
    expect((await app.call('GET', '/api/admin/session', { headers: withKey(key) })).status).toBe(200);
    const revoked = await app.call('POST', `/api/admin/keys/${summary.id}/revoke`, { admin: true });
    expect(revoked.body).toMatchObject({ id: summary.id, status: 'revoked', endedAt: expect.any(String) });
    const refused = await app.call('GET', '/api/admin/session', { headers: withKey(key) });
    expect(refused).toMatchObject({ status: 401, body: { error: 'This admin key has been revoked. Ask the site owner for a new one.' } });
    const before = await app.eventCount();
    expect((await app.call('POST', `/api/admin/keys/${summary.id}/revoke`, { admin: true })).status).toBe(200);
    expect(await app.eventCount()).toBe(before);
    const audit = (await app.call('GET', '/api/admin/events?type=AdminKeyRevoked', { admin: true })).body as AuditPage;
    expect(audit.events[0]).toMatchObject({ summary: 'Admin key "Temp" revoked', adminKey: { id: 'owner', name: 'Owner' } });
    expect((await app.call('POST', '/api/admin/keys/k0123456789/revoke', { admin: true })).status).toBe(404);
  });

  test('an expired key is refused, and its expiry is an event in the log', async () => {
    const expiresAt = new Date(Date.now() + 1500).toISOString();
    const { key, summary } = await createAdminKey(app, 'Short', 'editor', expiresAt);
    expect(summary.expiresAt).toBe(expiresAt);
    expect((await app.call('GET', '/api/admin/session', { headers: withKey(key) })).body).toEqual({ keyId: summary.id, name: 'Short', role: 'editor', expiresAt });
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const refused = await app.call('GET', '/api/admin/session', { headers: withKey(key) });
    expect(refused).toMatchObject({ status: 401, body: { error: 'This admin key has expired. Ask the site owner for a new one.' } });
    // The refusal starts the expiry's append; it is in the log a moment later.
    for (let waited = 0; waited < 10_000; waited += 100) {
      if ((await keyEvents(app)).some((e) => e.type === 'AdminKeyExpired' && e.data.keyId === summary.id)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const expired = (await keyEvents(app)).filter((e) => e.type === 'AdminKeyExpired' && e.data.keyId === summary.id);
    expect(expired).toEqual([{ type: 'AdminKeyExpired', data: { keyId: summary.id, name: 'Short', expiresAt }, metadata: expect.objectContaining({ actor: 'system' }) }]);
    const listed = ((await app.call('GET', '/api/admin/keys', { admin: true })).body as AdminKeySummary[]).find((k) => k.id === summary.id);
    expect(listed).toMatchObject({ status: 'expired' });
  });

  test('bad keys are refused with every problem, and nothing is appended', async () => {
    const before = await app.eventCount();
    const bad = await app.call('POST', '/api/admin/keys', { admin: true, json: { name: ' \u200b ', role: 'owner', expiresAt: '2001-01-01' } });
    expect(bad).toMatchObject({
      status: 400,
      body: {
        error: 'The admin key is not valid.',
        details: [
          'name: blank (a key needs the name of the person who holds it).',
          'role: must be one of editor, moderator, recorder (there is one owner key: ADMIN_KEY).',
          'expiresAt: must be in the future.',
        ],
      },
    });
    const nul = await app.call('POST', '/api/admin/keys', { admin: true, json: { name: 'a\u0000b', role: 'editor', expiresAt: 'soon' } });
    expect(nul.body.details).toEqual(['name: must not contain control characters.', 'expiresAt: must be a date or date and time (ISO 8601), or null for no expiry.']);
    expect((await app.call('POST', '/api/admin/keys', { admin: true, json: { name: 'x'.repeat(61), role: 'editor' } })).status).toBe(400);
    expect((await app.call('POST', '/api/admin/keys', { admin: true, json: { name: 'owner', role: 'editor' } })).status).toBe(409);
    await createAdminKey(app, 'Dup', 'editor');
    const after = await app.eventCount();
    const duplicate = await app.call('POST', '/api/admin/keys', { admin: true, json: { name: ' dup ', role: 'recorder' } });
    expect(duplicate).toMatchObject({ status: 409, body: { error: 'An active key is already named "Dup". Revoke it first, or choose another name.' } });
    expect(await app.eventCount()).toBe(after);
    expect(after).toBe(before + 1);
  });

  test('only the owner manages keys: another role gets 403 and appends nothing', async () => {
    const { key } = await createAdminKey(app, 'Ed', 'editor');
    const before = await app.eventCount();
    const refused = await app.call('POST', '/api/admin/keys', { headers: withKey(key), json: { name: 'Sneaky', role: 'moderator' } });
    expect(refused).toMatchObject({ status: 403, body: { error: 'This needs the owner role. The key "Ed" has the editor role.' } });
    expect(await app.eventCount()).toBe(before);
  });

  test('every admin event says which key made it; the audit log shows its name and filters by it', async () => {
    const { key, summary } = await createAdminKey(app, 'Writer', 'editor');
    const section = await app.call('POST', '/api/content', { headers: withKey(key), json: { page: 'about', section: 'by-writer', title: '<p>T</p>', content: '<p>C</p>' } });
    expect(section.status).toBe(201);
    const edit = await app.call('PUT', `/api/content/${section.body.id}`, { headers: withKey(key), json: { ...section.body, title: '<p>Edited</p>' } });
    expect(edit.status).toBe(200);
    await app.call('POST', '/api/content', { admin: true, json: { page: 'about', section: 'by-owner', title: '', content: '' } });

    const mine = (await app.call('GET', `/api/admin/events?key=${summary.id}`, { admin: true })).body as AuditPage;
    expect(mine.events.map((e) => [e.type, e.adminKey, e.metadata.adminKey])).toEqual([
      ['ContentEdited', { id: summary.id, name: 'Writer' }, { id: summary.id, name: 'Writer' }],
      ['ContentSectionCreated', { id: summary.id, name: 'Writer' }, { id: summary.id, name: 'Writer' }],
    ]);
    const owners = (await app.call('GET', '/api/admin/events?key=owner', { admin: true })).body as AuditPage;
    expect(owners.events.length).toBeGreaterThan(0);
    expect(owners.events.every((e) => e.adminKey?.id === 'owner')).toBe(true);
    expect((await app.call('GET', '/api/admin/events?key=nobody', { admin: true })).status).toBe(400);
  });
});

describe('PUBLIC_RECORDING=recorders', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ PUBLIC_RECORDING: 'recorders', ADMIN_FAILURES_PER_15_MIN: '1000' });
  });
  afterAll(() => app?.close());

  test('recording a match needs a recorder key or above; the match says which key recorded it', async () => {
    expect((await app.call('GET', '/api/settings')).body).toEqual({ publicRecording: 'recorders' });
    const random = seededRandom(23);
    const before = await app.eventCount();
    const anonymous = await app.call('POST', '/api/matches', { json: randomMatch(random) });
    expect(anonymous).toMatchObject({ status: 401, body: { error: 'A valid admin key is required.' } });
    const editor = await createAdminKey(app, 'Page person', 'editor');
    const asEditor = await app.call('POST', '/api/matches', { headers: withKey(editor.key), json: randomMatch(random) });
    expect(asEditor).toMatchObject({ status: 403, body: { error: 'This needs the recorder role. The key "Page person" has the editor role.' } });
    expect(await app.eventCount()).toBe(before + 1);

    const recorder = await createAdminKey(app, 'Ref', 'recorder');
    const recorded = await app.call('POST', '/api/matches', { headers: withKey(recorder.key), json: randomMatch(random) });
    expect(recorded.status).toBe(201);
    const moderator = await createAdminKey(app, 'Mod', 'moderator');
    expect((await app.call('POST', '/api/matches', { headers: withKey(moderator.key), json: randomMatch(random) })).status).toBe(201);
    expect((await app.call('POST', '/api/matches', { admin: true, json: randomMatch(random) })).status).toBe(201);
    const match = await app.knex('events').where({ type: 'MatchRecorded' }).orderBy('position').first();
    expect(match.metadata.adminKey).toEqual({ id: recorder.summary.id, name: 'Ref' });
  });
});

describe('PUBLIC_RECORDING=open (the default)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  test('anyone records a match, as SPEC has it', async () => {
    expect((await app.call('GET', '/api/settings')).body).toEqual({ publicRecording: 'open' });
    expect((await app.call('POST', '/api/matches', { json: randomMatch(seededRandom(7)) })).status).toBe(201);
  });
});
