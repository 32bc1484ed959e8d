import { startTestApp, type TestApp } from '../../test/support/test-app.js';
import { matchLine, recordMatch } from '../../test/support/ladder-requests.js';

// Dates JavaScript parses but PostgreSQL cannot hold (year 0, the first day Date can show):
// each is a 400 that says what is accepted, never a 500.
describe('odd dates in the query', () => {
  let app: TestApp;
  let asOfRoutes: string[];
  beforeAll(async () => {
    app = await startTestApp();
    const modes = (await app.call('GET', '/api/modes')).body as { id: number }[];
    // The four public reads that take ?asOf=.
    asOfRoutes = ['/api/players?', '/api/players/leaderboard?', `/api/players/leaderboard?mode=${modes[0]!.id}&`, '/api/players/1/matches?'];
    await recordMatch(app, { winningTeam: 'team1', team1: [matchLine('100000000000000001', 'Ada')], team2: [matchLine('100000000000000002', 'Bo')] });
  });
  afterAll(() => app.close());

  test('?asOf= in year 0 or past year 9999 is a 400 naming asOf on each of the four routes', async () => {
    for (const route of asOfRoutes) {
      for (const asOf of ['0000-01-01', '0000-12-31T23:59:59Z', '0001-01-01T00:00:00+01:00', '-271821-04-20', '+275760-09-13']) {
        const answer = await app.call('GET', `${route}asOf=${encodeURIComponent(asOf)}`);
        expect([route, asOf, answer.status]).toEqual([route, asOf, 400]);
        expect(answer.body.error).toMatch(/^asOf must be an event position \(a whole number\) or an ISO 8601 time from year 0001 to 9999/);
      }
    }
  });

  test('?asOf= at the earliest and latest accepted times still answers on each route', async () => {
    for (const route of asOfRoutes) {
      for (const asOf of ['0001-01-01', '9999-12-31T23:59:59Z']) {
        const answer = await app.call('GET', `${route}asOf=${encodeURIComponent(asOf)}`);
        // Player 1 did not exist yet in year 1: its history is then not found, which is an answer too.
        expect([route, asOf, answer.status === 200 || (answer.status === 404 && route.includes('/matches'))]).toEqual([route, asOf, true]);
      }
    }
  });

  test('/api/admin/events?from=&to= outside the years 0001 to 9999 is a 400 naming the parameter', async () => {
    for (const [name, value] of [
      ['to', '-271821-04-20'],
      ['from', '0000-01-01'],
      ['to', '+275760-09-13'],
    ] as const) {
      const answer = await app.call('GET', `/api/admin/events?${name}=${encodeURIComponent(value)}`, { admin: true });
      expect([name, value, answer.status]).toEqual([name, value, 400]);
      expect(answer.body.details).toEqual([`${name} must be a date and time (ISO 8601) from year 0001 to 9999`]);
    }
    for (const value of ['0001-01-01', '9999-12-31T23:59:59Z']) {
      expect((await app.call('GET', `/api/admin/events?to=${value}`, { admin: true })).status).toBe(200);
    }
  });
});
