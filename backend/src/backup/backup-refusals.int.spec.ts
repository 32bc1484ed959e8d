import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Knex } from 'knex';
import { connect, createTestDatabase, type TestDatabase } from '@test-support/database.js';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';
import { BackupRefusedError } from './backup-file.js';
import { restoreBackup } from './restore-backup.js';
import { BUILT_RESTORE, runBuiltCommand } from '../../test/support/backup/built-commands.js';
import { writeBackup } from './write-backup.js';

// A restore checks the whole file before it writes anything, and goes into an empty site only:
// a damaged file, a file that is not a backup, and a target with events are refused with one
// line, and the target is left exactly as it was.

const line = (discordId: string, username: string) => ({ discordId, username, kills: 5, deaths: 3, assists: 1, score: 100 });

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

describe('what a restore refuses', () => {
  let folder: string;
  let site: TestApp;
  let good: string;
  let target: TestDatabase;
  let targetKnex: Knex;

  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-refusals-'));
    site = await startTestApp();
    for (let i = 0; i < 4; i++) {
      expect((await site.call('POST', '/api/matches', { json: { winningTeam: 'team1', team1: [line('a', 'Alpha')], team2: [line(`b${i}`, `Bravo ${i}`)] } })).status).toBe(201);
    }
    expect((await site.call('POST', '/api/content', { admin: true, json: { page: 'about', section: 's', title: '<p>T</p>', content: '<p>C</p>' } })).status).toBe(201);
    good = (await writeBackup(site.knex, { dir: folder, now: () => new Date() })).file;
    target = await createTestDatabase();
    targetKnex = connect(target.url, 2);
  });
  afterAll(async () => {
    await targetKnex.destroy();
    await target.drop();
    await site.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  /** A copy of the good backup, changed by `change` (bytes of the gzip file). */
  function variant(name: string, change: (bytes: Buffer) => Buffer): string {
    const file = path.join(folder, name);
    fs.writeFileSync(file, change(fs.readFileSync(good)));
    return file;
  }

  /** The same, changed in its decompressed text and compressed again (gzip's own CRC then holds). */
  function textVariant(name: string, change: (text: string) => string): string {
    return variant(name, (bytes) => zlib.gzipSync(change(zlib.gunzipSync(bytes).toString('utf8'))));
  }

  async function expectRefused(file: string, message: RegExp): Promise<void> {
    const before = await everythingIn(targetKnex);
    const refusal = await restoreBackup(targetKnex, target.url, file).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(BackupRefusedError);
    expect((refusal as Error).message).toMatch(message);
    expect((refusal as Error).message).not.toContain('\n');
    expect(await everythingIn(targetKnex)).toEqual(before);
  }

  test.each([
    ['one byte of the compressed file changed', () => variant('flipped.ndjson.gz', (b) => Buffer.from(b.map((byte, i) => (i === Math.floor(b.length / 2) ? byte ^ 0x01 : byte))))],
    ['one byte of a row changed (gzip intact)', () => textVariant('edited.ndjson.gz', (t) => t.replace('"Bravo 2"', '"Bravo 3"'))],
    ['a row left out (gzip intact)', () => textVariant('short.ndjson.gz', (t) => t.split('\n').filter((l) => !l.includes('"Bravo 2"')).join('\n'))],
    ['cut short', () => variant('cut.ndjson.gz', (b) => b.subarray(0, b.length - 40))],
    ['the checksum line missing', () => textVariant('no-trailer.ndjson.gz', (t) => t.split('\n').filter((l) => !l.startsWith('{"sha256"')).join('\n'))],
  ])('a damaged file (%s) is refused and nothing is written', async (_, make) => {
    await expectRefused(make(), /^.+\.ndjson\.gz is damaged \(.+\): nothing was restored\.$/);
  });

  test('a file that is not a backup, or of a later format, is refused and nothing is written', async () => {
    await expectRefused(variant('matches.csv.gz', () => zlib.gzipSync('match_key,played_at\nm1,2024-01-01\n')), /^matches\.csv\.gz is not a backup of this site/);
    await expectRefused(variant('plain.txt', () => Buffer.from('hello\n')), /^plain\.txt is damaged \(not a complete gzip file/);
    await expectRefused(textVariant('later.ndjson.gz', (t) => t.replace('"version":1', '"version":2')), /format version 2; this version reads version 1/);
    await expectRefused(path.join(folder, 'missing.ndjson.gz'), /^Cannot read .*missing\.ndjson\.gz: no such file\.$/);
  });

  test('a target with events is refused and nothing is written, however far the file gets', async () => {
    const before = await everythingIn(site.knex);
    await expect(restoreBackup(site.knex, site.db.url, good)).rejects.toThrow(
      /^The target site already has 5 events \(up to position 5\): a backup is restored into an empty site only\. Nothing was restored\.$/,
    );
    expect(await everythingIn(site.knex)).toEqual(before);
  });

  test('the command says it in one line on stderr and exits with code 1', async () => {
    const damaged = variant('flipped-again.ndjson.gz', (b) => Buffer.from(b.map((byte, i) => (i === b.length - 12 ? byte ^ 0x80 : byte))));
    const before = await everythingIn(targetKnex);
    const result = await runBuiltCommand(BUILT_RESTORE, [damaged], { DATABASE_URL: target.url });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^flipped-again\.ndjson\.gz is damaged \(.+\): nothing was restored\.\n$/);
    expect(await everythingIn(targetKnex)).toEqual(before);

    const full = await runBuiltCommand(BUILT_RESTORE, [good], { DATABASE_URL: site.db.url });
    expect(full.code).toBe(1);
    expect(full.stderr).toBe('The target site already has 5 events (up to position 5): a backup is restored into an empty site only. Nothing was restored.\n');

    const usage = await runBuiltCommand(BUILT_RESTORE, [good, '--to-position', 'last'], { DATABASE_URL: target.url });
    expect({ code: usage.code, stderr: usage.stderr }).toEqual({ code: 2, stderr: '--to-position takes a log position (a whole number). Usage: npm run restore -- FILE [--to-position N]\n' });

    const kurrent = await runBuiltCommand(BUILT_RESTORE, [good], { DATABASE_URL: target.url, EVENTSTORE_URL: 'kurrentdb://127.0.0.1:2113?tls=false' });
    expect(kurrent.code).toBe(1);
    expect(kurrent.stderr).toBe(
      "The event log lives in KurrentDB (EVENTSTORE_URL): back it up with KurrentDB's own tools. npm run restore covers a PostgreSQL event log only (docs/operations.md).\n",
    );
    expect(await everythingIn(targetKnex)).toEqual(before);
  });
});
