import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@test-support/database.js';
import { startServerProcess } from '../../test/support/server-process.js';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';
import { readBackupFile } from './backup-file.js';
import { BUILT_BACKUP, BUILT_RESTORE, runBuiltCommand } from '../../test/support/backup/built-commands.js';

// `npm run backup` on the embedded default, as real processes: beside a running `npm start` it
// finds the site's PostgreSQL by its postmaster.pid and backs it up from there (a second server
// cannot start on the same data); with the site stopped it starts the database for itself and
// stops it after. Either file restores into another site.

const line = (discordId: string, username: string) => ({ discordId, username, kills: 5, deaths: 3, assists: 1, score: 100 });

/** The rows of a backup file, without its header (whose creation time differs between two backups). */
async function rowsOf(file: string): Promise<string[]> {
  const rows: string[] = [];
  for await (const item of readBackupFile(file)) if (item.kind === 'row') rows.push(`${item.section.name} ${item.row}`);
  return rows;
}

describe('npm run backup on the embedded database', () => {
  let folder: string;
  let target: TestDatabase | null = null;
  let restored: TestApp | null = null;

  beforeAll(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-embedded-'));
    // As root, the embedded PostgreSQL runs as `postgres`, which must be able to enter it.
    fs.chmodSync(folder, 0o755);
  });
  afterAll(async () => {
    await restored?.close();
    await target?.drop();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('backs up the running site from a second process, then the stopped site, and either file restores', async () => {
    const dataDir = path.join(folder, 'data');
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    const site = await startServerProcess({ DATABASE_URL: '', DATA_DIR: dataDir, ADMIN_KEY: '' }, 60_000);
    let board: unknown;
    const whileRunning = path.join(folder, 'while-running.ndjson.gz');
    try {
      for (let i = 0; i < 3; i++) {
        const response = await fetch(`${site.baseUrl}/api/matches`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ winningTeam: 'team1', team1: [line('a', 'Alpha')], team2: [line(`b${i}`, `Bravo ${i}`)] }),
        });
        expect(response.status).toBe(201);
      }
      board = await (await fetch(`${site.baseUrl}/api/players/leaderboard`)).json();

      const live = await runBuiltCommand(BUILT_BACKUP, ['--out', whileRunning], { DATABASE_URL: '', DATA_DIR: dataDir });
      expect({ code: live.code, stderr: live.stderr }).toEqual({ code: 0, stderr: '' });
      expect(live.stdout).toMatch(new RegExp(`^Backup written: ${whileRunning} \\(\\d+\\.\\d KB\\), head position 3, 3 events, in \\d+\\.\\d s\\.\\n$`));
      // The site's server is untouched and still serves.
      expect(fs.existsSync(pidFile)).toBe(true);
      expect((await fetch(`${site.baseUrl}/api/players/leaderboard`)).status).toBe(200);
    } finally {
      await site.kill('SIGTERM');
    }
    expect(fs.existsSync(pidFile)).toBe(false);

    // Stopped: the command starts the database, backs up to backups/ of the folder it runs in, and stops it.
    const stopped = await runBuiltCommand(BUILT_BACKUP, [], { DATABASE_URL: '', DATA_DIR: dataDir }, folder);
    expect({ code: stopped.code, stderr: stopped.stderr }).toEqual({ code: 0, stderr: '' });
    const written = /^Backup written: (backups\/backup-\S+-pos3\.ndjson\.gz) \(/.exec(stopped.stdout);
    expect(written).not.toBeNull();
    expect(fs.existsSync(pidFile)).toBe(false);
    const atRest = path.join(folder, written![1]!);
    expect(await rowsOf(atRest)).toEqual(await rowsOf(whileRunning));

    target = await createTestDatabase();
    const restore = await runBuiltCommand(BUILT_RESTORE, [whileRunning], { DATABASE_URL: target.url });
    expect({ code: restore.code, stderr: restore.stderr }).toEqual({ code: 0, stderr: '' });
    expect(restore.stdout).toMatch(/^Verified .*while-running\.ndjson\.gz: 3 events up to position 3, taken .*\.\nRestored 3 events \(up to position 3\) and the rest of the backup in \d+\.\d s\.\nRebuilt the read models from 3 events in \d+\.\d s\. Restored in \d+\.\d s\.\n$/);
    restored = await startTestApp({}, target);
    expect((await restored.call('GET', '/api/players/leaderboard')).body).toEqual(board);
  });
});
