import type { PlayerSearchHit } from '@team/contracts';
import { playerPrefixMatches } from '@team/projections';
import { getOk, matchLine, recordMatch } from '../../../test/support/ladder-requests.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { searchTextParam } from './search-players.controller.js';

// GET /api/players/search on a real database: Record Match's lookup by name or Discord ID,
// its order, its bounds, and hostile text answered 400 or an empty list, never a 5xx.

const p = matchLine;

describe('GET /api/players/search', () => {
  let app: TestApp;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    app = await startTestApp();
    // Grace plays three matches, Space Ace one: "most played first" among equals.
    for (let i = 0; i < 2; i++) {
      await recordMatch(app, {
        winningTeam: 'team1',
        team1: [p('100000000000000001', 'Ace'), p('200000000000000003', 'Grace')],
        team2: [p('100000000000000002', 'Ace_Sniper'), p('300000000000000004', 'Bolt')],
      });
    }
    await recordMatch(app, {
      winningTeam: 'team2',
      team1: [p('100000000000000001', 'Ace'), p('400000000000000005', 'Space Ace')],
      team2: [p('500000000000000006', 'Half%Off'), p('300000000000000004', 'Bolt')],
    });
    const last = await recordMatch(app, { winningTeam: 'team1', team1: [p('600000000000000007', 'Acer')], team2: [p('200000000000000003', 'Grace')] });
    ids.Acer = last.participants[0]!.playerId;
    ids.Ace = (await getOk<PlayerSearchHit[]>(app, '/api/players/search?q=Ace'))[0]!.id;
    // Acer turns out to be Ace: merged away, it is no longer found.
    const merged = await app.call('POST', '/api/players/merge', { json: { primaryId: ids.Ace, duplicateId: ids.Acer }, admin: true });
    expect(merged.status).toBe(200);
  });
  afterAll(() => app.close());

  const search = (query: string) => getOk<PlayerSearchHit[]>(app, `/api/players/search?${query}`);
  const names = async (query: string) => (await search(query)).map((hit) => hit.username);

  test('finds names by their start and by what they hold, ignoring case, best first; never a merged account', async () => {
    // The name itself, a name starting with it, then names holding it, the most played first.
    expect(await names('q=ACE')).toEqual(['Ace', 'Ace_Sniper', 'Grace', 'Space Ace']);
    expect(await names('q=%20ace%20')).toEqual(['Ace', 'Ace_Sniper', 'Grace', 'Space Ace']);
    expect(await names('q=sniper')).toEqual(['Ace_Sniper']);
    const [ace] = await search('q=ace');
    expect(ace).toEqual({ id: ids.Ace, username: 'Ace', discordId: '100000000000000001', elo: expect.any(Number), totalMatches: 4 });
  });

  test('finds Discord IDs by their start, the ID itself first', async () => {
    expect(await names('q=1000000000')).toEqual(['Ace', 'Ace_Sniper']);
    expect(await names('q=100000000000000002')).toEqual(['Ace_Sniper']);
    // The merged account's Discord ID counts for Ace now, but the lookup lists active accounts only.
    expect(await names('q=600000000000000007')).toEqual([]);
    expect(await names('q=999')).toEqual([]);
  });

  test('answers at most limit players (8 unless given, 20 at most)', async () => {
    expect(await names('q=a&limit=2')).toEqual(['Ace', 'Ace_Sniper']);
    expect(await names('q=a&limit=20')).toHaveLength(5);
    expect(await names('q=a')).toHaveLength(5);
    for (const limit of ['0', '21', '-1', '2.5', 'abc', '', '100000000000000000000']) {
      const answer = await app.call('GET', `/api/players/search?q=a&limit=${limit}`);
      expect([limit, answer.status, answer.body]).toEqual([limit, 400, { error: 'limit must be a whole number from 1 to 20.' }]);
    }
  });

  test('takes % and _ and \\ as themselves, not as wildcards', async () => {
    expect(await names('q=%25')).toEqual(['Half%Off']);
    expect(await names('q=_')).toEqual(['Ace_Sniper']);
    expect(await names('q=e_s')).toEqual(['Ace_Sniper']);
    expect(await names('q=%5C')).toEqual([]);
    expect(await names('q=%25%25')).toEqual([]);
  });

  test('refuses missing, blank, repeated, oversized or unstorable text with a 400, never a 5xx', async () => {
    const required = "q is required: the start of a player's name or Discord ID, 1 to 64 characters.";
    const cases: [string, string][] = [
      ['', required],
      ['?q=', required],
      ['?q=%20%20%20', required],
      ['?q=a&q=b', required],
      ['?q[]=a', required],
      [`?q=${'a'.repeat(65)}`, 'q must be at most 64 characters.'],
      [`?q=${'x'.repeat(10_240)}`, 'q must be at most 64 characters.'],
      ['?limit=3&limit=4&q=a', 'limit must be a whole number from 1 to 20.'],
    ];
    for (const [query, error] of cases) {
      const answer = await app.call('GET', `/api/players/search${query}`);
      expect([query.slice(0, 40), answer.status, answer.body]).toEqual([query.slice(0, 40), 400, { error }]);
    }
    expect(await names(`q=${'a'.repeat(64)}`)).toEqual([]);
    // Control characters (a NUL, an escape) are refused before the route, as for every address.
    for (const query of ['?q=a%00b', '?q=a%1Bb', '?q=%00']) expect((await app.call('GET', `/api/players/search${query}`)).status).toBe(400);
  });

  test('answers odd Unicode (a lone surrogate, broken UTF-8, emoji) with a 400 or a list, never a 5xx', async () => {
    for (const query of ['%ED%A0%80', '%FF%FE', '%F0%9F%8E%AE', '%E2%80%8B', 'A%CC%81ce', '%uD800']) {
      const answer = await app.call('GET', `/api/players/search?q=${query}`);
      expect(answer.status === 400 || (answer.status === 200 && Array.isArray(answer.body))).toBe(true);
    }
    // No address carries a lone surrogate (it is no UTF-8); should one reach the route, it is refused.
    expect(() => searchTextParam('Ace\uD800')).toThrow('q must be valid Unicode text (it holds a lone surrogate).');
  });

  test('the prefix lookups can use the prefix indexes', async () => {
    const rollback = new Error('rolled back on purpose');
    let plan = '';
    // A table of 20,000 players, rolled back with the transaction (its statistics too): with a
    // handful, the planner would rightly read the table whole.
    await app.knex
      .transaction(async (trx) => {
        await trx.raw(`INSERT INTO ladder_players (id, discord_id, username, elo)
                       SELECT g, (700000000000000000 + g)::text, 'player ' || g, 1000 FROM generate_series(1000, 21000) AS g`);
        await trx.raw('ANALYZE ladder_players');
        const { rows } = await trx.raw<{ rows: { 'QUERY PLAN': string }[] }>(`EXPLAIN ${playerPrefixMatches(trx, 'Ac', 8).toString()}`);
        plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    // Each prefix is a range of its index, not a read of the whole table.
    expect(plan).toMatch(/Index Scan on ladder_players_name_prefix_idx.*\n.*Index Cond: \(\(lower\(username\) ~>=~ 'ac'::text\)/);
    expect(plan).toMatch(/Index Scan on ladder_players_discord_prefix_idx.*\n.*Index Cond: \(\(discord_id ~>=~ 'Ac'::text\)/);
    expect(plan).not.toContain('Seq Scan');
  });

  test('is in the OpenAPI document', async () => {
    const { body } = await app.call('GET', '/api/docs/openapi.json');
    expect(body.paths['/api/players/search'].get.parameters.map((param: { name: string }) => param.name).sort()).toEqual(['limit', 'q']);
  });
});
