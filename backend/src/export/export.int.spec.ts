import { CommandBus } from '@nestjs/cqrs';
import { EVENT_STORE } from '../infrastructure/tokens.js';
import { parseCsv, type EventStore } from '@team/contracts';
import { matchesCsv } from './export-sources.js';
import { matchExportSnapshot } from './match-snapshot.js';
import { LadderRepository } from '../ladder/runtime/ladder.repository.js';
import { postImport } from '../../test/support/import-requests.js';
import { startTestApp, TEST_ADMIN_KEY, type TestApp } from '../../test/support/test-app.js';
import { seedDemo } from '../ladder/demo/seed-demo.js';

/** The leaderboard without ids, which an import into another site may number differently. */
const board = async (app: TestApp, mode = '') =>
  ((await app.call('GET', `/api/players/leaderboard${mode}`)).body as Record<string, unknown>[]).map(({ id: _id, ...entry }) => entry);

describe('exports and the round trip', () => {
  let source: TestApp;
  let target: TestApp;
  beforeAll(async () => {
    source = await startTestApp();
    target = await startTestApp();
    const summary = await seedDemo(source.running.app.get(CommandBus), { matches: 300, seed: 11 });
    await source.running.projector!.waitFor(summary.lastPosition, 30_000);
  }, 120_000);
  afterAll(async () => {
    await source.close();
    await target.close();
  });

  test('matches export (CSV) imports into an empty site and gives the same leaderboards, ids included', async () => {
    const exported = await fetch(`${source.baseUrl}/api/export/matches.csv`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(Number(exported.headers.get('x-event-position'))).toBe(300);
    const csv = await exported.text();

    const result = await postImport(target, csv, { file: 'export.csv' });
    expect(result.lines.at(-1)).toMatchObject({ type: 'done', recorded: 300, skipped: 0 });
    for (const mode of ['', '?mode=1', '?mode=2', '?mode=3']) expect(await board(target, mode)).toEqual(await board(source, mode));
    expect((await target.call('GET', '/api/players/leaderboard')).body).toEqual((await source.call('GET', '/api/players/leaderboard')).body);

    // A second import of the same file records nothing.
    const before = await target.eventCount();
    expect((await postImport(target, csv, { file: 'export.csv' })).lines.at(-1)).toMatchObject({ recorded: 0, skipped: 300 });
    expect(await target.eventCount()).toBe(before);
  });

  test('matches export (JSON) plans the same matches as the CSV one', async () => {
    const json = await (await fetch(`${source.baseUrl}/api/export/matches.json`)).text();
    const parsed = JSON.parse(json);
    expect(parsed).toHaveLength(300);
    expect(parsed[0]).toMatchObject({ matchKey: 'match-1', playedAt: expect.any(String), winningTeam: expect.stringMatching(/^team[12]$/) });
    // The same match keys as the CSV's: the target, which imported that, would skip every one.
    const dry = await postImport(target, json, { dryRun: true, file: 'export.json', contentType: 'application/json' });
    expect(dry.body).toMatchObject({ format: 'json', matches: 300, ok: true, alreadyImported: 300 });
  });

  test('players export (CSV) streams the read table with its position', async () => {
    const response = await fetch(`${source.baseUrl}/api/export/players.csv`);
    expect(response.headers.get('x-event-position')).toBe('300');
    const parsed = parseCsv(await response.text());
    if (!parsed.ok) throw new Error(parsed.message);
    const [header, ...rows] = parsed.records;
    expect(header!.fields).toEqual(['id', 'discord_id', 'username', 'elo', 'wins', 'losses', 'matches', 'kills', 'deaths', 'assists', 'score', 'merged_into']);
    const board = (await source.call('GET', '/api/players/leaderboard')).body as { id: number; elo: number }[];
    expect(rows).toHaveLength(board.length);
    const first = rows.find((r) => Number(r.fields[0]) === board[0]!.id)!;
    expect(Number(first.fields[3])).toBe(board[0]!.elo);
  });

  test('event log export (NDJSON) is the admin\'s, one event per line', async () => {
    expect((await fetch(`${source.baseUrl}/api/admin/export/events.ndjson`)).status).toBe(401);
    const response = await fetch(`${source.baseUrl}/api/admin/export/events.ndjson`, { headers: { 'x-admin-key': TEST_ADMIN_KEY } });
    expect(response.headers.get('x-event-position')).toBe('300');
    const lines = (await response.text()).trim().split('\n').map((line) => JSON.parse(line));
    expect(lines).toHaveLength(300);
    expect(lines.map((l) => l.position)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(lines[0]).toMatchObject({ streamId: 'ladder', revision: 0, type: 'MatchRecorded', metadata: { actor: 'system' } });
  });

  test('templates download, and import cleanly', async () => {
    const template = await fetch(`${source.baseUrl}/api/export/templates/matches.csv`);
    expect(template.headers.get('content-disposition')).toContain('template-matches.csv');
    const empty = await startTestApp({}, undefined);
    try {
      const dry = await postImport(empty, await template.text(), { dryRun: true });
      expect(dry.body).toMatchObject({ ok: true, matches: 2 });
    } finally {
      await empty.close();
    }
    expect((await fetch(`${source.baseUrl}/api/export/templates/other.csv`)).status).toBe(404);
  });
});

describe('exports: spreadsheet formulas and one snapshot', () => {
  let source: TestApp;
  let target: TestApp;
  beforeAll(async () => {
    [source, target] = await Promise.all([startTestApp(), startTestApp()]);
  });
  afterAll(async () => {
    await source.close();
    await target.close();
  });

  test('cells a spreadsheet would run as formulas get a leading apostrophe, and the export still imports into the same leaderboard', async () => {
    const players = [
      { discordId: '9001', username: '=HYPERLINK("http://evil","x")', kills: 10, deaths: 3 },
      { discordId: '9002', username: '+1+2', kills: 4, deaths: 6 },
    ];
    const opponents = [
      { discordId: '9003', username: '@SUM(A1)', kills: 5, deaths: 7 },
      { discordId: '9004', username: "-'x", kills: 6, deaths: 9 },
    ];
    for (const [i, winningTeam] of (['team1', 'team2'] as const).entries()) {
      const answer = await source.call('POST', '/api/matches', { json: { winningTeam, team1: players, team2: opponents }, headers: { 'idempotency-key': `formula-${i}` } });
      expect(answer.status).toBe(201);
    }
    const playersCsv = await (await fetch(`${source.baseUrl}/api/export/players.csv`)).text();
    expect(playersCsv).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(playersCsv).toContain(`,'+1+2,`);
    expect(playersCsv).toContain(`,'@SUM(A1),`);
    expect(playersCsv).toContain(`,'-'x,`);
    const csv = await (await fetch(`${source.baseUrl}/api/export/matches.csv`)).text();
    for (const line of csv.trim().split('\r\n').slice(1)) expect(line).not.toMatch(/(^|,)"?[=+\-@\t\r]/);
    const imported = await postImport(target, csv, { file: 'formulas.csv' });
    expect(imported.lines.at(-1)).toMatchObject({ type: 'done', recorded: 2 });
    expect((await target.call('GET', '/api/players/leaderboard')).body).toEqual((await source.call('GET', '/api/players/leaderboard')).body);
  });

  test('the voided matches left out are those voided up to the exported position, not later', async () => {
    const store = source.running.app.get<EventStore>(EVENT_STORE);
    const ladder = source.running.app.get(LadderRepository);
    const keys = async ({ position, voided }: { position: number; voided: ReadonlySet<number> }) => {
      let text = '';
      for await (const chunk of matchesCsv(store, position, voided)) text += chunk;
      return [...new Set(text.trim().split('\r\n').slice(1).map((line) => line.split(',')[0]))];
    };
    const before = await matchExportSnapshot(ladder, store);
    expect(before.position).toBe(await store.headPosition());
    expect((await source.call('POST', '/api/admin/matches/2/void', { json: { reason: 'test' }, admin: true })).status).toBe(200);
    // The snapshot taken before the void holds match 2, whatever the ladder holds now.
    expect(await keys(before)).toEqual(['match-1', 'match-2']);
    const after = await matchExportSnapshot(ladder, store);
    expect(after.position).toBe(await store.headPosition());
    expect(await keys(after)).toEqual(['match-1']);
  });
});
