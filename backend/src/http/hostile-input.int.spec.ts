import type { RecordMatchPlayer, RecordMatchRequest } from '@team/contracts';
import { createPage, createSection, newBlock } from '../../test/support/cms-requests.js';
import { startTestApp, TEST_ADMIN_KEY, type TestApp } from '../../test/support/test-app.js';

// Hostile input over HTTP (issue 10, finding 1 and 4): text PostgreSQL cannot store (NUL, lone
// surrogates) and control characters in any string field, ids beyond the database's integers,
// deep bodies and control characters in the address. Each answer is a 4xx that names the field,
// never a 5xx, and nothing is appended.

function p(discordId: string, username: string): RecordMatchPlayer {
  return { discordId, username, kills: 0, deaths: 0, assists: 0, score: 0 };
}
const match = (team1: RecordMatchPlayer[] = [p('1', 'alpha')], team2: RecordMatchPlayer[] = [p('2', 'bravo')]): RecordMatchRequest => ({
  winningTeam: 'team1',
  team1,
  team2,
});

describe('hostile input', () => {
  let app: TestApp;
  let pageId: number;
  let sectionId: number;
  let matchId: number;

  beforeAll(async () => {
    app = await startTestApp();
    pageId = (await createPage(app, 'hostile')).id;
    sectionId = (await createSection(app)).id;
    const recorded = await app.call('POST', '/api/matches', { json: match() });
    expect(recorded.status).toBe(201);
    matchId = recorded.body.matchId;
  });
  afterAll(() => app.close());

  /** Sends a raw body (so lone surrogates and odd escapes reach the server as written). */
  async function raw(method: string, path: string, text: string, admin = false) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (admin) headers['x-admin-key'] = TEST_ADMIN_KEY;
    const response = await fetch(app.baseUrl + path, { method, headers, body: text });
    const body = await response.json().catch(() => null);
    return { status: response.status, body };
  }

  /** Refused with `status`; `message` found in the error or, for the CMS (whose error is per request), in a detail. */
  async function refused(send: () => Promise<{ status: number; body: any }>, status: number, message: RegExp) {
    const before = await app.eventCount();
    const response = await send();
    const said = [response.body?.error, ...(response.body?.details ?? [])].join('\n');
    expect({ status: response.status, said }).toEqual({ status, said: expect.stringMatching(message) });
    expect(await app.eventCount()).toBe(before);
    return response;
  }

  describe('a record-match string field with a character PostgreSQL cannot store', () => {
    test('NUL in a username: 400 naming the field', async () => {
      await refused(() => app.call('POST', '/api/matches', { json: match([p('1', 'a\u0000b')]) }), 400, /Team 1, player 1: Username .*control character/);
    });

    test('a lone surrogate in the raw JSON body: 400 naming the field', async () => {
      const text = JSON.stringify(match()).replace('"bravo"', '"x\\ud800y"');
      const response = await refused(() => raw('POST', '/api/matches', text), 400, /Team 2, player 1: Username .*(lone surrogate|invalid Unicode)/);
      expect(response.body.details.join(' ')).toContain('team2[0].username');
    });

    test('other C0 control characters and tabs in a one-line field', async () => {
      await refused(() => app.call('POST', '/api/matches', { json: match([p('1\u0007', 'alpha')]) }), 400, /Discord ID .*control character/);
      await refused(() => app.call('POST', '/api/matches', { json: match([p('1', 'al\tpha')]) }), 400, /Username .*control character/);
      await refused(() => app.call('POST', '/api/matches', { json: match([p('1', 'al\u001bpha')]) }), 400, /Username .*control character/);
    });

    test('a field name holding NUL is refused (unknown fields are dropped, but never a 500)', async () => {
      const response = await app.call('POST', '/api/matches', { json: { ...match(), ['k\u0000']: 1 } });
      expect(response.status).toBe(400);
    });
  });

  describe('CMS fields', () => {
    test('content title and body', async () => {
      await refused(() => app.call('PUT', `/api/content/${sectionId}`, { admin: true, json: { title: '<p>a\u0000</p>', content: '<p>x</p>' } }), 400, /title .*control character/);
      await refused(() => raw('PUT', `/api/content/${sectionId}`, '{"title":"<p>t</p>","content":"<p>\\udc00</p>"}', true), 400, /content .*(lone surrogate|invalid Unicode)/);
      await refused(() => app.call('POST', '/api/content', { admin: true, json: { page: 'about', section: 'x\u0001', title: 't', content: 'c' } }), 400, /section .*control character/);
    });

    test('a multi-line body keeps its tabs and newlines', async () => {
      const response = await app.call('PUT', `/api/content/${sectionId}`, { admin: true, json: { title: '<p>t</p>', content: '<p>a</p>\n\t<p>b</p>' } });
      expect(response.status).toBe(200);
    });

    test('page title and slug', async () => {
      await refused(() => app.call('POST', '/api/pages', { admin: true, json: { slug: 'new-page', title: 'A\u0000' } }), 400, /title .*control character/);
      await refused(() => app.call('POST', '/api/pages', { admin: true, json: { slug: 'new\u0000page', title: 'A' } }), 400, /slug/);
    });

    test('block data', async () => {
      await refused(() => app.call('POST', '/api/blocks', { admin: true, json: newBlock(pageId, { content: 'a\u0000' }) }), 400, /content .*control character/);
      await refused(() => app.call('POST', '/api/blocks', { admin: true, json: newBlock(pageId, { buttonText: 'Go\n' }) }), 400, /buttonText .*control character/);
      await refused(() => raw('POST', '/api/blocks', JSON.stringify(newBlock(pageId)).replace('"full"', '"\\ud83d"'), true), 400, /layout/);
    });
  });

  test('season names', async () => {
    await refused(() => app.call('POST', '/api/admin/seasons', { admin: true, json: { name: 'S\u0000' } }), 400, /name: must not contain control characters/);
    await refused(() => raw('POST', '/api/admin/seasons', '{"name":"\\ud800"}', true), 400, /name: .*(lone surrogate|invalid Unicode)/);
    await refused(() => app.call('PUT', '/api/admin/seasons/1', { admin: true, json: { name: 'S\u0000' } }), 400, /name: must not contain control characters/);
    await refused(() => app.call('POST', '/api/admin/seasons', { admin: true, json: { name: ['S'] } }), 400, /name: missing/);
  });

  test('void reason', async () => {
    await refused(() => app.call('POST', `/api/admin/matches/${matchId}/void`, { admin: true, json: { reason: 'typo\u0000' } }), 400, /reason .*control character/);
    await refused(() => raw('POST', `/api/admin/matches/${matchId}/void`, '{"reason":"\\ud800"}', true), 400, /reason .*(lone surrogate|invalid Unicode)/);
  });

  test('a body nested deeper than any request needs: 400, not a stack overflow', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    await refused(() => raw('POST', '/api/matches', `{"team1":${deep}}`), 400, /nested too deeply/);
  });

  describe('ids and query values beyond what the database holds', () => {
    test('GET /api/admin/events?player=3000000000 is 400, not 500', async () => {
      const response = await app.call('GET', '/api/admin/events?player=3000000000', { admin: true });
      expect(response.status).toBe(400);
      expect(response.body.details.join(' ')).toMatch(/player must be a whole number from 1 to 2147483647/);
    });

    test.each([
      ['GET', '/api/players/3000000000/matches'],
      ['GET', '/api/pages/3000000000'],
      ['PUT', '/api/content/3000000000'],
      ['DELETE', '/api/content/3000000000'],
      ['GET', '/api/admin/content/3000000000/history'],
      ['POST', '/api/admin/content/3000000000/restore'],
      ['DELETE', '/api/pages/3000000000'],
      ['GET', '/api/admin/pages/3000000000/history'],
      ['POST', '/api/admin/pages/3000000000/restore'],
      ['PUT', '/api/blocks/3000000000'],
      ['DELETE', '/api/blocks/3000000000'],
      ['POST', '/api/admin/matches/3000000000/void'],
      ['GET', '/api/admin/events?before=99999999999999999999'],
      ['GET', '/api/players/leaderboard?mode=3000000000'],
      ['GET', '/api/pages/%00'],
      ['GET', '/api/pages/a%00b'],
      ['GET', '/api/content/about%00'],
      ['GET', '/api/admin/events?q=%00'],
      ['GET', '/api/admin/events?stream=%ED%A0%80'],
      ['GET', '/api/pages/%ED%A0%80'],
      ['GET', '/api/pages/%E0%A4%A'],
      ['DELETE', '/api/pages/%ED%A0%80'],
      ['GET', '/api/players?id=%00'],
      ['GET', '/api/players/leaderboard?asOf=%00'],
      ['GET', '/api/seasons/3000000000/leaderboard'],
      ['GET', '/api/seasons/-1/leaderboard'],
      ['GET', '/api/seasons/1.5/leaderboard'],
      ['GET', '/api/seasons/%00/leaderboard'],
      ['GET', '/api/seasons/1/leaderboard?mode=-1'],
      ['GET', '/api/seasons/1/leaderboard?mode=%00'],
      ['GET', '/api/seasons/1/leaderboard?mode=3000000000'],
      ['GET', '/api/players/3000000000/seasons'],
      ['GET', '/api/players/-1/seasons'],
      ['GET', '/api/players/%00/seasons'],
      ['PUT', '/api/admin/seasons/3000000000'],
      ['PUT', '/api/admin/seasons/-1'],
      ['PUT', '/api/admin/seasons/1e3'],
      ['PUT', '/api/admin/seasons/%00'],
    ])('%s %s answers 4xx', async (method, path) => {
      const before = await app.eventCount();
      const json = method === 'GET' || method === 'DELETE' ? undefined : method === 'PUT' && path.startsWith('/api/blocks') ? newBlock(pageId) : { title: 't', content: 'c', version: 0, reason: 'r' };
      const response = await app.call(method, path, { admin: true, json });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(typeof response.body.error).toBe('string');
      // The API's error shape, not a framework's own ({ statusCode, code, error, message }).
      expect(Object.keys(response.body).filter((key) => key !== 'details')).toEqual(['error']);
      expect(await app.eventCount()).toBe(before);
    });
  });

  test('the server still answers after all of it', async () => {
    const response = await app.call('POST', '/api/matches', { json: match([p('1', 'alpha')], [p('3', 'charlie')]) });
    expect(response.status).toBe(201);
  });
});
