import type { EventStore, Match, MatchPage, MatchRecorded, PlayerMatchRecord } from '@team/contracts';
import { migrateReadModels, readModelProjections } from '@team/projections';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import { compareWithRebuild } from '../../../test/support/read-model-check.js';
import { postImport } from '../../../test/support/import-requests.js';
import { getOk, matchLine as p, recordMatch } from '../../../test/support/ladder-requests.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

// A match's map (issue 21) end to end on a real database: POST /api/matches takes it, the
// event carries it only when given, the match page, recent matches and histories answer it
// (null when none), a bad one is a 400 with nothing appended, and export then import keeps it.

describe('the map of a match', () => {
  let app: TestApp;
  let target: TestApp;
  beforeAll(async () => {
    [app, target] = await Promise.all([startTestApp(), startTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([app?.close(), target?.close()]);
  });

  const teams = { team1: [p('m-1', 'Ann')], team2: [p('m-2', 'Bob')] };
  const recordedData = async (matchId: number): Promise<MatchRecorded['data']> => {
    const events = await app.running.app.get<symbol, EventStore>(EVENT_STORE).readStream('ladder');
    return events.map((e) => e.data as MatchRecorded['data']).find((d) => d.matchId === matchId)!;
  };

  test('a named map is recorded trimmed, and the match page, recent matches and histories show it', async () => {
    const { matchId, participants } = await recordMatch(app, { winningTeam: 'team1', ...teams, map: '  Dust II ' });
    expect((await recordedData(matchId)).map).toBe('Dust II');
    expect(await getOk<MatchPage>(app, `/api/matches/${matchId}`)).toMatchObject({ id: matchId, map: 'Dust II' });
    const recent = await getOk<Match[]>(app, '/api/matches/recent');
    expect(recent.find((m) => m.id === matchId)).toMatchObject({ map: 'Dust II' });
    const history = await getOk<PlayerMatchRecord[]>(app, `/api/players/${participants[0]!.playerId}/matches`);
    expect(history[0]!.match).toMatchObject({ id: matchId, map: 'Dust II' });
  });

  test('without a map (or a blank one) the event has no map field and every read answers null', async () => {
    for (const extra of [{}, { map: '   ' }, { map: null }]) {
      const { matchId } = await recordMatch(app, { winningTeam: 'team2', ...teams, ...extra });
      expect(await recordedData(matchId)).not.toHaveProperty('map');
      expect((await getOk<MatchPage>(app, `/api/matches/${matchId}`)).map).toBeNull();
      expect((await getOk<Match[]>(app, '/api/matches/recent'))[0]).toMatchObject({ id: matchId, map: null });
    }
  });

  test.each([
    ['x'.repeat(41), 'Map must be at most 40 characters.'],
    ['Dust\u001B[2J', 'Map must not contain control characters.'],
    ['Dust\nII', 'Map must not contain control characters.'],
    [42, 'Map must be text.'],
  ])('a bad map (%j) is a 400 with a clear message, and nothing is appended', async (map, message) => {
    const before = await app.eventCount();
    const response = await app.call('POST', '/api/matches', { json: { winningTeam: 'team1', ...teams, map } });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
    expect(response.body.details).toEqual([`map: ${message}`]);
    expect(await app.eventCount()).toBe(before);
  });

  test('a rebuild of the read models gives the same tables, maps included', async () => {
    const { live, rebuilt } = await compareWithRebuild(app.db.url);
    expect(rebuilt).toEqual(live);
    expect((await getOk<MatchPage>(app, '/api/matches/1')).map).toBe('Dust II');
  });

  test('export then import keeps the map (CSV and JSON), and no map stays none', async () => {
    const csv = await (await fetch(`${app.baseUrl}/api/export/matches.csv`)).text();
    expect(csv.split('\r\n')[0]).toContain(',map,');
    const json = JSON.parse(await (await fetch(`${app.baseUrl}/api/export/matches.json`)).text());
    expect(json.map((m: { map: string | null }) => m.map)).toEqual(['Dust II', null, null, null]);

    const imported = await postImport(target, csv, { file: 'export.csv' });
    expect(imported.lines.at(-1)).toMatchObject({ type: 'done', recorded: 4 });
    const maps = await Promise.all([1, 2, 3, 4].map(async (id) => (await getOk<MatchPage>(target, `/api/matches/${id}`)).map));
    expect(maps).toEqual(['Dust II', null, null, null]);
    // The JSON export is the same matches: the target, which imported the CSV, already holds every one.
    const dry = await postImport(target, JSON.stringify(json), { dryRun: true, file: 'export.json', contentType: 'application/json' });
    expect(dry.body).toMatchObject({ ok: true, matches: 4, alreadyImported: 4 });
  });

  test('upgrading a site from before maps adds the column without asking for a replay', async () => {
    // The read tables as the version before matches/003_match_map left them, past a match.
    const older = await startTestApp();
    try {
      await recordMatch(older, { winningTeam: 'team1', ...teams });
      await older.knex.raw('ALTER TABLE read_models.ladder_matches DROP COLUMN map');
      await older.knex('read_models.read_model_migrations').where({ name: 'matches/003_match_map' }).delete();

      await migrateReadModels(older.knex, readModelProjections);
      const row = await older.knex('projection_checkpoints').where({ name: 'read-models' }).first('replay_required', 'position');
      expect(Number(row.position)).toBeGreaterThan(0);
      // No event of that log can hold a map, so null is what a replay would write anyway.
      expect(row.replay_required).toBeNull();
      expect((await getOk<MatchPage>(older, '/api/matches/1')).map).toBeNull();
    } finally {
      await older.close();
    }
  });
});
