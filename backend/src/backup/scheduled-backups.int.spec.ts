import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createTestDatabase, type TestDatabase } from '@test-support/database.js';
import { until } from '@test-support/until.js';
import { createApp, type RunningApp } from '../app.js';
import { loadConfig } from '../config.js';
import { logSink } from '../../test/support/log-sink.js';
import { startTestApp, TEST_ADMIN_KEY, type TestApp } from '../../test/support/test-app.js';
import { BACKUP_FILE_PATTERN } from './backup-file.js';
import { verifyBackup } from './restore-backup.js';
import { ScheduledBackups } from './scheduled-backups.js';

// BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP: the running site writes a backup once per period, one
// process of several writes it, the folder keeps the newest BACKUP_KEEP, and a failure is a
// warning while the site goes on. The periods are counted on the injected clock.

const HOUR = 3_600_000;
const line = (discordId: string, username: string) => ({ discordId, username, kills: 5, deaths: 3, assists: 1, score: 100 });

const backupsIn = (dir: string) => fs.readdirSync(dir).filter((name) => BACKUP_FILE_PATTERN.test(name)).sort();

describe('scheduled backups', () => {
  let dir: string;
  let db: TestDatabase;
  let now = Date.UTC(2026, 2, 1, 10, 0, 30);
  const clock = () => new Date(now);
  const apps: TestApp[] = [];
  const env = () => ({ BACKUP_DIR: dir, BACKUP_EVERY: '1h', BACKUP_KEEP: '2' });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scheduled-backups-'));
    db = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the site writes one at start and one per period, and keeps the newest BACKUP_KEEP files', async () => {
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a backup');
    const app = await startTestApp(env(), db, clock);
    apps.push(app);
    // The period had no backup yet: the start writes it, in the background.
    const first = await until(async () => backupsIn(dir), (files) => files.length === 1);
    expect(first).toEqual([expect.stringMatching(/^backup-2026-03-01T10-00-30\.000Z-pos0\.ndjson\.gz$/)]);
    const schedule = app.running.app.get(ScheduledBackups);
    // The file is in place a moment before the start's run lets go of its lock (a run then would
    // be 'busy'): wait for that run to end.
    await schedule.whenIdle();
    // Same period: nothing more to do.
    expect(await schedule.runDue()).toEqual({ status: 'done' });

    const positions: number[] = [];
    for (let period = 1; period <= 3; period++) {
      const recorded = await app.call('POST', '/api/matches', { json: { winningTeam: 'team1', team1: [line('a', 'Alpha')], team2: [line(`b${period}`, `Bravo ${period}`)] } });
      expect(recorded.status).toBe(201);
      positions.push(Number(recorded.headers.get('x-event-position')));
      now += HOUR;
      const outcome = await schedule.runDue();
      expect(outcome).toMatchObject({ status: 'written', backup: { head: positions.at(-1), events: period } });
      expect(backupsIn(dir)).toHaveLength(2);
    }
    // The two newest remain, each a sound backup of the log as it was then; other files are left alone.
    const kept = backupsIn(dir);
    expect(kept.map((name) => name.replace(/^.*-pos/, 'pos'))).toEqual([`pos${positions[1]}.ndjson.gz`, `pos${positions[2]}.ndjson.gz`]);
    expect((await verifyBackup(path.join(dir, kept[1]!))).head).toBe(positions[2]);
    expect(fs.existsSync(path.join(dir, 'notes.txt'))).toBe(true);
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });

  test('with two API processes on one database, one of them writes each backup', async () => {
    const other = await startTestApp(env(), db, clock);
    apps.push(other);
    // Its start's turn finds this period done; the next period is the test.
    await other.running.app.get(ScheduledBackups).whenIdle();
    now += HOUR;
    const before = backupsIn(dir);
    const outcomes = await Promise.all(apps.map((app) => app.running.app.get(ScheduledBackups).runDue()));
    expect(outcomes.filter((outcome) => outcome.status === 'written')).toHaveLength(1);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([expect.stringMatching(/^(busy|done)$/), 'written']);
    const after = backupsIn(dir);
    expect(after).toHaveLength(2);
    expect(after.filter((name) => !before.includes(name))).toHaveLength(1);
  });

  test('a backup that fails is a warning in the log, and the site goes on', async () => {
    const notAFolder = path.join(dir, 'notes.txt');
    const failing = await createTestDatabase();
    const lines: Record<string, any>[] = [];
    let running: RunningApp | null = null;
    try {
      const config = loadConfig({ STATIC_DIR: 'none', LOG_LEVEL: 'info', BACKUP_DIR: notAFolder, BACKUP_EVERY: '1h' });
      running = await createApp(config, { adminKey: TEST_ADMIN_KEY, databaseUrl: failing.url, logger: pino({ level: 'info' }, logSink(lines)) });
      await running.app.listen(0, '127.0.0.1');
      const warning = await until(
        async () => lines.find((entry) => entry.msg === 'scheduled backup failed: the next period tries again'),
        (found) => found !== undefined,
      );
      expect(warning).toMatchObject({ level: 40, dir: notAFolder, err: { message: expect.stringMatching(/ENOTDIR|EEXIST/) } });
      const health = await fetch(`http://127.0.0.1:${running.app.getHttpServer().address().port}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      await running?.close();
      await failing.drop();
    }
  });
});
