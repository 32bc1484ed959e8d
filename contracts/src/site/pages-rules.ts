// Which pages always exist and which slugs a new page may take (docs/product.md#screens-and-routes routes, #entities Page):
// the site's own routes, which its navigation links to and the CMS keeps new pages off.

/**
 * The system pages exist from the first start without any event: they are part of the
 * product, not content someone created, and they can never be deleted. Their ids are fixed,
 * so every process agrees on them; ids of created pages start after them. Each has the fields
 * of a Page (api/content.ts).
 */
export const SYSTEM_PAGES = [
  { id: 1, slug: 'home', title: 'Home', isSystem: true },
  { id: 2, slug: 'about', title: 'About', isSystem: true },
  { id: 3, slug: 'roster', title: 'Roster', isSystem: true },
];

export const FIRST_CREATED_PAGE_ID = 4;

export function systemPageById(id: number) {
  return SYSTEM_PAGES.find((page) => page.id === id);
}

export function systemPageBySlug(slug: string) {
  return SYSTEM_PAGES.find((page) => page.slug === slug);
}

/**
 * Paths the app itself serves (docs/product.md#screens-and-routes route table), with what each
 * shows: a page there could never be reached, so the page builder refuses the slug and says why.
 */
const SITE_ROUTES: Readonly<Record<string, string>> = {
  home: 'the home page',
  about: 'the About page',
  roster: 'the Roster page',
  tracker: 'the ELO tracker',
  admin: 'the admin screens',
  api: 'the API',
  assets: "the site's own files",
  media: "the media library's files",
  schedule: "the team's schedule and results",
};

export const RESERVED_SLUGS: readonly string[] = Object.keys(SITE_ROUTES);

export const SLUG_PATTERN = /^[a-z0-9-]{1,64}$/;
export const PAGE_TITLE_MAX_LENGTH = 200;

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.includes(slug);
}

/** What the site shows at a reserved slug's address, e.g. "the team's schedule and results". */
export function siteRouteName(slug: string): string {
  return SITE_ROUTES[slug] ?? 'a screen of the site';
}

/** Why a new page cannot take a route's slug, in the words the API and the page builder both show. */
export function reservedSlugMessage(slug: string): string {
  return `The slug "${slug}" is already a route of the site: /${slug} shows ${siteRouteName(slug)}. Choose another slug.`;
}

/**
 * A built page whose slug became a route after it was made (`schedule` in issue 42, `media`
 * in issue 41): its own address now shows the site's screen, so it is served at /pages/{slug}.
 */
export function isShadowedPage(slug: string): boolean {
  return isReservedSlug(slug) && systemPageBySlug(slug) === undefined;
}

/** Where a page is served: the home page at /, a shadowed page at /pages/{slug}, any other at /{slug}. */
export function pagePath(slug: string): string {
  if (slug === 'home') return '/';
  return isShadowedPage(slug) ? `/pages/${slug}` : `/${slug}`;
}
