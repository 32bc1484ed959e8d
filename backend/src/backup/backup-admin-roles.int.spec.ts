import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Knex } from 'knex';
import { ADMIN_KEYS_STREAM, type AdminKeyEvent } from '@team/contracts';
import { createTestDatabase, type TestDatabase } from '@test-support/database.js';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store.js';
import { createKnex } from '../infrastructure/database.js';
import { loadFingerprintSecret } from '../infrastructure/fingerprint-secret.js';
import { PgNotifications } from '../infrastructure/pg-notifications.js';
import { migrateDatabase } from '../migrate-database.js';
import { BackupRefusedError, readBackupFile } from './backup-file.js';
import { restoreBackup } from './restore-backup.js';
import { writeBackup } from './write-backup.js';

// Security review (issue 37, item B): a backup's SHA-256 trailer catches damage, not intent.
// Anyone who can edit the file can recompute it: a backup whose AdminKeyCreated was changed to
// the role "owner", trailer recomputed, restored an owner key. A restore now refuses a file with
// an AdminKeyCreated of any role but editor, moderator or recorder, and restores nothing.

/** The target's public relations and their rows: "nothing was written" compares it before and after. */
async function everythingIn(knex: Knex): Promise<unknown> {
  const { rows: tables } = await knex.raw(`SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname IN ('public', 'read_models') ORDER BY 1`);
  const contents: Record<string, unknown> = {};
  for (const { name } of tables as { name: string }[]) {
    contents[name] = (await knex.raw(`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS sum, count(*)::int AS n FROM ${name} t`)).rows[0];
  }
  contents.sequences = (await knex.raw(`SELECT sequencename, last_value FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`)).rows;
  return contents;
}

/** `text` (a whole decompressed backup) with its trailer recomputed over what comes before it, gzip'd again. */
function withRecomputedTrailer(text: string): Buffer {
  const lines = text.split('\n');
  const trailer = lines.findIndex((line) => line.startsWith('{"sha256"'));
  const body = `${lines.slice(0, trailer).join('\n')}\n`;
  return zlib.gzipSync(`${body}${JSON.stringify({ sha256: createHash('sha256').update(body, 'utf8').digest('hex') })}\n`);
}

describe('a restore refuses admin keys of roles the owner cannot hand out (issue 37 item B)', () => {
  let folder: string;
  let source: TestDatabase;
  let sourceKnex: Knex;
  let target: TestDatabase;
  let targetKnex: Knex;
  let good: string;

  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-roles-'));
    source = await createTestDatabase();
    sourceKnex = createKnex(source.url, 4);
    await migrateDatabase(sourceKnex);
    await loadFingerprintSecret(sourceKnex);
    const notifications = new PgNotifications(source.url);
    try {
      const store = new PostgresEventStore(sourceKnex, notifications);
      const created: AdminKeyEvent = {
        type: 'AdminKeyCreated',
        data: { keyId: 'k0123456789', name: 'Editor Eve', role: 'editor', keyHash: createHash('sha256').update('vk_eve').digest('hex'), expiresAt: null },
      };
      await store.append(ADMIN_KEYS_STREAM, [{ id: randomUUID(), type: created.type, data: created.data }], 'no_stream', {
        correlationId: randomUUID(),
        actor: 'admin',
        recordedAt: new Date(),
      });
    } finally {
      await notifications.close();
    }
    good = (await writeBackup(sourceKnex, { dir: folder, now: () => new Date() })).file;
    target = await createTestDatabase();
    targetKnex = createKnex(target.url, 2);
  });

  afterAll(async () => {
    await targetKnex?.destroy();
    await target?.drop();
    await sourceKnex?.destroy();
    await source?.drop();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  test.each([
    ['owner', 'holds an admin key with the role "owner"'],
    ['superuser', 'holds an admin key with the role "superuser"'],
  ])('a backup edited to create an %s key, its checksum recomputed, is refused and nothing is written', async (role, says) => {
    const text = zlib.gunzipSync(fs.readFileSync(good)).toString('utf8');
    expect(text).toMatch(/"role": ?"editor"/);
    const file = path.join(folder, `as-${role}.ndjson.gz`);
    fs.writeFileSync(file, withRecomputedTrailer(text.replace(/"role": ?"editor"/, `"role": "${role}"`)));
    // The file is whole as far as its checksum can tell: only what it says gives it away.
    for await (const item of readBackupFile(file)) expect(item.kind).toMatch(/^(header|row)$/);

    const before = await everythingIn(targetKnex);
    const refusal = await restoreBackup(targetKnex, target.url, file).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(BackupRefusedError);
    const message = (refusal as Error).message;
    expect(message).toContain(`as-${role}.ndjson.gz ${says}`);
    expect(message).toMatch(/may only create editor, moderator or recorder keys.*: nothing was restored\.$/);
    expect(message).not.toContain('\n');
    expect(await everythingIn(targetKnex)).toEqual(before);
  });

  test('the untouched backup restores, its editor key with it', async () => {
    await restoreBackup(targetKnex, target.url, good);
    const { rows } = await targetKnex.raw(`SELECT data->>'role' AS role FROM public.events WHERE type = 'AdminKeyCreated'`);
    expect(rows).toEqual([{ role: 'editor' }]);
  });
});
