import type { SiteReads } from '../site-reads.js';
import { Sitemap, SITEMAP_PAGE_URLS } from './sitemap.js';

// The sitemap as an index of pages of at most SITEMAP_PAGE_URLS URLs (issue 37, item 8): each
// page made when it is asked for, once per read position whatever the Host, with the origin put
// in as it is sent.

const SCREENS = 7;

/** SiteReads over a board of `players` players at `position`, with one custom page, one season and `matches` matches. */
function readsOf(state: { position: number; players: number; matches?: number }) {
  const calls = { board: 0, pages: 0, seasons: 0, recentMatchTimes: 0 };
  const reads = {
    async board() {
      calls.board += 1;
      return { position: state.position, ids: Int32Array.from({ length: state.players }, (_, i) => i + 1) };
    },
    async pages() {
      calls.pages += 1;
      return [
        { slug: 'home', isSystem: true },
        { slug: 'spring-cup', isSystem: false },
      ];
    },
    async seasons() {
      calls.seasons += 1;
      return [{ id: 1, endedAt: '2025-01-01T00:00:00.000Z' }];
    },
    async recentMatchTimes(limit: number) {
      calls.recentMatchTimes += 1;
      return Array.from({ length: Math.min(limit, state.matches ?? 3) }, (_, i) => ({ id: 1000 - i, createdAt: '2025-02-01T00:00:00.000Z' }));
    },
  };
  return { reads: reads as unknown as SiteReads, calls };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => loc!);

describe('Sitemap: an index of pages', () => {
  test('the index names one page per SITEMAP_PAGE_URLS URLs; the pages hold every URL once, in order', async () => {
    const players = 25_000;
    const { reads } = readsOf({ position: 7, players });
    const sitemap = new Sitemap(reads);
    const index = await sitemap.index('https://team.example');
    expect(index.xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n/);
    expect(index.xml).toMatch(/<\/sitemapindex>\n$/);
    const total = SCREENS + 1 + 1 + 3 + players;
    const pageCount = Math.ceil(total / SITEMAP_PAGE_URLS);
    expect(locs(index.xml)).toEqual(Array.from({ length: pageCount }, (_, i) => `https://team.example/sitemap-${i + 1}.xml`));

    const all: string[] = [];
    for (let page = 1; page <= pageCount; page++) {
      const document = await sitemap.page(page, 'https://team.example');
      expect(document).not.toBeNull();
      expect(document!.xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n/);
      expect(document!.xml).toMatch(/<\/urlset>\n$/);
      const urls = locs(document!.xml);
      expect(urls.length).toBeLessThanOrEqual(SITEMAP_PAGE_URLS);
      all.push(...urls);
    }
    expect(all).toHaveLength(total);
    expect(new Set(all).size).toBe(total);
    expect(all.slice(0, 3)).toEqual(['https://team.example/', 'https://team.example/about', 'https://team.example/roster']);
    expect(all).toContain('https://team.example/spring-cup');
    expect(all).toContain('https://team.example/tracker/matches/1000');
    expect(all.at(-1)).toBe(`https://team.example/tracker/players?playerId=${players}`);
    // A page past the last, or no page at all, is none.
    expect(await sitemap.page(pageCount + 1, 'https://team.example')).toBeNull();
    expect(await sitemap.page(0, 'https://team.example')).toBeNull();
  });

  test('a small site is one page', async () => {
    const sitemap = new Sitemap(readsOf({ position: 1, players: 4 }).reads);
    expect(locs((await sitemap.index('http://localhost')).xml)).toEqual(['http://localhost/sitemap-1.xml']);
    expect(locs((await sitemap.page(1, 'http://localhost'))!.xml)).toHaveLength(SCREENS + 1 + 1 + 3 + 4);
  });

  test('made once per read position, whatever the origin: another Host reads and builds nothing again', async () => {
    const state = { position: 3, players: 12_000 };
    const { reads, calls } = readsOf(state);
    const sitemap = new Sitemap(reads);
    const first = await sitemap.page(2, 'https://a.example');
    for (let i = 0; i < 50; i++) {
      const other = await sitemap.page(2, `https://host-${i}.example`);
      expect(other!.xml).toBe(first!.xml.replaceAll('https://a.example', `https://host-${i}.example`));
      expect(other!.etag).not.toBe(first!.etag);
    }
    await sitemap.index('https://b.example');
    expect(sitemap.pagesBuilt).toBe(1);
    expect([calls.pages, calls.seasons, calls.recentMatchTimes]).toEqual([1, 1, 1]);
    // The same origin again: the same ETag.
    expect((await sitemap.page(2, 'https://a.example'))!.etag).toBe(first!.etag);

    // The projector moves on: read and built again, under a new ETag.
    state.position = 4;
    const moved = await sitemap.page(2, 'https://a.example');
    expect(moved!.etag).not.toBe(first!.etag);
    expect(sitemap.pagesBuilt).toBe(2);
    expect(calls.recentMatchTimes).toBe(2);
  });

  test('the origin is escaped as XML where it goes in', async () => {
    const sitemap = new Sitemap(readsOf({ position: 1, players: 1 }).reads);
    const document = await sitemap.page(1, "http://a&b'.example");
    expect(document!.xml).toContain('<loc>http://a&amp;b&apos;.example/</loc>');
    expect(document!.xml).not.toContain('a&b');
  });

  test('a page of 10,000 URLs is made in well under the 0.45–0.6 s the whole 50,000-URL document took', async () => {
    const sitemap = new Sitemap(readsOf({ position: 1, players: 60_000 }).reads);
    await sitemap.index('https://team.example');
    const started = performance.now();
    const document = await sitemap.page(3, 'https://team.example');
    const ms = performance.now() - started;
    expect(locs(document!.xml)).toHaveLength(SITEMAP_PAGE_URLS);
    // Generous: about 5–15 ms on the 2-core test machine.
    expect(ms).toBeLessThan(300);
  });
});
