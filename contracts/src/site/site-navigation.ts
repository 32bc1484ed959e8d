// The top navigation: an ordered list of entries the owner or an editor arranges. The built-in
// entries keep their names, paths and active rules; custom entries are pages of the page
// builder (by slug) or external links, which open in a new tab.
import { pagePath } from './pages-rules.js';

/** The site's own screens the navigation can list, in their default order. */
export const BUILTIN_NAV_ENTRIES = {
  home: { label: 'Home', href: '/', activeWhen: 'exact' },
  about: { label: 'About', href: '/about', activeWhen: 'prefix' },
  roster: { label: 'Roster', href: '/roster', activeWhen: 'prefix' },
  tracker: { label: 'ELO Tracker', href: '/tracker/dashboard', activeWhen: 'prefix' },
  schedule: { label: 'Schedule', href: '/schedule', activeWhen: 'prefix' },
} as const satisfies Record<string, { label: string; href: string; activeWhen: NavActiveRule }>;

export type BuiltinNavId = keyof typeof BUILTIN_NAV_ENTRIES;
export const BUILTIN_NAV_IDS = Object.keys(BUILTIN_NAV_ENTRIES) as BuiltinNavId[];

/** `exact`: active only on its own path (Home); `prefix`: on any path that starts with it; `never`: an external link. */
export type NavActiveRule = 'exact' | 'prefix' | 'never';

/** One entry as it is stored and edited. */
export type NavEntry =
  | { kind: 'builtin'; id: BuiltinNavId; hidden: boolean }
  | { kind: 'page'; slug: string; label: string; hidden: boolean }
  | { kind: 'link'; url: string; label: string; hidden: boolean };

/** One entry as the public site draws it. */
export interface NavLinkView {
  label: string;
  href: string;
  /** An external link: opens in a new tab with rel="noopener noreferrer". */
  external: boolean;
  activeWhen: NavActiveRule;
}

export const MAX_NAV_ENTRIES = 20;
export const MAX_NAV_LABEL_LENGTH = 40;

/** A fresh site's navigation: every built-in entry, shown, in the order above. */
export const DEFAULT_NAVIGATION: readonly NavEntry[] = BUILTIN_NAV_IDS.map((id) => ({ kind: 'builtin', id, hidden: false }));

/**
 * The stored list with every built-in entry in it: one added to the site after the list was
 * saved (Schedule, say) takes its default place after the entries before it, shown.
 */
export function completeNavigation(entries: readonly NavEntry[]): NavEntry[] {
  const result = [...entries];
  BUILTIN_NAV_IDS.forEach((id, index) => {
    if (result.some((entry) => entry.kind === 'builtin' && entry.id === id)) return;
    const before = BUILTIN_NAV_IDS.slice(0, index);
    const at = result.findLastIndex((entry) => entry.kind === 'builtin' && (before as string[]).includes(entry.id));
    result.splice(at + 1, 0, { kind: 'builtin', id, hidden: false });
  });
  return result;
}

/** The links the public site shows, in order: hidden entries and pages that do not exist left out. */
export function visibleNavigation(entries: readonly NavEntry[], pageExists: (slug: string) => boolean = () => true): NavLinkView[] {
  return completeNavigation(entries).flatMap((entry): NavLinkView[] => {
    if (entry.hidden) return [];
    if (entry.kind === 'builtin') {
      const { label, href, activeWhen } = BUILTIN_NAV_ENTRIES[entry.id];
      return [{ label, href, external: false, activeWhen }];
    }
    if (entry.kind === 'page') return pageExists(entry.slug) ? [{ label: entry.label, href: pagePath(entry.slug), external: false, activeWhen: 'prefix' }] : [];
    return [{ label: entry.label, href: entry.url, external: true, activeWhen: 'never' }];
  });
}

/** Whether a link is the current page's: Home only on exactly "/", the others when the path starts with the link. */
export function isNavActive(link: Pick<NavLinkView, 'href' | 'activeWhen'>, pathname: string): boolean {
  if (link.activeWhen === 'never') return false;
  return link.activeWhen === 'exact' ? pathname === link.href : pathname.startsWith(link.href);
}
