import { NAMESAKES_MAX_PLAYERS, type PlayerNamesake, type PlayerSearchHit } from '@team/contracts';
import { playerNamesakes } from '@team/projections';
import { getOk, matchLine, recordMatch } from '../../../test/support/ladder-requests.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

// GET /api/players/namesakes on a real database: for the players a board page shows, every
// active player of the same name (ignoring case and surrounding spaces), bad ids refused with a
// 400, and the answer bounded.

describe('GET /api/players/namesakes', () => {
  /** Player ids by Discord ID. */
  const ids: Record<string, number> = {};
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
    // Each match: its winners, then its losers (team 1 wins).
    const matches: [string, string][][][] = [
      [[['300000000000004821', 'Shadow'], ['100000000000000001', 'Ace']], [['300000000000007310', ' shadow '], ['100000000000000002', 'Bolt']]],
      [[['300000000000009999', 'SHADOW'], ['100000000000000003', 'Shadowfax']], [['100000000000000004', 'ace'], ['100000000000000006', 'Dune']]],
      [[['100000000000000005', 'Acer']], [['100000000000000006', 'Dune']]],
    ];
    for (const [winners, losers] of matches) {
      await recordMatch(app, { winningTeam: 'team1', team1: winners!.map(([id, name]) => matchLine(id, name)), team2: losers!.map(([id, name]) => matchLine(id, name)) });
    }
    for (const prefix of ['1000000000', '3000000000']) {
      for (const hit of await getOk<PlayerSearchHit[]>(app, `/api/players/search?q=${prefix}&limit=20`)) ids[hit.discordId] = hit.id;
    }
    // Acer turns out to be the second ace: merged away, it is nobody's namesake any more.
    const merged = await app.call('POST', '/api/players/merge', { json: { primaryId: ids['100000000000000004'], duplicateId: ids['100000000000000005'] }, admin: true });
    expect(merged.status).toBe(200);
  });
  afterAll(() => app.close());

  const namesakes = (query: string) => getOk<PlayerNamesake[]>(app, `/api/players/namesakes?${query}`);
  const discordIds = async (query: string) => (await namesakes(query)).map((player) => player.discordId);

  test('finds every player of the same name across case and spaces, the asked ones first, then by name and id', async () => {
    const shadow = ids['300000000000004821']!;
    expect(await namesakes(`ids=${shadow}`)).toEqual([
      { id: shadow, username: 'Shadow', discordId: '300000000000004821' },
      // Recorded as " shadow ": a name is kept trimmed (the spaces are the query's below).
      { id: ids['300000000000007310'], username: 'shadow', discordId: '300000000000007310' },
      { id: ids['300000000000009999'], username: 'SHADOW', discordId: '300000000000009999' },
    ]);
    // Asked from the other end: the same three; "Shadowfax" is another name.
    expect((await discordIds(`ids=${ids['300000000000009999']}`)).sort()).toEqual(['300000000000004821', '300000000000007310', '300000000000009999']);
    // Two names at once, each with its namesakes; a name held once answers itself alone.
    expect(await discordIds(`ids=${ids['100000000000000001']},${ids['100000000000000002']},${ids['100000000000000003']}`)).toEqual([
      '100000000000000001',
      '100000000000000002',
      '100000000000000003',
      '100000000000000004',
    ]);
  });

  test('answers nothing for an unknown or merged-away id, and an asked id once however often it is asked', async () => {
    expect(await namesakes('ids=999999')).toEqual([]);
    expect(await namesakes(`ids=${ids['100000000000000005']}`)).toEqual([]);
    expect(await discordIds(`ids=${ids['100000000000000002']},${ids['100000000000000002']}`)).toEqual(['100000000000000002']);
  });

  test('refuses missing, repeated, malformed or too many ids with a 400 and nothing else', async () => {
    const rule = 'ids is required: 1 to 100 player ids (whole numbers) separated by commas.';
    const malformed = ['', '?ids=', '?ids=1,', '?ids=,1', '?ids=1,,2', '?ids=-1', '?ids=1.5', '?ids=abc', '?ids=%201', '?ids=1234567890', '?ids=1&ids=2', '?ids[]=1'];
    const tooMany = `?ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`;
    const answers = async (query: string) => {
      const { status, body } = await app.call('GET', `/api/players/namesakes${query}`);
      return { status, body };
    };
    for (const query of malformed) expect([query, await answers(query)]).toEqual([query, { status: 400, body: { error: rule } }]);
    expect(await answers(tooMany)).toEqual({ status: 400, body: { error: 'ids may name at most 100 players.' } });
    expect(await namesakes(`ids=${Array.from({ length: 100 }, (_, i) => i + 1).join(',')}`)).toEqual(expect.any(Array));
  });

  test('names its answer with an ETag that clients revalidate', async () => {
    const first = await app.call('GET', `/api/players/namesakes?ids=${ids['300000000000004821']}`);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await app.call('GET', `/api/players/namesakes?ids=${ids['300000000000004821']}`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  test(`answers at most ${NAMESAKES_MAX_PLAYERS} players, the asked ones always among them`, async () => {
    const rollback = new Error('rolled back on purpose');
    let answer: PlayerNamesake[] = [];
    await app.knex
      .transaction(async (trx) => {
        await trx.raw(`INSERT INTO ladder_players (id, discord_id, username, elo)
                       SELECT g, (700000000000000000 + g)::text, CASE WHEN g % 2 = 0 THEN 'shadow' ELSE ' SHADOW' END, 1000
                         FROM generate_series(1000, 2499) AS g`);
        answer = await playerNamesakes(trx, [2499, ids['100000000000000001']!], NAMESAKES_MAX_PLAYERS);
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    expect(answer).toHaveLength(NAMESAKES_MAX_PLAYERS);
    expect(answer.slice(0, 2).map((player) => player.id).sort((a, b) => a - b)).toEqual([ids['100000000000000001'], 2499].sort((a, b) => a! - b!));
    expect(new Set(answer.map((player) => player.id)).size).toBe(NAMESAKES_MAX_PLAYERS);
    // " SHADOW" and "shadow" are one name: both are among the namesakes.
    expect(new Set(answer.filter((player) => player.id >= 1000).map((player) => player.username))).toEqual(new Set(['shadow', ' SHADOW']));
  });

  test('is in the OpenAPI document', async () => {
    const { body } = await app.call('GET', '/api/docs/openapi.json');
    expect(body.paths['/api/players/namesakes'].get.parameters.map((param: { name: string }) => param.name)).toEqual(['ids']);
  });
});
