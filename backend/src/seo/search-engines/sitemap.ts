import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { pagePath } from '@team/contracts';
import { SiteReads } from '../site-reads.js';

/** URLs per page of the sitemap (the protocol allows 50,000; a page of 10,000 is about 0.8 MB). */
export const SITEMAP_PAGE_URLS = 10_000;
/** The protocol's limit of pages one index names. */
const MAX_PAGES = 50_000;
/** The newest matches listed; older ones are reached through the players' histories. */
export const SITEMAP_MATCHES = 1_000;
/** The screens that are always there (the compare view needs two players, so it is left out). */
const SCREENS = ['/', '/about', '/roster', '/tracker/dashboard', '/tracker/leaderboard', '/tracker/players', '/tracker/record-match'];

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

interface SitemapUrl {
  path: string;
  /** When the page last changed, where that is known (ISO). */
  lastmod?: string;
}

export interface SitemapDocument {
  xml: string;
  etag: string;
}

/**
 * A document without its origin: the XML is `parts.join(origin)`, every absolute link starting
 * where two parts meet. Made once per read position and put together per request in one join.
 */
type Template = string[];

/** What is listed at one read position: the URLs before the players', then the players' ids. */
interface Listing {
  position: number;
  head: SitemapUrl[];
  playerIds: number[];
  pageCount: number;
  pages: Map<number, Template>;
  index: Template;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[character]!);
}

/**
 * GET /sitemap.xml and /sitemap-{n}.xml: an index naming pages of at most SITEMAP_PAGE_URLS URLs,
 * which list the home, about and roster pages, the custom pages, the tracker's screens, each
 * season's board, the newest SITEMAP_MATCHES matches, then every player's profile (rank order).
 *
 * Read once per read position through the read API's queries (the players from the ranked board
 * already in memory), whatever the Host: a page's XML is made without its origin the first time
 * it is asked for at that position, and each answer puts the origin in with one join (see
 * siteOrigin). A match moves the position: nothing is made again until a crawler asks.
 */
@Injectable()
export class Sitemap {
  private listing: { position: number; ready: Promise<Listing> } | null = null;
  private built = 0;

  constructor(private readonly reads: SiteReads) {}

  /** The index: the address of each page. */
  async index(origin: string): Promise<SitemapDocument> {
    const listing = await this.current();
    return this.send(listing.index, origin, `${listing.position}-index`);
  }

  /** Page `page` (from 1), or null when there is no such page. */
  async page(page: number, origin: string): Promise<SitemapDocument | null> {
    const listing = await this.current();
    if (!Number.isInteger(page) || page < 1 || page > listing.pageCount) return null;
    let template = listing.pages.get(page);
    if (!template) {
      template = this.buildPage(listing, page);
      listing.pages.set(page, template);
    }
    return this.send(template, origin, `${listing.position}-${page}`);
  }

  /** How many pages have been made (a page is made once per read position). */
  get pagesBuilt(): number {
    return this.built;
  }

  private send(template: Template, origin: string, name: string): SitemapDocument {
    return {
      xml: template.join(escapeXml(origin)),
      etag: `"sitemap-${name}-${createHash('sha256').update(origin).digest('base64url').slice(0, 10)}"`,
    };
  }

  /** The listing of the board's position, read once (concurrent requests share the read). */
  private async current(): Promise<Listing> {
    const board = await this.reads.board();
    if (this.listing?.position !== board.position) {
      const ready = this.read(board.position, Array.from(board.ids));
      this.listing = { position: board.position, ready };
      ready.catch(() => {
        if (this.listing?.ready === ready) this.listing = null;
      });
    }
    return this.listing.ready;
  }

  private async read(position: number, playerIds: number[]): Promise<Listing> {
    const [pages, seasons, matches] = await Promise.all([this.reads.pages(), this.reads.seasons(), this.reads.recentMatchTimes(SITEMAP_MATCHES)]);
    const head: SitemapUrl[] = [
      ...SCREENS.map((path) => ({ path })),
      ...pages.filter((page) => !page.isSystem).map((page) => ({ path: pagePath(page.slug) })),
      // A closed season's board never changes after its end.
      ...seasons.map((season) => ({ path: `/tracker/leaderboard?season=${season.id}`, ...(season.endedAt ? { lastmod: season.endedAt } : {}) })),
      ...matches.map((match) => ({ path: `/tracker/matches/${match.id}`, lastmod: match.createdAt })),
    ];
    const room = MAX_PAGES * SITEMAP_PAGE_URLS - head.length;
    const listed = playerIds.length > room ? playerIds.slice(0, room) : playerIds;
    const pageCount = Math.max(1, Math.ceil((head.length + listed.length) / SITEMAP_PAGE_URLS));
    const index: Template = [`${XML_HEAD}<sitemapindex xmlns="${NAMESPACE}">\n`];
    for (let page = 1; page <= pageCount; page++) {
      index[index.length - 1] += '  <sitemap><loc>';
      index.push(`/sitemap-${page}.xml</loc></sitemap>\n`);
    }
    index[index.length - 1] += '</sitemapindex>\n';
    return { position, head, playerIds: listed, pageCount, pages: new Map(), index };
  }

  /** One page's template: its slice of the head's URLs, then of the players'. */
  private buildPage(listing: Listing, page: number): Template {
    this.built += 1;
    const start = (page - 1) * SITEMAP_PAGE_URLS;
    const end = start + SITEMAP_PAGE_URLS;
    const template: Template = [`${XML_HEAD}<urlset xmlns="${NAMESPACE}">\n`];
    const add = (path: string, lastmod?: string) => {
      template[template.length - 1] += '  <url><loc>';
      template.push(`${escapeXml(path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>\n`);
    };
    for (const url of listing.head.slice(start, end)) add(url.path, url.lastmod);
    const from = Math.max(0, start - listing.head.length);
    const to = Math.max(0, end - listing.head.length);
    for (const id of listing.playerIds.slice(from, to)) add(`/tracker/players?playerId=${id}`);
    template[template.length - 1] += '</urlset>\n';
    return template;
  }
}
