import http from 'node:http';
import { MATCH_CSV_COLUMNS, type ImportPlan } from '@team/contracts';
import { postImport } from '../../../test/support/import-requests.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { ImportMatchesService } from './import-matches.service.js';

const HEADER = MATCH_CSV_COLUMNS.join(',');
type Cells = Partial<Record<(typeof MATCH_CSV_COLUMNS)[number], string | number>>;
const row = (cells: Cells) => MATCH_CSV_COLUMNS.map((c) => cells[c] ?? '').join(',');

/** A 2-v-2 match with K/D stats; players a..d by Discord ID. */
function match(key: string, playedAt: string, winner: 1 | 2 = 1): string[] {
  const base = { match_key: key, played_at: playedAt, winning_team: winner };
  return [
    row({ ...base, team: 1, discord_id: '1001', username: 'Ann', kills: 12, deaths: 8 }),
    row({ ...base, team: 1, discord_id: '1002', username: 'Bea', kills: 9, deaths: 10 }),
    row({ ...base, team: 2, discord_id: '1003', username: 'Cy', kills: 7, deaths: 11 }),
    row({ ...base, team: 2, discord_id: '1004', username: 'Dee', kills: 10, deaths: 9 }),
  ];
}

/** Matches m{from}…, a day apart from 2024-01-01, written in reverse: the import must sort them by playedAt. */
const file = (count: number, from = 0) =>
  [
    HEADER,
    ...Array.from({ length: count }, (_, i) => match(`m${from + i}`, new Date(Date.UTC(2024, 0, 1 + from + i)).toISOString(), i % 3 === 0 ? 2 : 1))
      .reverse()
      .flat(),
  ].join('\r\n');

/** A 2-v-2 match of the given Discord IDs. */
function matchOf(key: string, playedAt: string, ids: [string, string, string, string]): string[] {
  const base = { match_key: key, played_at: playedAt, winning_team: 1 };
  return ids.map((id, i) => row({ ...base, team: i < 2 ? 1 : 2, discord_id: id, username: `P${id}` }));
}

/** A request to the import without the admin key whose body is never finished: the answer must not wait for it. */
function keylessUpload(app: TestApp, headers: Record<string, string>, path = '/api/admin/import'): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${app.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'text/csv', 'x-file-name': 'big.csv', ...headers } }, (response) => {
      resolve(response.statusCode!);
      response.resume();
      request.destroy();
    });
    request.on('error', () => undefined);
    request.write('x'.repeat(64 * 1024));
    // The body never ends: an answer that waited for it would never come. The bound only turns that hang into a failure.
    setTimeout(() => reject(new Error('no answer within 15 s: the body is being read first')), 15_000).unref();
  });
}

describe('POST /api/admin/import', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  test('a file with bad rows: the dry run lists them by line, the import refuses it and nothing is written', async () => {
    const lines = [HEADER, ...match('ok', '2024-01-01T10:00:00Z'), ...match('bad', '2024-01-02T10:00:00Z')];
    lines[6] = lines[6]!.replace('Bea', '');
    lines[8] = lines[8]!.replace(',10,9,', ',ten,9,');
    const text = lines.join('\n');
    const before = await app.eventCount();

    const dry = await postImport(app, text, { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ file: 'matches.csv', format: 'csv', locator: 'line', matches: 2, rows: 8, ok: false, alreadyImported: 0 });
    expect(dry.body.problems).toEqual([
      { line: 7, field: 'username', message: 'Username is required.' },
      { line: 9, field: 'kills', message: 'Kills must be a whole number from 0 to 1,000,000.' },
    ]);

    const refused = await postImport(app, text);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('The file has 2 problems; nothing was imported. Run a dry run for the report.');
    expect(refused.body.details).toEqual(['line 7, username: Username is required.', 'line 9, kills: Kills must be a whole number from 0 to 1,000,000.']);
    expect(await app.eventCount()).toBe(before);
  });

  test('refuses a request without a file, a file name or the admin key, and a body over the limit', async () => {
    const before = await app.eventCount();
    expect(await postImport(app, '')).toMatchObject({ status: 400, body: { error: expect.stringContaining('Send the file as the request body') } });
    expect(await postImport(app, file(1), { file: '' })).toMatchObject({ status: 400, body: { error: expect.stringContaining('X-File-Name') } });
    expect((await postImport(app, file(1), { admin: false })).status).toBe(401);
    const huge = await postImport(app, 'x'.repeat(33 * 1024 * 1024));
    expect(huge).toMatchObject({ status: 413, body: { error: 'The request body is too large.' } });
    expect(await app.eventCount()).toBe(before);
  });

  test('checks the admin key before reading the body: a keyless 33 MB upload is a 401, not a 413, and is not read', async () => {
    const keyless = await postImport(app, 'x'.repeat(33 * 1024 * 1024), { admin: false });
    expect(keyless).toMatchObject({ status: 401, body: { error: 'A valid admin key is required.' } });
    // Unfinished bodies, announced or chunked, with no key or a wrong one: answered at once.
    expect(await keylessUpload(app, { 'content-length': String(33 * 1024 * 1024) })).toBe(401);
    expect(await keylessUpload(app, { 'transfer-encoding': 'chunked' })).toBe(401);
    expect(await keylessUpload(app, { 'transfer-encoding': 'chunked', 'x-admin-key': 'wrong-key' })).toBe(401);
    // The same route by another spelling of its address (a trailing slash, a query) is checked first too.
    expect(await keylessUpload(app, { 'transfer-encoding': 'chunked' }, '/api/admin/import/')).toBe(401);
    expect(await keylessUpload(app, { 'transfer-encoding': 'chunked' }, '/api/admin/import/?dryRun=true')).toBe(401);
  });

  test('imports in playedAt order with progress, marks the matches in the audit log, records nothing twice and resumes', async () => {
    const half = file(50);
    const whole = file(100);
    const first = await postImport(app, half, { file: 'season 1.csv' });
    expect(first.status).toBe(200);
    expect(first.lines.at(-1)).toMatchObject({ type: 'done', done: 50, total: 50, recorded: 50, skipped: 0 });
    expect(first.lines.filter((l) => l.type === 'progress').length).toBeGreaterThan(1);
    // The file lists m49 first; the log must hold m0 first (played first) and m49 last.
    const order = await app.knex('events').where({ type: 'MatchRecorded' }).orderBy('position').select(app.knex.raw(`metadata->'imported'->>'matchKey' AS key`));
    expect(order.map((r: { key: string }) => r.key)).toEqual(Array.from({ length: 50 }, (_, i) => `m${i}`));
    const afterFirst = await app.eventCount();

    // Interrupted after half the file: the whole file records the rest.
    const dry = await postImport(app, whole, { dryRun: true, file: 'season 1.csv' });
    expect(dry.body).toMatchObject({ ok: true, matches: 100, alreadyImported: 50 });
    const resumed = await postImport(app, whole, { file: 'season 1.csv' });
    expect(resumed.lines.at(-1)).toMatchObject({ type: 'done', done: 100, total: 100, recorded: 50, skipped: 50 });
    expect(await app.eventCount()).toBe(afterFirst + 50);

    const again = await postImport(app, whole, { file: 'season 1.csv' });
    expect(again.lines.at(-1)).toMatchObject({ type: 'done', recorded: 0, skipped: 100 });
    expect(await app.eventCount()).toBe(afterFirst + 50);

    const board = (await app.call('GET', '/api/players/leaderboard')).body;
    expect(board.map((p: { username: string }) => p.username).sort()).toEqual(['Ann', 'Bea', 'Cy', 'Dee']);
    const recent = (await app.call('GET', '/api/matches/recent')).body;
    expect(new Date(recent[0].createdAt).toISOString()).toBe(new Date(Date.UTC(2024, 0, 100)).toISOString());

    const audit = (await app.call('GET', '/api/admin/events?type=MatchRecorded&limit=1', { admin: true })).body;
    expect(audit.events[0]).toMatchObject({
      actor: 'admin',
      summary: expect.stringMatching(/\(imported from season 1\.csv, match key m99\)$/),
      metadata: { imported: { file: 'season 1.csv', matchKey: 'm99' }, recordedAt: new Date(Date.UTC(2024, 0, 100)).toISOString() },
    });
  });

  test("refuses matches played before the ladder's latest event, in the dry run", async () => {
    const text = [HEADER, ...match('late-entry', '2023-06-01T00:00:00Z')].join('\n');
    const dry = await postImport(app, text, { dryRun: true });
    expect(dry.body.problems).toEqual([
      { line: 2, field: 'played_at', message: expect.stringContaining("before the ladder's latest event") },
    ]);
    const before = await app.eventCount();
    expect((await postImport(app, text)).status).toBe(400);
    expect(await app.eventCount()).toBe(before);
  });

  test('takes JSON too, reporting by index', async () => {
    const json = JSON.stringify([{ matchKey: 'j1', playedAt: '2024-12-01T00:00:00Z', winningTeam: 'team3', team1: [], team2: [] }]);
    const dry = await postImport(app, json, { dryRun: true, file: 'm.json', contentType: 'application/json' });
    expect(dry.body).toMatchObject({ format: 'json', locator: 'index', ok: false });
    expect(dry.body.problems.map((p: { line: number; field: string }) => [p.line, p.field])).toEqual([
      [0, 'winningTeam'],
      [0, 'team1'],
      [0, 'team2'],
    ]);
  });

  test('a key already imported with other content is a dry-run problem with its line, and nothing is recorded', async () => {
    const first = [HEADER, ...matchOf('dup-1', '2024-08-01T00:00:00Z', ['3001', '3002', '3003', '3004'])].join('\n');
    expect((await postImport(app, first, { file: 'site a.csv' })).lines.at(-1)).toMatchObject({ type: 'done', recorded: 1 });
    const other = [HEADER, ...matchOf('dup-2', '2024-08-02T00:00:00Z', ['3001', '3002', '3003', '3004']), ...matchOf('dup-1', '2024-08-03T00:00:00Z', ['3005', '3006', '3007', '3008'])].join('\n');
    const dry = await postImport(app, other, { dryRun: true, file: 'site b.csv' });
    expect(dry.body).toMatchObject({ ok: false, alreadyImported: 0 });
    expect(dry.body.problems).toEqual([{ line: 6, field: 'match_key', message: expect.stringContaining('dup-1 was already imported with different content') }]);
    const before = await app.eventCount();
    expect((await postImport(app, other, { file: 'site b.csv' })).status).toBe(400);
    expect(await app.eventCount()).toBe(before);
    // The same match again is still skipped.
    expect((await postImport(app, first, { file: 'site a.csv' })).lines.at(-1)).toMatchObject({ type: 'done', recorded: 0, skipped: 1 });
  });

  test('refuses a file past the row limit without holding it: 400 with a clear message, nothing appended', async () => {
    const tiny = `${HEADER}\n${'x\n'.repeat(1_000_001)}`;
    const before = await app.eventCount();
    for (const dryRun of [true, false]) {
      const answer = await postImport(app, tiny, { dryRun });
      expect(answer).toMatchObject({ status: 400, body: { error: expect.stringContaining('The file holds more than 1,000,000 rows') } });
    }
    expect(await app.eventCount()).toBe(before);
  });

  test('refuses public Idempotency-Keys with the reserved import: prefix, so they cannot hide an import\'s match', async () => {
    const before = await app.eventCount();
    const body = { winningTeam: 'team1', team1: [{ discordId: '4001', username: 'Q1' }], team2: [{ discordId: '4002', username: 'Q2' }] };
    const refused = await app.call('POST', '/api/matches', { json: body, headers: { 'idempotency-key': 'import:k1' } });
    expect(refused).toMatchObject({ status: 400, body: { error: expect.stringContaining('starting with import: are reserved for imports') } });
    expect(await app.eventCount()).toBe(before);
    const text = [HEADER, ...matchOf('k1', '2025-01-01T00:00:00Z', ['4001', '4003', '4002', '4004'])].join('\n');
    expect((await postImport(app, text, { file: 'k.csv' })).lines.at(-1)).toMatchObject({ type: 'done', recorded: 1, skipped: 0 });
  });

  // Last: it records a match at the real time, after which no 2024 match can be imported.
  test('a live match recorded during an import stops it at the first match played before it (409-style), and nothing after', async () => {
    const text = [HEADER, ...matchOf('z1', '2025-02-01T00:00:00Z', ['5001', '5002', '5003', '5004']), ...matchOf('z2', '2025-02-02T00:00:00Z', ['5001', '5002', '5003', '5004'])].join('\n');
    const service = app.running.app.get(ImportMatchesService);
    const stale = await service.plan(text, 'z.csv', 'csv');
    expect(stale.report.ok).toBe(true);
    const live = await app.call('POST', '/api/matches', { json: { winningTeam: 'team1', team1: [{ discordId: '5101', username: 'L1' }], team2: [{ discordId: '5102', username: 'L2' }] } });
    expect(live.status).toBe(201);
    const before = await app.eventCount();
    const plan = service.plan;
    service.plan = async () => stale;
    let run;
    try {
      run = await postImport(app, text, { file: 'z.csv' });
    } finally {
      service.plan = plan;
    }
    expect(run.lines.at(-1)).toMatchObject({ type: 'failed', line: 2, matchKey: 'z1', recorded: 0, error: expect.stringContaining("before the ladder's latest event") });
    expect(await app.eventCount()).toBe(before);
  });
});

describe('POST /api/admin/import, a match the ladder refuses', () => {
  // The ladder's clock set by the test: a merge recorded before the file's matches.
  const clock = { now: new Date('2024-09-05T00:00:00Z') };
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({}, undefined, () => clock.now);
  });
  afterAll(() => app.close());

  test('a match the ladder refuses (two Discord IDs of one merged player) stops the import there; the fixed file resumes', async () => {
    clock.now = new Date('2024-09-05T00:00:00Z');
    const base = [HEADER, ...matchOf('x1', '2024-09-01T00:00:00Z', ['2001', '2003', '2004', '2005']), ...matchOf('x2', '2024-09-02T00:00:00Z', ['2002', '2003', '2004', '2005'])].join('\n');
    expect((await postImport(app, base, { file: 'base.csv' })).lines.at(-1)).toMatchObject({ type: 'done', recorded: 2 });
    const players = (await app.call('GET', '/api/players/leaderboard')).body as { id: number; username: string }[];
    const primary = players.find((p) => p.username === 'P2001')!.id;
    const duplicate = players.find((p) => p.username === 'P2002')!.id;
    const text = (second: string) =>
      [
        HEADER,
        ...matchOf('y1', '2024-09-10T00:00:00Z', ['2003', '2004', '2005', '2006']),
        ...matchOf('y2', '2024-09-11T00:00:00Z', ['2001', second, '2004', '2005']),
        ...matchOf('y3', '2024-09-12T00:00:00Z', ['2003', '2004', '2005', '2006']),
      ].join('\n');

    // Planned before the merge (as a merge in another process could land between the dry run and the append).
    const service = app.running.app.get(ImportMatchesService);
    clock.now = new Date('2024-12-01T00:00:00Z');
    const stale: ImportPlan = await service.plan(text('2002'), 'y.csv', 'csv');
    expect(stale.report.ok).toBe(true);
    // The merge is recorded at 2024-09-05, before the file's matches: only the alias check refuses y2.
    clock.now = new Date('2024-09-05T00:00:00Z');
    expect((await app.call('POST', '/api/players/merge', { json: { primaryId: primary, duplicateId: duplicate }, admin: true })).status).toBe(200);
    const before = await app.eventCount();
    const plan = service.plan;
    service.plan = async () => stale;
    let run;
    try {
      run = await postImport(app, text('2002'), { file: 'y.csv' });
    } finally {
      service.plan = plan;
    }
    expect(run.lines.at(-1)).toMatchObject({ type: 'failed', line: 6, matchKey: 'y2', recorded: 1, error: expect.stringContaining('belong to the same player') });
    // y3 was not recorded after the refused y2: a rerun of the fixed file can still add both.
    expect(await app.eventCount()).toBe(before + 1);

    clock.now = new Date('2024-12-01T00:00:00Z');
    const dry = await postImport(app, text('2002'), { dryRun: true, file: 'y.csv' });
    expect(dry.body.problems).toEqual([{ line: 7, field: 'discord_id', message: 'Discord IDs 2001 and 2002 belong to the same player (P2001, merged accounts).' }]);
    const fixed = await postImport(app, text('2007'), { file: 'y.csv' });
    expect(fixed.lines.at(-1)).toMatchObject({ type: 'done', recorded: 2, skipped: 1 });
  });

});

describe('older history into a ladder that has started (issue 25 item 8)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  const board = async () =>
    ((await app.call('GET', '/api/players/leaderboard')).body as { username: string; elo: number; wins: number; losses: number }[]).map(
      ({ username, elo, wins, losses }) => ({ username, elo, wins, losses }),
    );

  test('the template of older matches is refused as it is, and rated now, in played order, when imported as backdated', async () => {
    // The ladder has started: two live matches.
    for (const winner of ['team1', 'team2'] as const) {
      const live = await app.call('POST', '/api/matches', {
        json: { winningTeam: winner, team1: [{ discordId: '1001', username: 'Ann' }], team2: [{ discordId: '1003', username: 'Cy' }] },
      });
      expect(live.status).toBe(201);
    }
    // Last season's history, played before any of them, written newest first.
    const history = [HEADER, ...match('old-2', '2023-02-01T20:00:00Z', 2), ...match('old-1', '2023-01-01T20:00:00Z', 1)].join('\n');

    const refused = await postImport(app, history, { dryRun: true });
    expect(refused.body).toMatchObject({ ok: false, backdated: 2 });
    expect(refused.body.problems[0].message).toContain('Import the file as older history (backdated)');
    const before = await app.eventCount();
    expect((await postImport(app, history)).status).toBe(400);
    expect(await app.eventCount()).toBe(before);

    const dry = await postImport(app, history, { dryRun: true, backdated: true });
    expect(dry.body).toMatchObject({ ok: true, backdated: 2, problems: [] });
    const started = Date.now();
    const imported = await postImport(app, history, { backdated: true });
    expect(imported.status).toBe(200);
    expect(imported.lines.at(-1)).toMatchObject({ type: 'done', recorded: 2 });

    // Appended after the live matches, in played order; each rated now and shown when played.
    const events = await app.knex('events').where({ type: 'MatchRecorded' }).orderBy('position').select('data', 'metadata');
    expect(events.map((e) => e.data.matchId)).toEqual([1, 2, 3, 4]);
    expect(events.slice(2).map((e) => e.data.playedAt)).toEqual(['2023-01-01T20:00:00.000Z', '2023-02-01T20:00:00.000Z']);
    for (const e of events.slice(2)) expect(Date.parse(e.data.recordedAt)).toBeGreaterThanOrEqual(started - 1000);
    expect(events.slice(0, 2).every((e) => e.data.playedAt === undefined)).toBe(true);
    const page = await app.call('GET', '/api/matches/3');
    expect(page.body.match ?? page.body).toMatchObject({ createdAt: '2023-01-01T20:00:00.000Z' });
    // Recent Matches lists by when they were played: the two live matches first, then the older history.
    const recent = (await app.call('GET', '/api/matches/recent')).body as { id: number }[];
    expect(recent.map((m) => m.id)).toEqual([2, 1, 4, 3]);

    // Reproducible: a rebuild from the log gives the same board.
    const live = await board();
    expect((await app.call('POST', '/api/admin/projections/rebuild', { admin: true })).status).toBe(202);
    for (let waited = 0; waited < 30_000; waited += 200) {
      const status = (await app.call('GET', '/api/admin/operations', { admin: true })).body.rebuild;
      if (status.finishedAt && !status.running) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await board()).toEqual(live);

    // The export gives the played time back, so the file imports into an empty site as history.
    const exported = await fetch(`${app.baseUrl}/api/export/matches.json`).then((response) => response.json() as Promise<{ matchKey: string; playedAt: string }[]>);
    expect(exported.map((m) => m.playedAt).slice(2)).toEqual(['2023-01-01T20:00:00.000Z', '2023-02-01T20:00:00.000Z']);
  });
});
