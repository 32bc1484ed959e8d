import { contentApi } from '@/features/content/api/get-content';
import { matchApi } from '@/features/matches/api/get-match';
import { modesApi } from '@/features/matches/api/get-modes';
import { publicSettingsApi } from '@/features/matches/api/get-public-settings';
import { recentMatchesApi } from '@/features/matches/api/get-recent-matches';
import { pageApi } from '@/features/pages/api/get-page';
import { headToHeadApi } from '@/features/players/api/get-head-to-head';
import { leaderboardApi, leaderboardModeFrom } from '@/features/players/api/get-leaderboard';
import { readHistoryForSharedLink } from '@/features/players/api/get-player-matches';
import { loadPlayerProfileDialog } from '@/features/players/components/PlayerProfileDialogOnDemand';
import { playersApi } from '@/features/players/api/get-players';
import { leaderboardSeasonFrom, seasonsApi } from '@/features/players/api/get-seasons';
import { topPlayersApi } from '@/features/players/api/get-top-players';
import { profileIdFrom } from '@/features/players/profile-link';
import { globalStatsApi } from '@/features/stats/api/get-global-stats';
import { rankDistributionApi } from '@/features/stats/api/get-rank-distribution';
import { seasonListApi } from '@/lib/seasons';
import type { AppStore } from './store';

/** One read to start: an RTK Query prefetch (it fills the cache the screen's hook then reads). */
type Read = ReturnType<typeof modesApi.util.prefetch>;

/** A system page's content sections and its Page Builder blocks, shown below them. */
const systemPageReads = (page: 'home' | 'about' | 'roster'): Read[] => [
  contentApi.util.prefetch('getContent', page, {}),
  pageApi.util.prefetch('getPageBySlug', page, {}),
];

const homeReads = (): Read[] => [
  ...systemPageReads('home'),
  globalStatsApi.util.prefetch('getGlobalStats', undefined, {}),
  topPlayersApi.util.prefetch('getTopPlayers', undefined, {}),
];

const dashboardReads = (): Read[] => [
  globalStatsApi.util.prefetch('getGlobalStats', undefined, {}),
  topPlayersApi.util.prefetch('getTopPlayers', undefined, {}),
  recentMatchesApi.util.prefetch('getRecentMatches', undefined, {}),
  rankDistributionApi.util.prefetch('getRankDistribution', undefined, {}),
];

/** What each public screen reads first, by path (docs/product.md#screens-and-routes). */
const SCREEN_READS: Record<string, (search: URLSearchParams) => Read[]> = {
  '/': homeReads,
  '/about': () => systemPageReads('about'),
  '/roster': () => systemPageReads('roster'),
  '/tracker': dashboardReads,
  '/tracker/dashboard': dashboardReads,
  '/tracker/leaderboard': (search) => {
    const modeId = leaderboardModeFrom(search);
    const seasonId = leaderboardSeasonFrom(search);
    return [
      modesApi.util.prefetch('getModes', undefined, {}),
      seasonListApi.util.prefetch('getSeasons', undefined, {}),
      // The board the link names: a season's (?season=) or the all-time one.
      seasonId == null
        ? leaderboardApi.util.prefetch('getLeaderboardPage', { modeId, page: 1 }, {})
        : seasonsApi.util.prefetch('getSeasonLeaderboard', { seasonId, modeId }, {}),
    ];
  },
  '/tracker/players': (search) => {
    const profileId = profileIdFrom(search);
    return [
      playersApi.util.prefetch('getPlayers', undefined, {}),
      // A shared profile link: the sections its dialog shows at once.
      ...(profileId == null
        ? []
        : [seasonsApi.util.prefetch('getPlayerSeasons', profileId, {}), headToHeadApi.util.prefetch('getHeadToHead', profileId, {})]),
    ];
  },
  // The settings say whether the form or a recorder login shows.
  '/tracker/record-match': () => [modesApi.util.prefetch('getModes', undefined, {}), publicSettingsApi.util.prefetch('getPublicSettings', undefined, {})],
};

/** A custom page's slug (`/:slug`, docs/product.md#screens-and-routes), or null for any other path. */
function pageSlug(path: string): string | null {
  const match = /^\/([^/]+)$/.exec(path);
  return match && match[1] !== 'admin' ? decodeURIComponent(match[1]!) : null;
}

/** A match page's id (`/tracker/matches/:id`), or null for any other path. */
function matchPageId(path: string): number | null {
  const match = /^\/tracker\/matches\/([1-9]\d{0,8})$/.exec(path);
  return match ? Number(match[1]) : null;
}

/**
 * Starts the reads of the screen the app opens on, as soon as the app starts: they then run
 * while the screen's code downloads instead of after it, and the screen's first render
 * usually has its data (one render on a phone's slow CPU, not one per answer). The screens
 * still ask for their data themselves; a screen missing here only loads a little later.
 */
export function prefetchScreenData(store: AppStore, location: { pathname: string; search: string }): void {
  const path = location.pathname.replace(/\/+$/, '') || '/';
  const slug = pageSlug(path);
  const matchId = matchPageId(path);
  const reads =
    SCREEN_READS[path]?.(new URLSearchParams(location.search)) ??
    (slug ? [pageApi.util.prefetch('getPageBySlug', slug, {})] : matchId ? [matchApi.util.prefetch('getMatch', matchId, {})] : []);
  reads.forEach((read) => store.dispatch(read));
  const profileId = path === '/tracker/players' ? profileIdFrom(new URLSearchParams(location.search)) : null;
  // A shared profile link opens the dialog at once: its history too (docs/product.md#states-and-transitions: read when selected),
  // and the dialog's code, which the Players screen would otherwise ask for only once drawn.
  if (profileId != null) {
    readHistoryForSharedLink(store.dispatch, profileId);
    // A failed download is asked again by the dialog itself when it is drawn.
    loadPlayerProfileDialog().catch(() => undefined);
  }
}
