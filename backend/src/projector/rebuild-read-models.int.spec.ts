import type { Knex } from 'knex';
import type { LeaderboardEntry, RecordMatchPlayer, RecordMatchRequest } from '@team/contracts';
import { readModelProjections, rebuildReadModels, tableChecksums } from '@team/projections';
import { createKnex } from '../infrastructure/database.js';
import { PgNotifications } from '../infrastructure/pg-notifications.js';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store.js';
import { pngOf, upload } from '../../test/support/media-uploads.js';
import { startTestApp, TEST_ADMIN_KEY, type TestApp } from '../../test/support/test-app.js';

// Issue 7's replay guarantees on the real read models: a history with matches, content edits,
// pages, a merge, a void, a reverted merge, fixtures, media, site settings and reviewed submissions rebuilds into tables identical row for row, and
// the leaderboard keeps answering the whole board while the rebuild runs.

function player(id: number, username = `Player ${id}`): RecordMatchPlayer {
  return { discordId: String(700_000 + id), username, kills: 4 + (id % 9), deaths: 3 + (id % 5), assists: id % 4, score: 900 + id * 11 };
}

function match(i: number): RecordMatchRequest {
  const ids = [0, 1, 2, 3, 4, 5].map((k) => (i * 5 + k * 3) % 24);
  const unique = [...new Set(ids)];
  for (let n = 0; unique.length < 6; n++) if (!unique.includes(n)) unique.push(n);
  const hardpoint = i % 4 === 1;
  return {
    winningTeam: i % 3 ? 'team1' : 'team2',
    ...(hardpoint ? { modeId: 1, team1Score: i % 3 ? 250 : 180, team2Score: i % 3 ? 190 : 250 } : {}),
    team1: unique.slice(0, 3).map((id) => player(id)),
    team2: unique.slice(3).map((id) => player(id)),
  };
}

describe('rebuilding every read model of a real history', () => {
  let app: TestApp;
  let notifications: PgNotifications;
  let store: PostgresEventStore;

  beforeAll(async () => {
    // Review mode, so the history holds visitors' submissions too; the matches go in with the key.
    app = await startTestApp({ PUBLIC_RECORDING: 'review' });
    notifications = new PgNotifications(app.db.url);
    store = new PostgresEventStore(app.knex, notifications);
  });
  afterAll(async () => {
    await notifications.close();
    await app.close();
  });

  async function ok(method: string, path: string, json?: unknown, admin = true) {
    const response = await app.call(method, path, { json, admin });
    expect(response.status).toBeLessThan(300);
    return response.body;
  }

  const rebuild = (batchSize: number, eventsPerApply?: number) =>
    rebuildReadModels({
      liveKnex: app.knex,
      openKnex: (searchPath: string[]): Knex => createKnex(app.db.url, 3, 'rebuild-test', searchPath),
      reader: store,
      projections: readModelProjections,
      batchSize,
      ...(eventsPerApply ? { eventsPerApply } : {}),
    });
  /** Every index of the live read tables, as PostgreSQL would recreate it. */
  const liveIndexes = async () =>
    (await app.knex.raw(`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'read_models' ORDER BY indexname`)).rows;

  test('records, edits, merges, voids and reverts, then rebuilds into identical tables', async () => {
    for (let i = 0; i < 40; i++) await ok('POST', '/api/matches', match(i));
    // Matches only, so no correction needs an index mid-load: every index a rebuild defers is
    // built after its load, as the migrations made it.
    const indexes = await liveIndexes();
    expect(indexes.length).toBeGreaterThan(8);
    // Among them the covering line indexes and the voided matches' (matches.projection.ts, 007),
    // which a rebuild defers and builds again like the others.
    const covering = indexes.filter((index: { indexdef: string }) => / INCLUDE |WHERE \(voided_at IS NOT NULL\)/.test(index.indexdef));
    expect(covering.map((index: { indexname: string }) => index.indexname).sort()).toEqual(['ladder_matches_voided_idx', 'ladder_participants_match_idx', 'ladder_participants_player_idx']);
    const matchesOnly = await tableChecksums(app.knex, readModelProjections);
    await rebuild(7, 20);
    expect(await liveIndexes()).toEqual(indexes);
    expect(await tableChecksums(app.knex, readModelProjections)).toEqual(matchesOnly);

    // A duplicate account of Player 3 (same username, another Discord ID), merged and later unmerged.
    await ok('POST', '/api/matches', { winningTeam: 'team1', team1: [player(90, 'Player 3')], team2: [player(4)] });
    const accounts = (await ok('GET', '/api/players', undefined, false)) as { id: number; username: string; discordId: string }[];
    const primary = accounts.find((account) => account.discordId === player(3).discordId)!;
    const duplicate = accounts.find((account) => account.discordId === player(90).discordId)!;
    await ok('POST', '/api/players/merge', { primaryId: primary.id, duplicateId: duplicate.id });
    await ok('POST', '/api/matches', match(41));
    await ok('POST', '/api/admin/matches/7/void', { reason: 'Recorded twice' });
    await ok('POST', '/api/admin/merges/revert', { primaryId: primary.id, duplicateId: duplicate.id });
    await ok('POST', '/api/admin/matches/12/void', { reason: 'Wrong teams' });
    // A second season with a soft reset, a renamed first one, and a void inside the closed one.
    await ok('POST', '/api/admin/seasons', { name: 'Season two', softResetPercent: 20 });
    await ok('POST', '/api/matches', match(42));
    await ok('PUT', '/api/admin/seasons/1', { name: 'Opening season' });
    await ok('POST', '/api/admin/matches/20/void', { reason: 'Voided after its season closed' });

    const section = await ok('POST', '/api/content', { page: 'about', section: 'our-story', title: '<p>Our story</p>', content: '<p>First</p>' });
    await ok('PUT', `/api/content/${section.id}`, { title: '<p>Our story</p>', content: '<p><strong>Second</strong></p>' });
    await ok('POST', `/api/admin/content/${section.id}/restore`, { version: 1 });
    const other = await ok('POST', '/api/content', { page: 'home', section: 'hero', title: '<p>Hero</p>', content: '<p>Hi</p>' });
    await ok('DELETE', `/api/content/${other.id}`);
    const page = await ok('POST', '/api/pages', { slug: 'events', title: 'Events' });
    const block = {
      pageId: page.id, blockType: 'text', layout: 'full', order: 0, padding: 'medium', textAlign: 'left', title: 'Upcoming',
      content: '<p>Scrims</p>', videoUrl: null, imageUrl: null, buttonText: null, buttonUrl: null, buttonStyle: 'primary',
    };
    const saved = await ok('POST', '/api/blocks', block);
    await ok('POST', '/api/blocks', { ...block, blockType: 'spacer', order: 1, title: '', content: '' });
    await ok('PUT', `/api/blocks/${saved.id}`, { ...block, content: '<p>Scrims every Friday</p>' });
    const gone = await ok('POST', '/api/pages', { slug: 'old-news', title: 'Old news' });
    await ok('DELETE', `/api/pages/${gone.id}`);
    // Fixtures: scheduled, rescheduled, played (and corrected), cancelled.
    const fixture = { opponent: 'Night Owls', event: 'Spring Cup', startsAt: '2030-03-14T19:00:00+01:00', format: 'bo3', streamUrl: 'https://www.twitch.tv/teamchannel' };
    const played = await ok('POST', '/api/admin/fixtures', fixture);
    await ok('PUT', `/api/admin/fixtures/${played.id}`, { ...fixture, startsAt: '2030-03-15T19:00:00Z', event: 'Spring Cup finals' });
    const seriesResult = { teamScore: 2, opponentScore: 1, maps: [{ name: 'Rio', modeId: 1, teamScore: 250, opponentScore: 180 }, { name: 'Vista', teamScore: 3, opponentScore: 6 }, { name: 'Highrise', teamScore: 6, opponentScore: 2 }] };
    await ok('POST', `/api/admin/fixtures/${played.id}/result`, seriesResult);
    await ok('POST', `/api/admin/fixtures/${played.id}/result`, { ...seriesResult, vodUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    const dropped = await ok('POST', '/api/admin/fixtures', { ...fixture, opponent: 'Dropouts' });
    await ok('DELETE', `/api/admin/fixtures/${dropped.id}`);
    // A roster card naming a player, and the player's profile set twice.
    await ok('POST', '/api/content', { page: 'roster', section: 'player-1', title: '<p>Player 3</p>', content: '<p>Entry</p>', playerId: primary.id });
    await ok('PUT', `/api/admin/players/${primary.id}/profile`, { avatarUrl: 'https://cdn.example.com/p3.png', socials: { twitch: 'https://www.twitch.tv/p3' } });
    await ok('PUT', `/api/admin/players/${primary.id}/profile`, { avatarUrl: null });
    // The media library: two images, one deleted.
    const logo = await upload(app.baseUrl, { bytes: await pngOf(64, 32), name: 'logo.png', type: 'image/png' }, { alt: 'Logo', key: TEST_ADMIN_KEY });
    const spare = await upload(app.baseUrl, { bytes: await pngOf(40, 40), name: 'spare.png', type: 'image/png' }, { alt: 'Spare', key: TEST_ADMIN_KEY });
    expect([logo.status, spare.status]).toEqual([201, 201]);
    await ok('DELETE', `/api/admin/media/${spare.body.id}`);
    // The site settings, changed twice.
    await ok('PUT', '/api/admin/site', { teamName: 'Nova Esports', socials: { discord: 'https://discord.gg/nova' } });
    await ok('PUT', '/api/admin/site', { shortName: 'Nova' });
    // Two visitors' submissions: one approved (then recorded), one rejected.
    const approved = await ok('POST', '/api/matches', match(43), false);
    await ok('POST', `/api/admin/submissions/${approved.submissionId}/approve`);
    const rejected = await ok('POST', '/api/matches', match(44), false);
    await ok('POST', `/api/admin/submissions/${rejected.submissionId}/reject`, { reason: 'Not a real match' });

    const before = await tableChecksums(app.knex, readModelProjections);
    // Every read model has rows, so equal checksums compare something.
    for (const [table, sum] of Object.entries(before)) expect({ table, empty: sum.startsWith('0:') }).toEqual({ table, empty: false });

    const result = await rebuild(7);
    expect(result.events).toBe(await app.eventCount());
    expect(await tableChecksums(app.knex, readModelProjections)).toEqual(before);
    expect(await liveIndexes()).toEqual(indexes);

    // Each read model gathering a few batches before applying them (the corrections amid the
    // matches then build their projection's deferred indexes mid-load): still the same tables.
    await rebuild(3, 5);
    expect(await tableChecksums(app.knex, readModelProjections)).toEqual(before);
    expect(await liveIndexes()).toEqual(indexes);
  });

  test('hands over tables the planner has statistics for and whose pages are marked all-visible', async () => {
    await ok('POST', '/api/matches', match(50));
    await rebuild(5);
    // reltuples is -1 until a table is first vacuumed or analysed (PostgreSQL 14 and later):
    // without statistics the 1M-match ladder's recent matches read every line (a parallel seq
    // scan of 8 M rows, 450 ms) until autovacuum came by. relallvisible > 0: the covering
    // indexes' index-only scans need no heap fetch.
    const tables = (
      await app.knex.raw(
        `SELECT c.relname, c.reltuples, c.relallvisible, c.relpages FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'read_models' AND c.relkind = 'r' ORDER BY c.relname`,
      )
    ).rows as { relname: string; reltuples: number; relallvisible: number; relpages: number }[];
    expect(tables.length).toBeGreaterThan(8);
    for (const table of tables) expect({ table: table.relname, analysed: Number(table.reltuples) >= 0 }).toEqual({ table: table.relname, analysed: true });
    const lines = tables.find((table) => table.relname === 'ladder_match_participants')!;
    expect(Number(lines.relpages)).toBeGreaterThan(0);
    expect(Number(lines.relallvisible)).toBe(Number(lines.relpages));
  });

  test('the leaderboard keeps answering the whole board while a rebuild runs', async () => {
    const board = (await ok('GET', '/api/players/leaderboard', undefined, false)) as LeaderboardEntry[];
    expect(board.length).toBeGreaterThan(20);

    let reading = true;
    const answers: { status: number; length: number }[] = [];
    const reader = (async () => {
      while (reading) {
        const response = await app.call('GET', '/api/players/leaderboard');
        answers.push({ status: response.status, length: Array.isArray(response.body) ? response.body.length : -1 });
      }
    })();
    // Batches of 2 events: many commits, so reads fall before, during and after the swap.
    await rebuild(2);
    reading = false;
    await reader;

    expect(answers.length).toBeGreaterThan(10);
    expect(answers.filter((answer) => answer.status !== 200 || answer.length !== board.length)).toEqual([]);
    expect(await ok('GET', '/api/players/leaderboard', undefined, false)).toEqual(board);
  });
});
