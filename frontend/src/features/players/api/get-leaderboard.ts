import type { LeaderboardEntry, PlayerNamesake } from '@team/contracts';
import { api, type ApiResponseMeta } from '@/lib/api';

/** docs/product.md#leaderboard: All Rankings shows 50 players a page. */
export const RANKINGS_PAGE_SIZE = 50;

/** One page of the all-time board: its players in rank order, and how many the whole board holds. */
export interface LeaderboardPage {
  entries: LeaderboardEntry[];
  total: number;
}

export interface LeaderboardPageArgs {
  /** The rating pool: null is overall. */
  modeId: number | null;
  /** From 1. */
  page: number;
}

/** The number of pages a board of `total` players has (one, empty, when it has none). */
export function rankingPages(total: number): number {
  return Math.max(1, Math.ceil(total / RANKINGS_PAGE_SIZE));
}

/** The board's size the server sent in X-Total-Count; without it, what this page says at least. */
function boardSize(meta: ApiResponseMeta | undefined, offset: number, entries: LeaderboardEntry[]): number {
  const header = meta?.response?.headers.get('X-Total-Count');
  const total = header == null ? NaN : Number(header);
  return Number.isInteger(total) && total >= 0 ? total : offset + entries.length;
}

export const leaderboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/players/leaderboard?limit=50&offset=[&mode=]: a page of the players in rank
     * order with rank and tier, and the board's size (X-Total-Count). With a mode id, the
     * ranking of that mode's rating pool. Every page of a pool carries its tag, so a recorded
     * match refreshes the pages read.
     */
    getLeaderboardPage: build.query<LeaderboardPage, LeaderboardPageArgs>({
      query: ({ modeId, page }) => {
        const query = `limit=${RANKINGS_PAGE_SIZE}&offset=${(page - 1) * RANKINGS_PAGE_SIZE}`;
        return `/api/players/leaderboard?${query}${modeId == null ? '' : `&mode=${encodeURIComponent(modeId)}`}`;
      },
      transformResponse: (entries: LeaderboardEntry[], meta, { page }) => ({
        entries,
        total: boardSize(meta, (page - 1) * RANKINGS_PAGE_SIZE, entries),
      }),
      providesTags: (_result, _error, { modeId }) => [{ type: 'Leaderboard', id: modeId ?? 'OVERALL' }],
    }),
    /**
     * GET /api/players/namesakes?ids=: every player who shares a name with the listed ones
     * (theirs included), for the Discord ID suffixes of a page (ids sorted, so a page asks once).
     */
    getNamesakes: build.query<PlayerNamesake[], readonly number[]>({
      query: (ids) => `/api/players/namesakes?ids=${ids.join(',')}`,
      providesTags: ['Players'],
    }),
  }),
});

export const { useGetLeaderboardPageQuery, useGetNamesakesQuery } = leaderboardApi;

/** The rating pool of ?mode= (kept in the URL so a mode's leaderboard can be linked to): null is overall. */
export function leaderboardModeFrom(params: URLSearchParams): number | null {
  const id = Number(params.get('mode'));
  return Number.isInteger(id) && id > 0 ? id : null;
}
