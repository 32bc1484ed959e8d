import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '@test-support/database.js';
import { restoreBackup } from '../backup/restore-backup.js';
import { writeBackup } from '../backup/write-backup.js';
import { createKnex } from '../infrastructure/database.js';
import { startTestApp, TEST_ADMIN_KEY, type TestApp } from '../../test/support/test-app.js';
import { pngOf, upload } from '../../test/support/media-uploads.js';

// The library's bytes are in no event: a backup must carry them, and a restored site serves them.

describe('media in a backup and a restore', () => {
  let original: TestApp;
  let restored: TestApp | null = null;
  let folder: string;

  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'media-backup-'));
    original = await startTestApp();
  });
  afterAll(async () => {
    await restored?.close();
    await original?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  test('an uploaded image, its WebPs, its changed alt text and the settings naming it come back whole', async () => {
    const png = await pngOf(900, 400);
    const uploaded = await upload(original.baseUrl, { bytes: png, name: 'logo.png' }, { key: TEST_ADMIN_KEY, alt: 'Logo' });
    expect(uploaded.status).toBe(201);
    // MediaAltChanged is in the log; the restore's rebuild replays it over the upload's alt.
    expect((await original.call('PATCH', `/api/admin/media/${uploaded.body.id}`, { admin: true, json: { alt: 'Nova logo' } })).status).toBe(200);
    expect((await original.call('PUT', '/api/admin/site', { admin: true, json: { teamName: 'Nova', logoUrl: uploaded.body.url } })).status).toBe(200);
    // Small pages, so the blob table is read in several.
    const backup = await writeBackup(original.knex, { dir: folder, now: () => new Date(), pageSize: 1 });

    const target = await createTestDatabase();
    const knex = createKnex(target.url, 4);
    try {
      await restoreBackup(knex, target.url, backup.file);
    } finally {
      await knex.destroy();
    }
    restored = await startTestApp({}, target);
    const site = await restored.call('GET', '/api/site');
    expect(site.body).toMatchObject({ teamName: 'Nova', logoUrl: uploaded.body.url });
    const served = await fetch(restored.baseUrl + uploaded.body.url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    const webp = uploaded.body.srcset.split(', ')[0].split(' ')[0];
    expect((await fetch(restored.baseUrl + webp)).status).toBe(200);
    const list = await restored.call('GET', '/api/admin/media', { admin: true });
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({ id: uploaded.body.id, alt: 'Nova logo', usedBy: ['Site logo'] });
  });
});
