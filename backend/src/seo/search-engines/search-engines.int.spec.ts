import { SaxesParser } from 'saxes';
import { createPage } from '../../../test/support/cms-requests.js';
import { matchLine, recordMatch } from '../../../test/support/ladder-requests.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { rawGet } from '../../../test/support/seo/seo-fixtures.js';

// robots.txt and sitemap.xml, made from the read models: the sitemap parses as XML and lists
// the site's pages, a recorded match (with its date) and its players, cached per read position.

const SITE = 'https://team.example';

/**
 * A sitemap document's entries, read by a conforming XML parser (saxes, jsdom's), which throws
 * on anything that is not well-formed: loc → lastmod (or null). `root` is `urlset` for a page,
 * `sitemapindex` for the index.
 */
function urlsOf(xml: string, root: 'urlset' | 'sitemapindex' = 'urlset'): Map<string, string | null> {
  const parser = new SaxesParser({ xmlns: true });
  const urls = new Map<string, string | null>();
  const open: string[] = [];
  let text = '';
  let loc = '';
  let lastmod: string | null = null;
  parser.on('opentag', (tag) => {
    if (open.length === 0) {
      expect(tag.local).toBe(root);
      expect(tag.uri).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    }
    open.push(tag.local);
    text = '';
  });
  parser.on('text', (chunk) => (text += chunk));
  parser.on('closetag', (tag) => {
    open.pop();
    if (tag.local === 'loc') loc = text;
    if (tag.local === 'lastmod') lastmod = text;
    if (tag.local === (root === 'urlset' ? 'url' : 'sitemap')) {
      urls.set(loc, lastmod);
      lastmod = null;
    }
  });
  parser.write(xml).close();
  return urls;
}

/** Every URL of the sitemap: the index at /sitemap.xml, then each page it names. */
async function sitemapUrls(baseUrl: string, site: string): Promise<Map<string, string | null>> {
  const index = await rawGet(`${baseUrl}/sitemap.xml`);
  expect(index.status).toBe(200);
  expect(index.headers['content-type']).toMatch(/^application\/xml/);
  const urls = new Map<string, string | null>();
  for (const page of urlsOf(index.body.toString(), 'sitemapindex').keys()) {
    expect(page).toMatch(new RegExp(`^${site}/sitemap-\\d+\\.xml$`));
    const answer = await rawGet(baseUrl + page.slice(site.length));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/xml/);
    for (const [loc, lastmod] of urlsOf(answer.body.toString())) urls.set(loc, lastmod);
  }
  return urls;
}

describe('robots.txt and sitemap.xml', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ PUBLIC_URL: SITE });
  });
  afterAll(() => app.close());

  test('robots.txt allows the public pages, keeps crawlers out of /admin and /api, and names the sitemap', async () => {
    const response = await rawGet(`${app.baseUrl}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body.toString()).toBe(`User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api\n\nSitemap: ${SITE}/sitemap.xml\n`);
  });

  test('the sitemap is well-formed XML listing the pages, the tracker, a season, a recorded match and its players', async () => {
    const match = await recordMatch(app, {
      winningTeam: 'team1',
      team1: [matchLine('d-1', 'Ann & <Co>')],
      team2: [matchLine('d-2', 'Ben')],
    });
    await createPage(app, 'spring-cup', 'Spring Cup');
    const urls = await sitemapUrls(app.baseUrl, SITE);
    for (const path of ['/', '/about', '/roster', '/spring-cup', '/tracker/dashboard', '/tracker/leaderboard', '/tracker/players', '/tracker/leaderboard?season=1']) {
      expect(urls.has(SITE + path)).toBe(true);
    }
    expect(urls.get(`${SITE}/tracker/matches/${match.matchId}`)).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/);
    for (const player of match.participants) expect(urls.has(`${SITE}/tracker/players?playerId=${player.playerId}`)).toBe(true);
    // System pages are listed by their own paths (/, /about, /roster), not again as slugs.
    expect(urls.has(`${SITE}/home`)).toBe(false);
  });

  test('the index and its pages are cached per read position: 304 for their ETags until the next event, then the new match', async () => {
    const index = await rawGet(`${app.baseUrl}/sitemap.xml`);
    const first = await rawGet(`${app.baseUrl}/sitemap-1.xml`);
    for (const [path, answer] of [['/sitemap.xml', index], ['/sitemap-1.xml', first]] as const) {
      expect(answer.headers['cache-control']).toBe('public, max-age=3600');
      expect((await rawGet(app.baseUrl + path, { 'if-none-match': answer.headers.etag! })).status).toBe(304);
    }
    expect(index.headers.etag).not.toBe(first.headers.etag);

    const next = await recordMatch(app, { winningTeam: 'team2', team1: [matchLine('d-1', 'Ann & <Co>')], team2: [matchLine('d-3', 'Cat')] });
    const after = await rawGet(`${app.baseUrl}/sitemap-1.xml`, { 'if-none-match': first.headers.etag! });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(urlsOf(after.body.toString()).has(`${SITE}/tracker/matches/${next.matchId}`)).toBe(true);
  });

  test.each(['/sitemap-0.xml', '/sitemap-2.xml', '/sitemap-01.xml', '/sitemap-abc.xml', '/sitemap-1.xml.gz', '/sitemap-99999999999.xml'])(
    '%s is no page of this small site: 404',
    async (path) => {
      const response = await rawGet(app.baseUrl + path);
      expect(response.status).toBe(404);
      expect(response.headers['cache-control']).not.toBe('public, max-age=3600');
    },
  );
});
