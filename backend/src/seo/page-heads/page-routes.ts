import { isShadowedPage, SLUG_PATTERN } from '@team/contracts';
import { MAX_ID } from '../../shared/route-params.js';

/**
 * The SPA's public screens (frontend/src/app/router.tsx), as the server tells them apart to
 * give each its own head. Ids are checked here as the screens check them: a malformed one is
 * a not-found, like an unknown one.
 */
export type PageRoute =
  | { kind: 'home' | 'about' | 'roster' | 'schedule' | 'dashboard' | 'players' | 'record-match' | 'admin' | 'not-found' }
  | { kind: 'custom'; slug: string }
  | { kind: 'leaderboard'; season: number | null; mode: number | null }
  | { kind: 'player'; id: number }
  | { kind: 'match'; id: number }
  | { kind: 'fixture'; id: number }
  | { kind: 'compare'; a: number | null; b: number | null };

const NOT_FOUND: PageRoute = { kind: 'not-found' };

/** The query parameters that open a profile on the Players screen, first valid one wins (PlayersBrowser). */
const PROFILE_PARAMS = ['playerId', 'id'] as const;

/** A positive id, null when absent or empty, undefined when malformed. */
function idFrom(raw: string | null): number | null | undefined {
  if (raw === null || raw.trim() === '') return null;
  const id = /^[1-9]\d{0,9}$/.test(raw.trim()) ? Number(raw) : NaN;
  return id <= MAX_ID ? id : undefined;
}

const SCREENS: Record<string, PageRoute['kind']> = {
  '/': 'home',
  '/about': 'about',
  '/roster': 'roster',
  '/schedule': 'schedule',
  '/tracker': 'dashboard',
  '/tracker/dashboard': 'dashboard',
  '/tracker/record-match': 'record-match',
};

/** Which screen a path and query show. */
export function routeOf(rawPath: string, query: URLSearchParams): PageRoute {
  // react-router matches a path with or without one trailing slash.
  const path = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
  const screen = SCREENS[path];
  if (screen) return { kind: screen } as PageRoute;
  if (path === '/tracker/players') {
    const raw = PROFILE_PARAMS.map((name) => query.get(name)).find((value) => value !== null && value.trim() !== '') ?? null;
    const id = idFrom(raw);
    return id === undefined ? NOT_FOUND : id === null ? { kind: 'players' } : { kind: 'player', id };
  }
  if (path === '/tracker/leaderboard') {
    const [season, mode] = [idFrom(query.get('season')), idFrom(query.get('mode'))];
    return season === undefined || mode === undefined ? NOT_FOUND : { kind: 'leaderboard', season, mode };
  }
  if (path === '/tracker/compare') {
    const [a, b] = [idFrom(query.get('a')), idFrom(query.get('b'))];
    return a === undefined || b === undefined ? NOT_FOUND : { kind: 'compare', a, b };
  }
  const match = /^\/tracker\/matches\/([^/]*)$/.exec(path);
  if (match) {
    const id = idFrom(match[1]!);
    return typeof id === 'number' ? { kind: 'match', id } : NOT_FOUND;
  }
  const fixture = /^\/schedule\/([^/]*)$/.exec(path);
  if (fixture) {
    const id = idFrom(fixture[1]!);
    return typeof id === 'number' ? { kind: 'fixture', id } : NOT_FOUND;
  }
  if (path === '/tracker' || path.startsWith('/tracker/')) return NOT_FOUND;
  // The admin screens ask for a key on the page: nothing to tell a crawler, whichever the
  // screen, the admin home at /admin included ("admin" is a reserved slug, never a page's).
  if (path === '/admin' || path.startsWith('/admin/')) return { kind: 'admin' };
  // A built page whose slug is now a route of the site (e.g. /schedule) is served here.
  const shadowed = /^\/pages\/([^/]+)$/.exec(path)?.[1];
  if (shadowed !== undefined) return isShadowedPage(shadowed) ? { kind: 'custom', slug: shadowed } : NOT_FOUND;
  const slug = /^\/([^/]+)$/.exec(path)?.[1];
  return slug !== undefined && SLUG_PATTERN.test(slug) ? { kind: 'custom', slug } : NOT_FOUND;
}
