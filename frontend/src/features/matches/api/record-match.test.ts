import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { api } from '@/lib/api';
import { MATCH_TAGS } from '@/lib/cache-tags';
import { mockFetch, type MockAnswer } from '@/test/mock-fetch';
import { recordMatchApi } from './record-match';

/** One read per read model a match changes, standing for leaderboard, top players, recent matches and stats. */
const readsApi = api.injectEndpoints({
  endpoints: (build) => ({
    probeMatchRead: build.query<unknown, (typeof MATCH_TAGS)[number]>({
      query: (tag) => `/probe/${tag}`,
      providesTags: (_result, _error, tag) => [tag],
    }),
  }),
});

const request = {
  winningTeam: 'team1' as const,
  team1: [{ discordId: '1', username: 'alpha', kills: 0, deaths: 0, assists: 0, score: 0 }],
  team2: [{ discordId: '2', username: 'bravo', kills: 0, deaths: 0, assists: 0, score: 0 }],
};

/** Records a match answered with `answer` while every match read is subscribed; returns how often each read was fetched. */
async function readsAfterRecording(answer: MockAnswer) {
  const routes: Record<string, MockAnswer> = { 'POST /api/matches': answer };
  for (const tag of MATCH_TAGS) routes[`GET /probe/${tag}`] = { body: [] };
  const { requests } = mockFetch(routes);
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  const subscriptions = MATCH_TAGS.map((tag) => store.dispatch(readsApi.endpoints.probeMatchRead.initiate(tag)));
  await Promise.all(subscriptions);

  await store.dispatch(recordMatchApi.endpoints.recordMatch.initiate({ request, idempotencyKey: 'key-1' }));
  // Invalidation refetches on the next tick; give it a few.
  await new Promise((resolve) => setTimeout(resolve, 50));
  subscriptions.forEach((subscription) => subscription.unsubscribe());
  return Object.fromEntries(MATCH_TAGS.map((tag) => [tag, requests.filter((r) => r.url === `/probe/${tag}`).length]));
}

describe('recordMatch', () => {
  it('refreshes leaderboard, top players, recent matches and stats after a recorded match (docs/product.md#api-calls)', async () => {
    expect(await readsAfterRecording({ status: 201, body: {} })).toEqual({ Players: 2, Leaderboard: 2, Matches: 2, Stats: 2 });
  });

  it('refreshes nothing when recording fails', async () => {
    expect(await readsAfterRecording({ status: 400, body: { error: 'Winning team cannot have the lower score' } })).toEqual({
      Players: 1,
      Leaderboard: 1,
      Matches: 1,
      Stats: 1,
    });
  });
});
