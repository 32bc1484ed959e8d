import { MAX_ALT_LENGTH, MEDIA_LIBRARY_STREAM } from '@team/contracts';
import { createAdminKey, withKey } from '../../../test/support/admin-keys.js';
import { pngOf, upload } from '../../../test/support/media-uploads.js';
import { startTestApp, TEST_ADMIN_KEY, type TestApp } from '../../../test/support/test-app.js';

describe('the alt text after upload: PATCH /api/admin/media/{id}', () => {
  let app: TestApp;
  let editor: string;
  let moderator: string;
  let recorder: string;
  let id: string;

  beforeAll(async () => {
    app = await startTestApp({ ADMIN_FAILURES_PER_15_MIN: '1000' });
    editor = (await createAdminKey(app, 'Eddie', 'editor')).key;
    moderator = (await createAdminKey(app, 'Mo', 'moderator')).key;
    recorder = (await createAdminKey(app, 'Rey', 'recorder')).key;
    const uploaded = await upload(app.baseUrl, { bytes: await pngOf(400, 200), name: 'crest.png' }, { key: TEST_ADMIN_KEY, alt: 'Old crest' });
    expect(uploaded.status).toBe(201);
    id = uploaded.body.id;
  });
  afterAll(() => app?.close());

  const patch = (json: unknown, key = editor, target = id) => app.call('PATCH', `/api/admin/media/${target}`, { json, headers: withKey(key) });
  const altInList = async () => (await app.call('GET', '/api/admin/media', { admin: true })).body.items.find((item: { id: string }) => item.id === id).alt;
  const lastMediaEvent = async () => (await app.knex('events').where({ stream_id: MEDIA_LIBRARY_STREAM }).orderBy('position', 'desc').limit(1))[0];

  test('an editor changes it: one audited MediaAltChanged with the text it replaces, and the library shows the new one', async () => {
    const before = await app.eventCount();
    const answer = await patch({ alt: '  Nova crest, red on white ' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id, alt: 'Nova crest, red on white', fileName: 'crest.png', width: 400, height: 200 });
    expect(await app.eventCount()).toBe(before + 1);
    const event = await lastMediaEvent();
    expect(event.type).toBe('MediaAltChanged');
    expect(event.data).toEqual({ id, fileName: 'crest.png', alt: 'Nova crest, red on white', previousAlt: 'Old crest' });
    expect(event.metadata.adminKey.name).toBe('Eddie');
    expect(await altInList()).toBe('Nova crest, red on white');

    const audit = await app.call('GET', `/api/admin/events?stream=${MEDIA_LIBRARY_STREAM}`, { admin: true });
    expect(audit.body.events.map((entry: { summary: string }) => entry.summary)).toContain('Alt text of image "crest.png" changed: "Old crest" → "Nova crest, red on white"');
  });

  test('the same text again appends nothing and answers the image as it is', async () => {
    const before = await app.eventCount();
    const answer = await patch({ alt: 'Nova crest, red on white' });
    expect(answer.status).toBe(200);
    expect(answer.body.alt).toBe('Nova crest, red on white');
    expect(await app.eventCount()).toBe(before);
  });

  test('the audit log puts it back from the event: its previous text as a new change', async () => {
    const changed = await lastMediaEvent();
    expect((await patch({ alt: changed.data.previousAlt })).status).toBe(200);
    expect(await altInList()).toBe('Old crest');
    expect((await lastMediaEvent()).data).toMatchObject({ alt: 'Old crest', previousAlt: 'Nova crest, red on white' });
  });

  test.each([
    ['a NUL byte', { alt: 'Cr\u0000est' }, /alt: must not contain control characters/],
    ['a lone surrogate', { alt: 'Crest \ud800' }, /alt: must be valid Unicode text/],
    ['a new line', { alt: 'Two\nlines' }, /alt: must not contain control characters/],
    ['text that is too long', { alt: 'x'.repeat(MAX_ALT_LENGTH + 1) }, new RegExp(`alt: must be at most ${MAX_ALT_LENGTH} characters`)],
    ['an alt that is not text', { alt: 42 }, /alt: must be text/],
    ['no alt at all', {}, /alt: must be text/],
    ['another field', { alt: 'Crest', fileName: 'evil.png' }, /only alt can be changed \(not fileName\)/],
    ['a body that is not an object', ['Crest'], /send a JSON object with alt/],
  ])('refuses %s with 400, a clear message, and appends nothing', async (_, body, message) => {
    const before = await app.eventCount();
    const answer = await patch(body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/^The alt text was not changed/);
    expect([answer.body.error, ...(answer.body.details ?? [])].join(' ')).toMatch(message);
    expect(await app.eventCount()).toBe(before);
    expect(await altInList()).toBe('Old crest');
  });

  test.each([
    ['an id no image has', 'm0000000000000000'],
    ['a malformed id', 'not-an-id'],
  ])('answers 404 for %s, appending nothing', async (_, target) => {
    const before = await app.eventCount();
    const answer = await patch({ alt: 'Crest' }, editor, target);
    expect(answer.status).toBe(404);
    expect(answer.body.error).toMatch(/not in the media library/);
    expect(await app.eventCount()).toBe(before);
  });

  test('a deleted image is gone: 404', async () => {
    const gone = await upload(app.baseUrl, { bytes: await pngOf(50, 50), name: 'gone.png' }, { key: editor });
    expect((await app.call('DELETE', `/api/admin/media/${gone.body.id}`, { headers: withKey(editor) })).status).toBe(204);
    const before = await app.eventCount();
    expect((await patch({ alt: 'Too late' }, editor, gone.body.id)).status).toBe(404);
    expect(await app.eventCount()).toBe(before);
  });

  test.each([
    ['moderator', () => moderator],
    ['recorder', () => recorder],
  ])('a %s key gets 403, no key 401, and nothing is appended', async (_, key) => {
    const before = await app.eventCount();
    const answer = await patch({ alt: 'Hijacked' }, key());
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatch(/needs the editor role/);
    expect((await app.call('PATCH', `/api/admin/media/${id}`, { json: { alt: 'Hijacked' } })).status).toBe(401);
    expect(await app.eventCount()).toBe(before);
    expect(await altInList()).toBe('Old crest');
  });

  test('the owner key may change it too', async () => {
    const answer = await patch({ alt: 'Crest' }, TEST_ADMIN_KEY);
    expect(answer.status).toBe(200);
    expect(await altInList()).toBe('Crest');
  });
});
