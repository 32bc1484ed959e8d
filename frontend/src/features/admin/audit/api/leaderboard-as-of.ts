import type { LeaderboardEntry } from '@team/contracts';
import { api } from '@/lib/api';

const leaderboardAsOfApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The leaderboard as it stood right after an event (time travel): never cached. */
    getLeaderboardAsOf: build.query<LeaderboardEntry[], number>({
      query: (position) => `/api/players/leaderboard?asOf=${position}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetLeaderboardAsOfQuery } = leaderboardAsOfApi;
