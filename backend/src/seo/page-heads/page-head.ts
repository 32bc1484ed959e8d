import { DEFAULT_SITE_SETTINGS } from '@team/contracts';
import { CARD_HEIGHT, CARD_WIDTH } from '../share-cards/card-size.js';

/** What a page's head says about it, before the site's origin is known (see renderHead). */
export interface PageHead {
  /** 404 for an unknown match, player, season, slug or path, or a malformed id; 503 when the read side failed. */
  status: 200 | 404 | 503;
  /** The page's own title, without the site's name (null: the site's name alone). */
  title: string | null;
  description: string;
  /** The page's one address, path and query (`/tracker/players?playerId=3`); null: none to give (a 404). */
  canonicalPath: string | null;
  /** og:type. */
  type: 'website' | 'article' | 'profile';
  /** Path (and version query) of the share card, and what it shows. */
  image: { path: string; alt: string };
  /** More OpenGraph properties, such as article:published_time or profile:username. */
  properties?: readonly (readonly [string, string])[];
  /** Keeps the page out of search results (admin screens, 404s). */
  noindex?: boolean;
  /** The team's name and icon from the site settings; absent: a fresh site's. */
  site?: { name: string; faviconUrl: string | null };
}

const DEFAULT_SITE = { name: DEFAULT_SITE_SETTINGS.teamName, faviconUrl: null };

/** The document title: the page's, then the site's name. */
export function documentTitle(title: string | null, siteName: string = DEFAULT_SITE.name): string {
  return title && title !== siteName ? `${title} · ${siteName}` : siteName;
}

/** Text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * The tags a page's head gets in the app shell: title, description, canonical link, OpenGraph
 * and Twitter card, robots. Every value is escaped here, and only here: player names, page
 * titles and section text are user input. `origin` makes the links absolute (see siteOrigin).
 */
export function renderHead(head: PageHead, origin: string): string {
  const site = head.site ?? DEFAULT_SITE;
  const title = documentTitle(head.title, site.name);
  const ogTitle = head.title ?? site.name;
  const image = origin + head.image.path;
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${escapeHtml(key)}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<link rel="icon" href="${escapeHtml(site.faviconUrl ?? '/favicon.svg')}" />`,
    '<link rel="manifest" href="/manifest.webmanifest" />',
    meta('name', 'description', head.description),
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    ...(head.canonicalPath === null ? [] : [`<link rel="canonical" href="${escapeHtml(origin + head.canonicalPath)}" />`]),
    meta('property', 'og:site_name', site.name),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', ogTitle),
    meta('property', 'og:description', head.description),
    ...(head.canonicalPath === null ? [] : [meta('property', 'og:url', origin + head.canonicalPath)]),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(CARD_WIDTH)),
    meta('property', 'og:image:height', String(CARD_HEIGHT)),
    meta('property', 'og:image:alt', head.image.alt),
    ...(head.properties ?? []).map(([key, value]) => meta('property', key, value)),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', ogTitle),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', head.image.alt),
  ];
  return tags.join('\n    ');
}
