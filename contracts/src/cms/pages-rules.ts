// Which pages always exist and which slugs a new page may take (docs/product.md#screens-and-routes routes, #entities Page).
import type { Page } from '../api/content.js';

/**
 * The system pages exist from the first start without any event: they are part of the
 * product, not content someone created, and they can never be deleted. Their ids are fixed,
 * so every process agrees on them; ids of created pages start after them.
 */
export const SYSTEM_PAGES: readonly Page[] = [
  { id: 1, slug: 'home', title: 'Home', isSystem: true },
  { id: 2, slug: 'about', title: 'About', isSystem: true },
  { id: 3, slug: 'roster', title: 'Roster', isSystem: true },
];

export const FIRST_CREATED_PAGE_ID = 4;

export function systemPageById(id: number): Page | undefined {
  return SYSTEM_PAGES.find((page) => page.id === id);
}

export function systemPageBySlug(slug: string): Page | undefined {
  return SYSTEM_PAGES.find((page) => page.slug === slug);
}

/** Paths the app itself serves (docs/product.md#screens-and-routes route table): a page there could never be reached. */
export const RESERVED_SLUGS: readonly string[] = ['home', 'about', 'roster', 'tracker', 'admin', 'api', 'assets', 'media'];

export const SLUG_PATTERN = /^[a-z0-9-]{1,64}$/;
export const PAGE_TITLE_MAX_LENGTH = 200;

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.includes(slug);
}
