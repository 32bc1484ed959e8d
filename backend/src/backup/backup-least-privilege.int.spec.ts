import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect, createTestDatabase, testServerUrl, type TestDatabase } from '@test-support/database.js';
import { BUILT_SERVER } from '../../test/support/server-process.js';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';
import { BUILT_RESTORE, runBuiltCommand } from '../../test/support/backup/built-commands.js';
import { writeBackup } from './write-backup.js';

// With least privilege (docs/operations.md) the owner migrates the log (`npm run migrate`) and
// the app role may append but not set the log's position sequence: a restore run as the app
// role still puts back every event, and the next append gets the position after the head.

const line = (discordId: string, username: string) => ({ discordId, username, kills: 5, deaths: 3, assists: 1, score: 100 });

describe('a restore as the least-privileged app role', () => {
  const role = `team_restore_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(9).toString('hex');
  let folder: string;
  let source: TestApp;
  let target: TestDatabase;
  let restored: TestApp | null = null;

  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-least-privilege-'));
    source = await startTestApp();
    target = await createTestDatabase();
    const owner = connect(target.url, 1);
    await owner.raw(`CREATE ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '${password}'`).finally(() => owner.destroy());
  });
  afterAll(async () => {
    await restored?.close();
    await source.close();
    await target.drop();
    const server = connect(testServerUrl(), 1);
    await server.raw(`DROP ROLE IF EXISTS ${role}`).finally(() => server.destroy());
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('restores the log and the next position follows the head', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await source.call('POST', '/api/matches', { json: { winningTeam: 'team1', team1: [line('a', 'Alpha')], team2: [line(`b${i}`, `Bravo ${i}`)] } })).status).toBe(201);
    }
    const backup = await writeBackup(source.knex, { dir: folder, now: () => new Date() });
    const appUrl = new URL(target.url);
    appUrl.username = role;
    appUrl.password = password;

    const migrate = await runBuiltCommand(path.join(path.dirname(BUILT_SERVER), 'migrate-main.js'), [], { MIGRATION_DATABASE_URL: target.url, DATABASE_URL: appUrl.toString() });
    expect({ code: migrate.code, stderr: migrate.stderr }).toEqual({ code: 0, stderr: '' });
    const restore = await runBuiltCommand(BUILT_RESTORE, [backup.file], { DATABASE_URL: appUrl.toString() });
    expect({ code: restore.code, stderr: restore.stderr }).toEqual({ code: 0, stderr: '' });

    restored = await startTestApp({}, { ...target, url: appUrl.toString(), drop: async () => {} });
    const next = await restored.call('POST', '/api/matches', { json: { winningTeam: 'team2', team1: [line('a', 'Alpha')], team2: [line('c', 'Charlie')] } });
    expect(next.status).toBe(201);
    expect(Number(next.headers.get('x-event-position'))).toBe(backup.head + 1);
    const board = (await restored.call('GET', '/api/players/leaderboard')).body as { username: string }[];
    expect(board.map((entry) => entry.username).sort()).toEqual(['Alpha', 'Bravo 0', 'Bravo 1', 'Bravo 2', 'Charlie']);
  });
});
