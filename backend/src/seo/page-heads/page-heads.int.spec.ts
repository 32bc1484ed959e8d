import fs from 'node:fs';
import type { LeaderboardEntry, RecordMatchResponse } from '@team/contracts';
import { createBlock, createPage, createSection } from '../../../test/support/cms-requests.js';
import { matchLine, recordMatch } from '../../../test/support/ladder-requests.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { one, rawGet, readHead, writeShellFolder } from '../../../test/support/seo/seo-fixtures.js';

// Each public page's head in the app shell, read as a link-preview fetcher reads it: one plain
// HTTP GET, no JavaScript. Player names are user input, so the hostile ones must come back
// escaped and whole; unknown and malformed addresses answer 404 with the SPA shell.

const SITE = 'https://team.example';
const HOSTILE = '<script>alert("x")</script>';
const QUOTES = `Tom & "Jerry" 'O'`;

describe('page heads in the app shell, by plain HTTP', () => {
  let app: TestApp;
  let shellFolder: string;
  let match: RecordMatchResponse;

  beforeAll(async () => {
    shellFolder = writeShellFolder();
    app = await startTestApp({ STATIC_DIR: shellFolder, PUBLIC_URL: SITE });
    match = await recordMatch(app, {
      modeId: 1,
      map: 'Skidrow',
      winningTeam: 'team1',
      team1Score: 250,
      team2Score: 180,
      team1: [matchLine('d-hostile', HOSTILE), matchLine('d-quotes', QUOTES)],
      team2: [matchLine('d-bravo', 'Bravo'), matchLine('d-charlie', 'Charlie')],
    });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(shellFolder, { recursive: true, force: true });
  });

  /** A plain GET of a page: status, the raw HTML and its head as read without a DOM. */
  async function page(path: string) {
    const response = await fetch(app.baseUrl + path);
    const html = await response.text();
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    // Still the SPA: its root and its bundle, so the screen renders as before.
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    return { status: response.status, html, head: readHead(html) };
  }

  test('a match page: title and OpenGraph tags name the teams, score, winner, mode, map and date (no JavaScript)', async () => {
    const { status, head } = await page(`/tracker/matches/${match.matchId}`);
    expect(status).toBe(200);
    // In a fresh site's dateLocale, en-US (docs/site-settings.md).
    const date = new Date().toLocaleDateString('en-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    const headline = `Match #${match.matchId}: Team 1 beat Team 2, 250–180`;
    expect(head.titles).toEqual([`${headline} · Our Team`]);
    expect(one(head, 'og:title')).toBe(headline);
    const description = one(head, 'og:description');
    expect(description).toContain(`Hardpoint · Skidrow · ${date}.`);
    expect(description).toMatch(/Team 1: .*Team 2: Bravo \(-\d+\), Charlie \(-\d+\)\./);
    expect(one(head, 'description')).toBe(description);
    expect(one(head, 'og:type')).toBe('article');
    expect(one(head, 'og:site_name')).toBe('Our Team');
    expect(one(head, 'og:url')).toBe(`${SITE}/tracker/matches/${match.matchId}`);
    expect(head.canonical).toEqual([`${SITE}/tracker/matches/${match.matchId}`]);
    expect(one(head, 'og:image')).toMatch(new RegExp(`^${SITE}/og/matches/${match.matchId}\\.png\\?v=[\\w-]{16}$`));
    expect(one(head, 'og:image:width')).toBe('1200');
    expect(one(head, 'og:image:height')).toBe('630');
    expect(one(head, 'og:image:alt')).toContain(headline);
    expect(one(head, 'twitter:card')).toBe('summary_large_image');
    expect(one(head, 'twitter:title')).toBe(headline);
    expect(one(head, 'twitter:description')).toBe(description);
    expect(one(head, 'twitter:image')).toBe(one(head, 'og:image'));
    expect(one(head, 'article:published_time')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(head.meta.robots).toBeUndefined();
  });

  test('hostile player names come back escaped in the HTML and whole once read', async () => {
    const { html, head } = await page(`/tracker/matches/${match.matchId}`);
    expect(html).not.toContain(HOSTILE);
    expect(html).not.toContain('"Jerry"');
    expect(html.match(/<script/g)).toHaveLength(1);
    const [hostile, quotes] = match.participants;
    expect(one(head, 'og:description')).toContain(`Team 1: ${HOSTILE} (+${hostile!.ratingChange}), ${QUOTES} (+${quotes!.ratingChange}).`);

    const profile = await page(`/tracker/players?playerId=${hostile!.playerId}`);
    expect(profile.html).not.toContain(HOSTILE);
    expect(profile.head.titles).toEqual([`${HOSTILE} · Our Team`]);
    expect(one(profile.head, 'profile:username')).toBe(HOSTILE);
  });

  test("a player's profile: name, rank, tier, ELO and record, at the address the Players screen opens it by", async () => {
    const bravo = match.participants.find((line) => line.username === 'Bravo')!;
    const players = (await app.call('GET', '/api/players')).body as LeaderboardEntry[];
    const line = players.find((player) => player.id === bravo.playerId)!;
    const { status, head } = await page(`/tracker/players?playerId=${bravo.playerId}&utm_source=discord`);
    expect(status).toBe(200);
    expect(head.titles).toEqual(['Bravo · Our Team']);
    expect(one(head, 'og:type')).toBe('profile');
    expect(one(head, 'og:description')).toBe(
      `Rank #${line.rank} of 4 · ${line.tier} · ${line.elo} ELO · 0W - 1L (0.0% win rate). K/D 0.00, 1 matches.`,
    );
    expect(one(head, 'og:url')).toBe(`${SITE}/tracker/players?playerId=${bravo.playerId}`);
    expect(one(head, 'og:image')).toMatch(new RegExp(`^${SITE}/og/players/${bravo.playerId}\\.png\\?v=`));
    // The merge tool's ?id= opens the same profile: one canonical address for both.
    const alias = await page(`/tracker/players?id=${bravo.playerId}`);
    expect(alias.head.canonical).toEqual([`${SITE}/tracker/players?playerId=${bravo.playerId}`]);
  });

  test('CMS pages: the title from the page or its sections, the description from the first section, as plain text', async () => {
    await createSection(app, { page: 'about', section: 'story', title: '<p>Our Story</p>', content: '<p>Founded in <strong>2019</strong> &amp; still <em>winning</em>.</p><p>Second.</p>' });
    const about = await page('/about');
    expect(about.status).toBe(200);
    expect(about.head.titles).toEqual(['About · Our Team']);
    expect(one(about.head, 'description')).toBe('Founded in 2019 & still winning. Second.');
    expect(about.head.canonical).toEqual([`${SITE}/about`]);
    expect(one(about.head, 'og:image')).toMatch(new RegExp(`^${SITE}/og/site\\.png\\?v=`));

    await createSection(app, { page: 'home', section: 'hero', title: '<h1>Team <em>Vendetta</em></h1>', content: '<p>We play to win.</p>' });
    const home = await page('/');
    expect(home.head.titles).toEqual(['Team Vendetta · Our Team']);
    expect(one(home.head, 'description')).toBe('We play to win.');

    const roster = await page('/roster');
    expect(roster.head.titles).toEqual(['Team Roster · Our Team']);
    expect(one(roster.head, 'description')).toBe('The players of Our Team.');

    const custom = await createPage(app, 'spring-cup', 'Spring Cup <2025> & "Friends"');
    await createBlock(app, custom.id, { order: 0, blockType: 'image', imageUrl: 'https://cdn.example/cup.png' });
    await createBlock(app, custom.id, { order: 1, content: '<p>  Sign   up <a href="https://x.example">here</a>!  </p>' });
    const spring = await page('/spring-cup');
    expect(spring.status).toBe(200);
    expect(spring.html).not.toContain('<2025>');
    expect(spring.head.titles).toEqual(['Spring Cup <2025> & "Friends" · Our Team']);
    expect(one(spring.head, 'description')).toBe('Sign up here!');
    expect(one(spring.head, 'og:url')).toBe(`${SITE}/spring-cup`);

    // A slug that starts like the API's prefix is a page, not the API.
    await createPage(app, 'apiary', 'Apiary');
    expect((await page('/apiary')).head.titles).toEqual(['Apiary · Our Team']);
  });

  test("the tracker's screens: dashboard, season board, compare, record match", async () => {
    const dashboard = await page('/tracker');
    expect(dashboard.head.titles).toEqual(['Dashboard · Our Team']);
    expect(dashboard.head.canonical).toEqual([`${SITE}/tracker/dashboard`]);

    // The first match opened Season 1.
    const season = await page('/tracker/leaderboard?season=1&mode=1');
    expect(season.status).toBe(200);
    expect(season.head.titles).toEqual(['Season 1 · Hardpoint Leaderboard · Our Team']);
    expect(season.head.canonical).toEqual([`${SITE}/tracker/leaderboard?season=1&mode=1`]);

    const board = await page('/tracker/leaderboard');
    expect(one(board.head, 'description')).toMatch(/^Top ranked players by ELO rating\. #1 /);

    const [first, , third] = match.participants;
    const compare = await page(`/tracker/compare?a=${first!.playerId}&b=${third!.playerId}`);
    expect(compare.head.titles).toEqual([`${HOSTILE} vs Bravo · Our Team`]);
    expect(compare.html).not.toContain(HOSTILE);

    expect((await page('/tracker/record-match')).head.titles).toEqual(['Record Match · Our Team']);
    for (const path of ['/admin/content', '/admin']) {
      const admin = await page(path);
      expect({ path, status: admin.status }).toEqual({ path, status: 200 });
      expect(one(admin.head, 'robots')).toBe('noindex');
      expect(admin.head.titles).toEqual(['Admin · Our Team']);
    }
  });

  test.each([
    ['an unknown match', '/tracker/matches/999999'],
    ['a malformed match id', '/tracker/matches/abc'],
    ['a zero match id', '/tracker/matches/0'],
    ['a match id past the integer range', '/tracker/matches/99999999999'],
    ['an unknown player', '/tracker/players?playerId=999999'],
    ['a malformed player id', '/tracker/players?playerId=12abc'],
    ['an unknown custom page', '/no-such-page'],
    ['a slug no page can have', '/Not_A_Slug'],
    ['an unknown season', '/tracker/leaderboard?season=99'],
    ['an unknown mode', '/tracker/leaderboard?mode=99'],
    ['an unknown compared player', '/tracker/compare?a=1&b=999999'],
    ['an unknown tracker screen', '/tracker/nowhere'],
    ['a path of two segments', '/about/team'],
  ])('%s answers 404 with the shell and noindex', async (_, path) => {
    const { status, head } = await page(path);
    expect(status).toBe(404);
    expect(head.titles).toEqual(['Page Not Found · Our Team']);
    expect(one(head, 'robots')).toBe('noindex');
    expect(head.canonical).toEqual([]);
    expect(head.meta['og:url']).toBeUndefined();
  });

  test('the API, HEAD requests and the conditional GET still work beside the shell', async () => {
    expect((await app.call('GET', '/api/health')).status).toBe(200);
    expect((await app.call('GET', '/api/nothing-here')).status).toBe(404);
    const head = await rawGet(`${app.baseUrl}/tracker/matches/999999`, {}, { method: 'HEAD' });
    expect(head.status).toBe(404);
    expect(head.body).toHaveLength(0);
    const first = await rawGet(`${app.baseUrl}/about`);
    const etag = first.headers.etag;
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(etag).toBeTruthy();
    expect((await rawGet(`${app.baseUrl}/about`, { 'if-none-match': etag! })).status).toBe(304);
  });

  test('robots.txt, the sitemap index and its pages are the controllers\' beside the shell, not the SPA', async () => {
    for (const [path, type] of [['/robots.txt', /^text\/plain/], ['/sitemap.xml', /^application\/xml/], ['/sitemap-1.xml', /^application\/xml/]] as const) {
      const response = await rawGet(app.baseUrl + path);
      expect([path, response.status]).toEqual([path, 200]);
      expect(response.headers['content-type']).toMatch(type);
    }
    // A page the sitemap does not have is the controller's 404 (JSON), not the SPA's.
    const missing = await rawGet(`${app.baseUrl}/sitemap-9.xml`);
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
  });
});
