import { createHash } from 'node:crypto';
import type { AuditPage } from '@team/contracts';
import { createAdminKey, withKey } from '../../test/support/admin-keys.js';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';

// Security review (issue 37, item C): the audit log showed every key's SHA-256 (AdminKeyCreated's
// keyHash) and every caller fingerprint to every role. Key hashes never leave the server, for any
// role, nor can the text search find them; caller fingerprints are the owner's only.

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('what the audit log shows of keys and callers (issue 37 item C)', () => {
  let app: TestApp;
  let editorKey: string;
  let editorHash: string;
  let fingerprints: string[];

  beforeAll(async () => {
    app = await startTestApp({ ADMIN_FAILURES_PER_15_MIN: '1000' });
    const editor = await createAdminKey(app, 'Eddie', 'editor');
    editorKey = editor.key;
    editorHash = sha256(editorKey);
    await createAdminKey(app, 'Rita', 'recorder');
    // The log itself keeps both: the hash and the caller fingerprint of the request that made the key.
    const rows = await app.knex('events').where('type', 'AdminKeyCreated').select('data', 'metadata');
    expect(rows.map((row) => row.data.keyHash)).toContain(editorHash);
    fingerprints = rows.map((row) => row.metadata.fingerprint as string);
    expect(fingerprints.every((fingerprint) => typeof fingerprint === 'string' && fingerprint.length > 0)).toBe(true);
  });
  afterAll(() => app?.close());

  const read = async (headers: Record<string, string>, query = '') => {
    const answer = await app.call('GET', `/api/admin/events${query}`, { headers });
    expect(answer.status).toBe(200);
    return { page: answer.body as AuditPage, text: JSON.stringify(answer.body) };
  };
  const owner = { 'x-admin-key': 'test-admin-key-0123456789' };

  test.each([
    ['the owner', () => owner],
    ['an editor', () => withKey(editorKey)],
  ])('no answer to %s holds a key hash, nor finds one by its text', async (_, headers) => {
    const { page, text } = await read(headers());
    expect(page.events.filter((entry) => entry.type === 'AdminKeyCreated')).toHaveLength(2);
    expect(text).not.toContain(editorHash);
    expect(text).not.toContain('keyHash');
    for (const entry of page.events.filter((e) => e.type === 'AdminKeyCreated')) {
      expect(Object.keys(entry.data as object).sort()).toEqual(['expiresAt', 'keyId', 'name', 'role']);
    }
    // The free-text search does not look into the hash either: its prefix finds nothing.
    const search = await read(headers(), `?q=${editorHash.slice(0, 12)}`);
    expect(search.page.events).toEqual([]);
    const filtered = await read(headers(), '?type=AdminKeyCreated,AdminKeyRevoked');
    expect(filtered.text).not.toContain(editorHash);
  });

  test('the owner sees the caller fingerprints; an editor gets none, in the entry or its metadata', async () => {
    const asOwner = await read(owner);
    const made = asOwner.page.events.filter((entry) => entry.type === 'AdminKeyCreated');
    expect(made.map((entry) => entry.fingerprint).sort()).toEqual([...fingerprints].sort());
    expect(made.map((entry) => entry.metadata.fingerprint).sort()).toEqual([...fingerprints].sort());

    const asEditor = await read(withKey(editorKey));
    expect(asEditor.page.events.map((entry) => entry.position)).toEqual(asOwner.page.events.map((entry) => entry.position));
    for (const entry of asEditor.page.events) {
      expect(entry).not.toHaveProperty('fingerprint');
      expect(entry.metadata).not.toHaveProperty('fingerprint');
    }
    for (const fingerprint of fingerprints) expect(asEditor.text).not.toContain(fingerprint);
  });
});
