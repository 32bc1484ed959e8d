import type { LeaderboardEntry, MatchPage, Player } from '@team/contracts';
import { compareWithRebuild } from '../../../test/support/read-model-check.js';
import { getOk, matchLine as p, recordMatch } from '../../../test/support/ladder-requests.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

// No anonymous rename (issue 22, item 2) on a real database: a public match never renames an
// existing player (the typed name stays on that match's line), and only an admin's
// PlayerRenamed does, audited, validated as a match's usernames are, and rebuilt the same.

describe('player names', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  const profile = async (id: number) => (await getOk<Player[]>(app, '/api/players')).find((x) => x.id === id)!;
  const boardName = async (id: number) => (await getOk<LeaderboardEntry[]>(app, '/api/players/leaderboard')).find((e) => e.id === id)?.username;
  const lineOf = (page: MatchPage, playerId: number) => [...page.teams.team1, ...page.teams.team2].find((l) => l.playerId === playerId)!;

  test('a public match with an existing Discord ID and another name does not rename the player', async () => {
    const first = await recordMatch(app, { winningTeam: 'team1', team1: [p('top-1', 'Ace')], team2: [p('low-1', 'Bob')] });
    const aceId = first.participants.find((x) => x.username === 'Ace')!.playerId;
    const second = await recordMatch(app, { winningTeam: 'team2', team1: [p('low-1', 'Bob')], team2: [p('top-1', 'Player69 is a cheater')] });

    expect((await profile(aceId)).username).toBe('Ace');
    expect(await boardName(aceId)).toBe('Ace');
    // The match page names the account, and keeps on that match's line what was typed there.
    expect(lineOf(await getOk<MatchPage>(app, `/api/matches/${second.matchId}`), aceId)).toMatchObject({
      username: 'Ace',
      recordedAs: 'Player69 is a cheater',
    });
    expect(lineOf(await getOk<MatchPage>(app, `/api/matches/${first.matchId}`), aceId)).toMatchObject({ username: 'Ace', recordedAs: 'Ace' });
    const audit = (await app.call('GET', '/api/admin/events?type=MatchRecorded', { admin: true })).body;
    expect(audit.events[0].data.participants[1]).toMatchObject({ playerId: aceId, username: 'Player69 is a cheater' });
    // A new Discord ID still makes a player with the typed name.
    const third = await recordMatch(app, { winningTeam: 'team1', team1: [p('new-1', 'Newcomer')], team2: [p('low-1', 'Bob')] });
    expect((await profile(third.participants[0]!.playerId)).username).toBe('Newcomer');
  });

  test('an admin renames a player: the profile, the board and the audit log show it', async () => {
    const response = await app.call('POST', '/api/admin/players/1/rename', { json: { username: '  Ace of Spades ' }, admin: true });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ playerId: 1, username: 'Ace of Spades', previousUsername: 'Ace' });
    expect((await profile(1)).username).toBe('Ace of Spades');
    expect(await boardName(1)).toBe('Ace of Spades');
    const audit = (await app.call('GET', '/api/admin/events?type=PlayerRenamed', { admin: true })).body;
    expect(audit.events[0]).toMatchObject({
      type: 'PlayerRenamed',
      actor: 'admin',
      summary: 'Player #1 renamed from "Ace" to "Ace of Spades"',
      links: { playerIds: [1] },
      data: { playerId: 1, username: 'Ace of Spades', previousUsername: 'Ace' },
    });
  });

  test('the same name appends nothing; renaming back undoes it', async () => {
    const before = await app.eventCount();
    const same = await app.call('POST', '/api/admin/players/1/rename', { json: { username: 'Ace of Spades' }, admin: true });
    expect(same.status).toBe(200);
    expect(await app.eventCount()).toBe(before);
    const back = await app.call('POST', '/api/admin/players/1/rename', { json: { username: 'Ace' }, admin: true });
    expect(back.body).toMatchObject({ username: 'Ace', previousUsername: 'Ace of Spades' });
    expect((await profile(1)).username).toBe('Ace');
  });

  test.each([
    [{ username: '' }, 400, 'Username is required.'],
    [{ username: '   ' }, 400, 'Username is required.'],
    [{}, 400, 'Username is required.'],
    [{ username: 42 }, 400, 'Username must be text.'],
    [{ username: 'x'.repeat(65) }, 400, 'Username must be at most 64 characters.'],
    [{ username: 'Ace\u001B[2J' }, 400, 'Username must not contain control characters.'],
  ])('a bad name (%j) is a %i with a message, and nothing is appended', async (json, status, error) => {
    const before = await app.eventCount();
    const response = await app.call('POST', '/api/admin/players/1/rename', { json, admin: true });
    expect(response.status).toBe(status);
    expect(response.body.error).toBe(error);
    expect(await app.eventCount()).toBe(before);
  });

  test('an unknown player is a 404, and no key is a 401; nothing is appended', async () => {
    const before = await app.eventCount();
    expect((await app.call('POST', '/api/admin/players/999/rename', { json: { username: 'X' }, admin: true })).status).toBe(404);
    expect((await app.call('POST', '/api/admin/players/1/rename', { json: { username: 'X' } })).status).toBe(401);
    expect(await app.eventCount()).toBe(before);
  });

  test('a rebuild of the read models gives the same tables', async () => {
    await app.call('POST', '/api/admin/players/2/rename', { json: { username: 'Bobby' }, admin: true });
    const { live, rebuilt } = await compareWithRebuild(app.db.url);
    expect(rebuilt).toEqual(live);
    expect((await profile(2)).username).toBe('Bobby');
  });
});
