import { MATCH_CSV_COLUMNS } from '@team/contracts';
import { postImport } from '../../testing/import-requests.js';
import { startTestApp, type TestApp } from '../../testing/test-app.js';

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

const file = (count: number, from = 0) =>
  [HEADER, ...Array.from({ length: count }, (_, i) => match(`m${from + i}`, new Date(Date.UTC(2024, 0, 1 + from + i)).toISOString(), i % 3 === 0 ? 2 : 1)).flat()].join('\r\n');

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

  test('imports in playedAt order with progress, marks the matches in the audit log, records nothing twice and resumes', async () => {
    const half = file(50);
    const whole = file(100);
    const first = await postImport(app, half, { file: 'season 1.csv' });
    expect(first.status).toBe(200);
    expect(first.lines.at(-1)).toMatchObject({ type: 'done', done: 50, total: 50, recorded: 50, skipped: 0 });
    expect(first.lines.filter((l) => l.type === 'progress').length).toBeGreaterThan(1);
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
});
