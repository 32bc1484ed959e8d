import type { PlayerCard } from '@team/contracts';
import { createAdminKey, withKey } from '../../../test/support/admin-keys.js';
import { streamEvents } from '../../../test/support/cms-requests.js';
import { matchLine, recordMatch } from '../../../test/support/ladder-requests.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

// Issue 42: a moderator sets a player's avatar and social links (PlayerProfileEdited on the
// player's player-profile-{id} stream); GET /api/players/cards shows them beside the player's
// live line on the board, as the roster cards and the profile dialog read it.

describe('player profiles and player cards', () => {
  let app: TestApp;
  let ann: number;
  let bob: number;
  let moderator: string;
  let editor: string;

  beforeAll(async () => {
    app = await startTestApp({ ADMIN_FAILURES_PER_15_MIN: '1000' });
    moderator = (await createAdminKey(app, 'Mona', 'moderator')).key;
    editor = (await createAdminKey(app, 'Eddie', 'editor')).key;
    await recordMatch(app, { winningTeam: 'team1', team1: [matchLine('ann-id', 'Ann', { kills: 9, deaths: 3 })], team2: [matchLine('bob-id', 'Bob', { kills: 3, deaths: 9 })] });
    const players = (await app.call('GET', '/api/players')).body as { id: number; username: string }[];
    ann = players.find((p) => p.username === 'Ann')!.id;
    bob = players.find((p) => p.username === 'Bob')!.id;
  });
  afterAll(() => app.close());

  const put = (id: number, json: unknown, key = moderator) => app.call('PUT', `/api/admin/players/${id}/profile`, { json, headers: withKey(key) });
  const cards = async (ids: string) => {
    const answer = await app.call('GET', `/api/players/cards?ids=${ids}`);
    expect(answer.status).toBe(200);
    return answer.body as PlayerCard[];
  };

  test("a card without a profile is the player's live line, no avatar, no links", async () => {
    const [card] = await cards(String(ann));
    expect(card).toMatchObject({ id: ann, username: 'Ann', wins: 1, losses: 0, rank: 1, avatarUrl: null, socials: {} });
    expect(card!.elo).toBeGreaterThan(1000);
    expect(typeof card!.tier).toBe('string');
  });

  test('a moderator sets the avatar and links: one event with the changes and what they replaced', async () => {
    const answer = await put(ann, { avatarUrl: 'https://cdn.example.com/ann.png', socials: { twitch: 'https://www.twitch.tv/ann', x: 'https://x.com/ann' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ playerId: ann, avatarUrl: 'https://cdn.example.com/ann.png', socials: { twitch: 'https://www.twitch.tv/ann', x: 'https://x.com/ann' } });
    expect(await streamEvents(app, `player-profile-${ann}`)).toEqual([
      {
        type: 'PlayerProfileEdited',
        data: {
          playerId: ann,
          changes: { avatarUrl: 'https://cdn.example.com/ann.png', socials: { twitch: 'https://www.twitch.tv/ann', x: 'https://x.com/ann' } },
          previous: { avatarUrl: null, socials: {} },
        },
      },
    ]);
    const [card] = await cards(String(ann));
    expect(card).toMatchObject({ id: ann, avatarUrl: 'https://cdn.example.com/ann.png', socials: { twitch: 'https://www.twitch.tv/ann', x: 'https://x.com/ann' } });
  });

  test('the same values again append nothing; one field changes alone; a media library path is an avatar too', async () => {
    let before = await app.eventCount();
    expect((await put(ann, { socials: { x: 'https://x.com/ann', twitch: 'https://www.twitch.tv/ann' } })).status).toBe(200);
    expect(await app.eventCount()).toBe(before);

    before = await app.eventCount();
    const answer = await put(ann, { avatarUrl: '/media/abc123.png' });
    expect(answer.body).toEqual({ playerId: ann, avatarUrl: '/media/abc123.png', socials: { twitch: 'https://www.twitch.tv/ann', x: 'https://x.com/ann' } });
    expect(await app.eventCount()).toBe(before + 1);
    expect((await streamEvents(app, `player-profile-${ann}`)).at(-1)!.data).toEqual({
      playerId: ann,
      changes: { avatarUrl: '/media/abc123.png' },
      previous: { avatarUrl: 'https://cdn.example.com/ann.png' },
    });
    const audit = await app.call('GET', '/api/admin/events?limit=1', { admin: true });
    expect(audit.body.events[0].summary).toBe(`Profile of player "Ann" (#${ann}) edited (avatar)`);
  });

  test('cards come in the order named, once each, leaving out players not on the board', async () => {
    expect((await cards(`${bob},${ann},999,${bob}`)).map((card) => card.id)).toEqual([bob, ann]);
  });

  test.each([
    ['a script address', { avatarUrl: 'javascript:alert(1)' }, 'avatarUrl: must be an http(s) address or a path on this site (/media/…)'],
    ['a network it does not know', { socials: { myspace: 'https://myspace.com/ann' } }, 'socials: only discord, twitch, youtube, x, instagram, tiktok, website may be given'],
    ['a link that is not http(s)', { socials: { twitch: 'ftp://twitch.tv/ann' } }, 'socials.twitch: must be an http(s) address, such as https://www.twitch.tv/yourname'],
    ['a NUL byte', { avatarUrl: 'https://cdn.example.com/a\u0000.png' }, 'avatarUrl: must be an http(s) address or a path on this site (/media/…)'],
    ['another field', { username: 'Annie' }, 'only avatarUrl and socials may be given'],
  ])('%s is a 400 naming the field, and nothing is appended', async (_name, json, problem) => {
    const before = await app.eventCount();
    const answer = await put(bob, json);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('The player profile is not valid.');
    expect(answer.body.details).toEqual([problem]);
    expect(await app.eventCount()).toBe(before);
  });

  test('an unknown player is a 404; an editor may not, nor a visitor; nothing is appended', async () => {
    const before = await app.eventCount();
    expect((await put(999, { avatarUrl: null })).status).toBe(404);
    expect((await put(bob, { avatarUrl: null }, editor)).status).toBe(403);
    expect((await app.call('PUT', `/api/admin/players/${bob}/profile`, { json: { avatarUrl: null } })).status).toBe(401);
    expect((await put(0, { avatarUrl: null })).status).toBe(400);
    expect(await app.eventCount()).toBe(before);
  });

  test("puts an edit back from its event, as the audit log's Revert profile edit does: the previous values as a new, audited edit", async () => {
    expect((await put(bob, { avatarUrl: 'https://cdn.example.com/bob.png', socials: { youtube: 'https://www.youtube.com/@bob' } })).status).toBe(200);
    expect((await put(bob, { avatarUrl: '/media/abc123.png', socials: {} })).status).toBe(200);
    const edit = (await streamEvents(app, `player-profile-${bob}`)).at(-1)!;
    expect(edit.data.previous).toEqual({ avatarUrl: 'https://cdn.example.com/bob.png', socials: { youtube: 'https://www.youtube.com/@bob' } });

    const before = await app.eventCount();
    const answer = await put(bob, edit.data.previous);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ playerId: bob, avatarUrl: 'https://cdn.example.com/bob.png', socials: { youtube: 'https://www.youtube.com/@bob' } });
    expect(await app.eventCount()).toBe(before + 1);
    expect((await streamEvents(app, `player-profile-${bob}`)).at(-1)).toEqual({
      type: 'PlayerProfileEdited',
      data: { playerId: bob, changes: edit.data.previous, previous: edit.data.changes },
    });
    const audit = await app.call('GET', '/api/admin/events?limit=1', { admin: true });
    expect(audit.body.events[0]).toMatchObject({ type: 'PlayerProfileEdited', adminKey: { name: 'Mona' } });
    // Both fields are named (in the stored event's key order, which jsonb sets).
    expect(audit.body.events[0].summary).toMatch(new RegExp(`^Profile of player "Bob" \\(#${bob}\\) edited \\((avatar, social links|social links, avatar)\\)$`));
    const [card] = await cards(String(bob));
    expect(card).toMatchObject({ id: bob, avatarUrl: 'https://cdn.example.com/bob.png', socials: { youtube: 'https://www.youtube.com/@bob' } });
  });

  test.each(['', 'abc', '1,,2', '0', '-1', Array.from({ length: 51 }, (_, i) => i + 1).join(',')])('GET /api/players/cards?ids=%s is a 400', async (ids) => {
    const answer = await app.call('GET', `/api/players/cards?ids=${ids}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('The player cards query is not valid.');
  });
});
