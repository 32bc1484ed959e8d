import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { MATCH_CSV_COLUMNS, type RecordMatchRequest } from '@team/contracts';
import { readModelProjections, tableChecksums } from '@team/projections';
import { connect, createTestDatabase, type TestDatabase } from '@test-support/database.js';
import { until } from '@test-support/until.js';
import { createAdminKey, withKey } from '../../test/support/admin-keys.js';
import { postImport } from '../../test/support/import-requests.js';
import { randomMatch, seededRandom } from '../../test/support/match-load.js';
import { pngOf, upload } from '../../test/support/media-uploads.js';
import { startTestApp, TEST_ADMIN_KEY, type TestApp } from '../../test/support/test-app.js';
import { readBackupFile } from './backup-file.js';
import { BUILT_BACKUP, BUILT_RESTORE, runBuiltCommand } from '../../test/support/backup/built-commands.js';
import { EVENTS_TABLE, KEPT_TABLES, LEFT_OUT_TABLES } from './kept-data.js';
import { writeBackup } from './write-backup.js';

// Issue 24 part 4: a backup taken while matches are being recorded is one snapshot, and a
// restore into a wiped site gives back every read table and every answer of the API, at the
// same log position; a restore up to a position equals time travel to it.

const random = seededRandom(24);

/** A seeded 3-v-3 match; every third one in Hardpoint, so a mode's pool moves too. */
function match(i: number): RecordMatchRequest {
  const body = randomMatch(random);
  return i % 3 === 1 ? { ...body, winningTeam: 'team1', modeId: 1, team1Score: 250, team2Score: 120 + (i % 100) } : body;
}

const csvRow = (cells: Partial<Record<(typeof MATCH_CSV_COLUMNS)[number], string | number>>) => MATCH_CSV_COLUMNS.map((c) => cells[c] ?? '').join(',');

/** Three old matches of a team's history, in the import's CSV. */
function importFile(): string {
  const lines = [MATCH_CSV_COLUMNS.join(',')];
  for (let i = 0; i < 3; i++) {
    const base = { match_key: `old-${i}`, played_at: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(), winning_team: 1 + (i % 2) };
    lines.push(csvRow({ ...base, team: 1, discord_id: '900001', username: 'Veteran', kills: 10, deaths: 5 }));
    lines.push(csvRow({ ...base, team: 2, discord_id: '900002', username: 'Rookie', kills: 6, deaths: 9 }));
  }
  return lines.join('\n');
}

async function ok(app: TestApp, method: string, url: string, json?: unknown, headers?: Record<string, string>): Promise<any> {
  const response = await app.call(method, url, { json, admin: !headers, ...(headers ? { headers } : {}) });
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

const head = async (knex: Knex) => Number((await knex('public.events').max({ head: 'position' }).first())?.head ?? 0);

/**
 * Every answer of the public API (and the audit log, the event export and the named keys), by
 * path: the board in every mode, every player's profile, history, seasons and head-to-head,
 * every match page, season, content page, custom page, fixture and submission, the stats and
 * the exports.
 */
async function everyAnswer(app: TestApp): Promise<Record<string, { status: number; body: unknown }>> {
  const answers: Record<string, { status: number; body: unknown }> = {};
  const get = async (url: string, admin = false) => {
    const response = await app.call('GET', url, { admin });
    answers[url] = { status: response.status, body: response.body };
    return response.body;
  };
  const modes = (await get('/api/modes')) as { id: number }[];
  await get('/api/players/leaderboard');
  for (const mode of modes) await get(`/api/players/leaderboard?mode=${mode.id}`);
  await get('/api/players');
  await get('/api/players/top');
  await get('/api/players/duplicates');
  await get('/api/matches/recent');
  await get('/api/stats/global');
  await get('/api/stats/rank-distribution');
  const players = Number((await app.knex('ladder_players').max({ id: 'id' }).first())?.id ?? 0);
  for (let id = 1; id <= players + 1; id++) {
    await get(`/api/players/${id}/matches`);
    await get(`/api/players/${id}/seasons`);
    await get(`/api/players/${id}/head-to-head`);
  }
  await get('/api/players/compare?a=1&b=2');
  const matches = Number((await app.knex('ladder_matches').max({ id: 'id' }).first())?.id ?? 0);
  for (let id = 1; id <= matches + 1; id++) await get(`/api/matches/${id}`);
  const seasons = (await get('/api/seasons')) as { id: number }[];
  for (const season of seasons) await get(`/api/seasons/${season.id}/leaderboard`);
  for (const page of ['home', 'about', 'roster']) await get(`/api/content/${page}`);
  const pages = (await get('/api/pages')) as { slug: string }[];
  for (const page of pages) await get(`/api/pages/${page.slug}`);
  for (const status of ['upcoming', 'past']) {
    const { fixtures } = (await get(`/api/fixtures?status=${status}&limit=100`)) as { fixtures: { id: number }[] };
    for (const fixture of fixtures) await get(`/api/fixtures/${fixture.id}`);
  }
  await get(`/api/players/cards?ids=${Array.from({ length: Math.min(players, 50) }, (_, i) => i + 1).join(',')}`);
  await get('/api/admin/media', true);
  const { submissions } = (await get('/api/admin/submissions', true)) as { submissions: { id: string }[] };
  for (const submission of submissions) await get(`/api/submissions/${submission.id}`);
  await get('/api/export/players.csv');
  await get('/api/export/matches.csv');
  await get('/api/export/matches.json');
  await get('/api/admin/export/events.ndjson', true);
  await get('/api/admin/keys', true);
  for (let before: number | null = null, page = 0; page === 0 || before !== null; page++) {
    const body = (await get(`/api/admin/events?limit=200${before === null ? '' : `&before=${before}`}`, true)) as { nextCursor: number | null };
    before = body.nextCursor;
  }
  return answers;
}

/** Every kept table's rows and the sequences, as PostgreSQL writes them. */
async function keptData(knex: Knex): Promise<Record<string, string[]>> {
  const data: Record<string, string[]> = {};
  for (const table of KEPT_TABLES) {
    data[table.name] = (await knex.raw(`SELECT to_jsonb(t)::text AS row FROM ${table.name} t ORDER BY ${table.key}`)).rows.map((r: { row: string }) => r.row);
  }
  data.sequences = (
    await knex.raw(`SELECT format('%s %s', sequencename, last_value) AS s FROM pg_sequences WHERE schemaname = 'public' AND (sequencename LIKE 'cms%' OR sequencename = 'fixture_ids') ORDER BY 1`)
  ).rows.map((r: { s: string }) => r.s);
  return data;
}

/** Restores `file` into a fresh database with the real command; the app started on it. */
async function restoreIntoFreshSite(file: string, extraArgs: string[] = []): Promise<{ app: TestApp; db: TestDatabase; stdout: string }> {
  const db = await createTestDatabase();
  const restored = await runBuiltCommand(BUILT_RESTORE, [file, ...extraArgs], { DATABASE_URL: db.url });
  expect({ code: restored.code, stderr: restored.stderr }).toEqual({ code: 0, stderr: '' });
  return { app: await startTestApp({}, db), db, stdout: restored.stdout };
}

describe('backup and restore of a site with a real history', () => {
  let folder: string;
  let original: TestApp;
  let originalDb: TestDatabase;
  /** The backup taken while matches were being recorded, and its head. */
  let concurrentFile: string;
  let concurrentHead: number;
  /** Before the import: the position a restore --to-position undoes it from. */
  let beforeImport: number;
  const opened: { app: TestApp; db: TestDatabase }[] = [];

  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-restore-'));
    originalDb = await createTestDatabase();
    // A clock in 2024, a second a reading, moved to 2025 for the import: its matches of early 2025
    // are then after the ladder's latest event and not in the future.
    let time = Date.UTC(2024, 0, 1);
    // Review mode, so visitors' matches are submissions; the key (ok's default) records at once.
    original = await startTestApp({ PUBLIC_RECORDING: 'review' }, originalDb, () => new Date((time += 1000)));
    const app = original;
    for (let i = 0; i < 24; i++) await ok(app, 'POST', '/api/matches', match(i));
    // A duplicate account of the leader (same name, another Discord ID): merged, played, then unmerged.
    const [leader, rival] = (await ok(app, 'GET', '/api/players/leaderboard')) as { id: number; username: string; discordId: string }[];
    const line = (discordId: string, username: string) => ({ discordId, username, kills: 4, deaths: 2, assists: 1, score: 900 });
    await ok(app, 'POST', '/api/matches', { winningTeam: 'team1', team1: [line('duplicate-1', leader!.username)], team2: [line(rival!.discordId, rival!.username)] });
    const primary = leader!.id;
    const duplicate = ((await ok(app, 'GET', '/api/players')) as { id: number; discordId: string }[]).find((a) => a.discordId === 'duplicate-1')!.id;
    await ok(app, 'POST', '/api/players/merge', { primaryId: primary, duplicateId: duplicate });
    await ok(app, 'POST', '/api/matches', match(25));
    await ok(app, 'POST', '/api/admin/matches/5/void', { reason: 'Recorded twice' });
    await ok(app, 'POST', '/api/admin/merges/revert', { primaryId: primary, duplicateId: duplicate });
    await ok(app, 'POST', '/api/admin/seasons', { name: 'Season two', softResetPercent: 25 });
    await ok(app, 'POST', '/api/matches', match(26));
    await ok(app, 'PUT', '/api/admin/seasons/1', { name: 'Opening season' });
    await ok(app, 'POST', `/api/admin/players/${primary}/rename`, { username: 'Player Three' });
    // Content: a section edited and restored, another deleted; a page with blocks, another deleted.
    const section = await ok(app, 'POST', '/api/content', { page: 'about', section: 'our-story', title: '<p>Our story</p>', content: '<p>First</p>' });
    await ok(app, 'PUT', `/api/content/${section.id}`, { title: '<p>Our story</p>', content: '<p><strong>Second</strong></p>' });
    await ok(app, 'POST', `/api/admin/content/${section.id}/restore`, { version: 1 });
    const other = await ok(app, 'POST', '/api/content', { page: 'home', section: 'hero', title: '<p>Hero</p>', content: '<p>Hi</p>' });
    await ok(app, 'DELETE', `/api/content/${other.id}`);
    const page = await ok(app, 'POST', '/api/pages', { slug: 'events', title: 'Events' });
    const block = {
      pageId: page.id, blockType: 'text', layout: 'full', order: 0, padding: 'medium', textAlign: 'left', title: 'Upcoming',
      content: '<p>Scrims</p>', videoUrl: null, imageUrl: null, buttonText: null, buttonUrl: null, buttonStyle: 'primary',
    };
    const saved = await ok(app, 'POST', '/api/blocks', block);
    await ok(app, 'PUT', `/api/blocks/${saved.id}`, { ...block, content: '<p>Scrims every Friday</p>' });
    const gone = await ok(app, 'POST', '/api/pages', { slug: 'old-news', title: 'Old news' });
    await ok(app, 'DELETE', `/api/pages/${gone.id}`);
    // Fixtures (issue 42): scheduled, rescheduled, played; another cancelled.
    const fixture = { opponent: 'Night Owls', startsAt: '2024-02-01T18:00:00Z', format: 'bo3' };
    const played = await ok(app, 'POST', '/api/admin/fixtures', fixture);
    await ok(app, 'PUT', `/api/admin/fixtures/${played.id}`, { ...fixture, startsAt: '2024-02-02T18:00:00Z' });
    await ok(app, 'POST', `/api/admin/fixtures/${played.id}/result`, { teamScore: 2, opponentScore: 1, maps: [] });
    await ok(app, 'DELETE', `/api/admin/fixtures/${(await ok(app, 'POST', '/api/admin/fixtures', fixture)).id}`);
    // A roster card naming the leader, whose profile is set (issue 42).
    await ok(app, 'POST', '/api/content', { page: 'roster', section: 'leader', title: '<p>Leader</p>', content: '<p>Entry</p>', playerId: primary });
    await ok(app, 'PUT', `/api/admin/players/${primary}/profile`, { avatarUrl: 'https://cdn.example.com/leader.png', socials: { x: 'https://x.com/leader' } });
    // The media library (issue 41): two images, one deleted; the kept one's bytes are backed up.
    const logo = await upload(app.baseUrl, { bytes: await pngOf(64, 32), name: 'logo.png', type: 'image/png' }, { alt: 'Logo', key: TEST_ADMIN_KEY });
    const spare = await upload(app.baseUrl, { bytes: await pngOf(40, 40), name: 'spare.png', type: 'image/png' }, { alt: 'Spare', key: TEST_ADMIN_KEY });
    expect([logo.status, spare.status]).toEqual([201, 201]);
    await ok(app, 'DELETE', `/api/admin/media/${spare.body.id}`);
    // The site settings (issue 41), changed twice.
    await ok(app, 'PUT', '/api/admin/site', { teamName: 'Nova Esports', socials: { discord: 'https://discord.gg/nova' } });
    await ok(app, 'PUT', '/api/admin/site', { shortName: 'Nova' });
    // Two visitors' submissions (issue 43): one approved, so recorded; one rejected.
    const submit = async (i: number): Promise<string> => {
      const answer = await app.call('POST', '/api/matches', { json: match(i) });
      expect(answer.status).toBe(202);
      return (answer.body as { submissionId: string }).submissionId;
    };
    await ok(app, 'POST', `/api/admin/submissions/${await submit(27)}/approve`);
    await ok(app, 'POST', `/api/admin/submissions/${await submit(28)}/reject`, { reason: 'Not a real match' });
    // A named key, which voids a match: its events name it.
    const moderator = await createAdminKey(app, 'Mod Ann', 'moderator');
    await ok(app, 'POST', '/api/admin/matches/7/void', { reason: 'Wrong teams' }, withKey(moderator.key));
    beforeImport = await head(app.knex);
    time = Date.UTC(2025, 0, 10);
    const imported = await postImport(app, importFile(), { file: 'history.csv' });
    expect(imported.lines.at(-1)).toMatchObject({ type: 'done', recorded: 3 });
  });

  afterAll(async () => {
    for (const { app, db } of opened) {
      await app.close();
      await db.drop();
    }
    await original?.close();
    await originalDb?.drop();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  test('a backup taken while matches are recorded holds exactly the events up to its head, no gaps, and nothing after', async () => {
    const before = await head(original.knex);
    let recording = true;
    let recorded = 0;
    let failure: string | null = null;
    const writer = (async () => {
      for (let i = 100; recording; i++) {
        await ok(original, 'POST', '/api/matches', match(i));
        recorded++;
      }
    })().catch((error: Error) => {
      failure = error.message;
    });
    /** Waits until the writer has recorded `count` matches in all (or has failed, which the expectation then shows). */
    const recordedAtLeast = async (count: number) => {
      await until(async () => recorded >= count || failure !== null, (done) => done, 30_000, 20);
      expect({ failure, enough: recorded >= count }).toEqual({ failure: null, enough: true });
    };
    // Recording has begun before the snapshot and goes on past it.
    await recordedAtLeast(3);
    const knex = connect(originalDb.url, 2);
    try {
      // Small pages: the snapshot is read in many statements while the appends commit.
      const backup = await writeBackup(knex, { dir: folder, now: () => new Date(), pageSize: 4 });
      await recordedAtLeast(recorded + 3);
      recording = false;
      await writer;
      expect(failure).toBeNull();
      concurrentFile = backup.file;
      concurrentHead = backup.head;

      expect(backup.head).toBeGreaterThan(before);
      expect(await head(original.knex)).toBeGreaterThan(backup.head);
      expect(path.basename(backup.file)).toMatch(new RegExp(`^backup-.+-pos${backup.head}\\.ndjson\\.gz$`));
      const inFile: string[] = [];
      for await (const item of readBackupFile(backup.file)) if (item.kind === 'row' && item.section.name === EVENTS_TABLE) inFile.push(item.row);
      const inLog = (await knex.raw(`SELECT to_jsonb(e)::text AS row FROM public.events e WHERE position <= ? ORDER BY position`, [backup.head])).rows.map(
        (r: { row: string }) => r.row,
      );
      expect(inFile.length).toBe(backup.events);
      expect(inFile.map((row) => JSON.parse(row))).toEqual(inLog.map((row: string) => JSON.parse(row)));
    } finally {
      await knex.destroy();
    }
  });

  test('wiped and restored, the read tables and every answer of the API equal the original at the same position', async () => {
    // The site at rest, backed up by the real command.
    const finalHead = await head(original.knex);
    const file = path.join(folder, 'at-rest.ndjson.gz');
    const backup = await runBuiltCommand(BUILT_BACKUP, ['--out', file], { DATABASE_URL: originalDb.url });
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(new RegExp(`^Backup written: ${file} \\(\\d+\\.\\d KB\\), head position ${finalHead}, [\\d,]+ events, in \\d+\\.\\d s\\.\\n$`));

    const answers = await everyAnswer(original);
    const tables = await tableChecksums(original.knex, readModelProjections);
    const kept = await keptData(original.knex);
    for (const [table, sum] of Object.entries(tables)) expect({ table, empty: sum.startsWith('0:') }).toEqual({ table, empty: false });
    const maxSection = Number((await original.knex('content_sections').max({ id: 'id' }).first())?.id);

    // Wiped: the database is gone, and a fresh empty site takes its place (started once, so it
    // has made its own tables, fingerprint secret and id sequences, which the restore replaces).
    await original.close();
    await originalDb.drop();
    originalDb = await createTestDatabase();
    await (await startTestApp({}, originalDb)).close();
    const restored = await runBuiltCommand(BUILT_RESTORE, [file], { DATABASE_URL: originalDb.url });
    expect({ code: restored.code, stderr: restored.stderr }).toEqual({ code: 0, stderr: '' });
    expect(restored.stdout).toContain(`up to position ${finalHead}`);
    original = await startTestApp({}, originalDb);

    expect(await tableChecksums(original.knex, readModelProjections)).toEqual(tables);
    expect(await keptData(original.knex)).toEqual(kept);
    const again = await everyAnswer(original);
    expect(Object.keys(again)).toEqual(Object.keys(answers));
    for (const url of Object.keys(answers)) expect({ url, ...again[url] }).toEqual({ url, ...answers[url] });

    // New writes go on from where the site was: positions and content ids are never handed out twice.
    const next = await original.call('POST', '/api/matches', { json: match(500) });
    expect(next.status).toBe(201);
    expect(Number(next.headers.get('x-event-position'))).toBeGreaterThan(finalHead);
    const section = await ok(original, 'POST', '/api/content', { page: 'roster', section: 'new', title: '<p>New</p>', content: '' });
    expect(section.id).toBeGreaterThan(maxSection);
  });

  test('the backup taken under writes restores to the same site as the backup at rest restored --to-position its head', async () => {
    const atRest = path.join(folder, 'at-rest.ndjson.gz');
    const a = await restoreIntoFreshSite(concurrentFile);
    opened.push(a);
    const b = await restoreIntoFreshSite(atRest, ['--to-position', String(concurrentHead)]);
    opened.push(b);
    expect(b.stdout).toContain(`up to position ${concurrentHead}, --to-position ${concurrentHead})`);
    expect(await tableChecksums(b.app.knex, readModelProjections)).toEqual(await tableChecksums(a.app.knex, readModelProjections));
    expect(await keptData(b.app.knex)).toEqual(await keptData(a.app.knex));
    const answersA = await everyAnswer(a.app);
    const answersB = await everyAnswer(b.app);
    for (const url of Object.keys(answersA)) expect({ url, ...answersB[url] }).toEqual({ url, ...answersA[url] });
  });

  test('a restore --to-position before an import equals time travel to that position', async () => {
    const asOf = async (url: string) => {
      const response = await original.call('GET', `${url}${url.includes('?') ? '&' : '?'}asOf=${beforeImport}`);
      expect(response.status).toBe(200);
      return response.body;
    };
    const travelled = {
      board: await asOf('/api/players/leaderboard'),
      hardpoint: await asOf('/api/players/leaderboard?mode=1'),
      players: await asOf('/api/players'),
    };
    const { app, db, stdout } = await restoreIntoFreshSite(path.join(folder, 'at-rest.ndjson.gz'), [`--to-position=${beforeImport}`]);
    opened.push({ app, db });
    expect(stdout).toContain(`(up to position ${beforeImport}, --to-position ${beforeImport})`);
    expect((await app.call('GET', '/api/players/leaderboard')).body).toEqual(travelled.board);
    expect((await app.call('GET', '/api/players/leaderboard?mode=1')).body).toEqual(travelled.hardpoint);
    expect((await app.call('GET', '/api/players')).body).toEqual(travelled.players);
    expect((travelled.board as { username: string }[]).map((p) => p.username)).not.toContain('Veteran');
    // The import is undone; the site takes it again.
    expect((await postImport(app, importFile(), { file: 'history.csv' })).lines.at(-1)).toMatchObject({ type: 'done', recorded: 3 });
  });

  test('every table of the public schema is either in the backup or left out for a stated reason', async () => {
    const { rows } = await original.knex.raw(`SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`);
    const unplaced = rows.map((r: { name: string }) => r.name).filter((name: string) => !KEPT_TABLES.some((t) => t.name === name) && !(name in LEFT_OUT_TABLES));
    expect(unplaced).toEqual([]);
  });
});
