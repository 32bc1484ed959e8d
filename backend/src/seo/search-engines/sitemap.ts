import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { SiteReads } from '../site-reads.js';

/** The sitemap protocol's limit for one file. */
const MAX_URLS = 50_000;
/** The newest matches listed; older ones are reached through the players' histories. */
export const SITEMAP_MATCHES = 1_000;
/** The screens that are always there (the compare view needs two players, so it is left out). */
const SCREENS = ['/', '/about', '/roster', '/tracker/dashboard', '/tracker/leaderboard', '/tracker/players', '/tracker/record-match'];

interface SitemapUrl {
  path: string;
  /** When the page last changed, where that is known (ISO). */
  lastmod?: string;
}

export interface SitemapDocument {
  xml: string;
  etag: string;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[character]!);
}

/**
 * GET /sitemap.xml: the home, about and roster pages, the custom pages, the tracker's screens,
 * each season's board, every player's profile (rank order) and the newest SITEMAP_MATCHES
 * matches, at most MAX_URLS in all. Read once per read position through the read API's
 * queries; the XML is made once per position and origin (see siteOrigin) and kept for a few.
 */
@Injectable()
export class Sitemap {
  private urls: { position: number; list: Promise<SitemapUrl[]> } | null = null;
  private readonly documents = new LRUCache<string, SitemapDocument>({ max: 4 });

  constructor(private readonly reads: SiteReads) {}

  async document(origin: string): Promise<SitemapDocument> {
    const board = await this.reads.board();
    const key = `${board.position} ${origin}`;
    const cached = this.documents.get(key);
    if (cached) return cached;
    if (this.urls?.position !== board.position) {
      const list = this.read(board.entries.map((entry) => entry.id));
      this.urls = { position: board.position, list };
      list.catch(() => {
        if (this.urls?.list === list) this.urls = null;
      });
    }
    const urls = await this.urls.list;
    const lines = urls.map(
      (url) => `  <url><loc>${escapeXml(origin + url.path)}</loc>${url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ''}</url>`,
    );
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
    const document = { xml, etag: `"sitemap-${board.position}-${createHash('sha256').update(origin).digest('base64url').slice(0, 10)}"` };
    this.documents.set(key, document);
    return document;
  }

  private async read(playerIds: number[]): Promise<SitemapUrl[]> {
    const [pages, seasons, matches] = await Promise.all([this.reads.pages(), this.reads.seasons(), this.reads.recentMatches(SITEMAP_MATCHES)]);
    const urls: SitemapUrl[] = [
      ...SCREENS.map((path) => ({ path })),
      ...pages.filter((page) => !page.isSystem).map((page) => ({ path: `/${page.slug}` })),
      // A closed season's board never changes after its end.
      ...seasons.map((season) => ({ path: `/tracker/leaderboard?season=${season.id}`, ...(season.endedAt ? { lastmod: season.endedAt } : {}) })),
      ...matches.map((match) => ({ path: `/tracker/matches/${match.id}`, lastmod: match.createdAt })),
    ];
    const room = Math.max(0, MAX_URLS - urls.length);
    return [...urls, ...playerIds.slice(0, room).map((id) => ({ path: `/tracker/players?playerId=${id}` }))];
  }
}
