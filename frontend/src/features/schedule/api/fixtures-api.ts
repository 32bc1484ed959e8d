import type { Fixture, FixtureList } from '@team/contracts';
import { api } from '@/lib/api';

export interface FixtureListArgs {
  status: 'upcoming' | 'past';
  limit?: number;
  offset?: number;
}

const fixturesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/fixtures?status=upcoming|past: one page, soonest (upcoming) or latest (past) first. */
    getFixtures: build.query<FixtureList, FixtureListArgs>({
      query: ({ status, limit = 20, offset = 0 }) => ({ url: `/api/fixtures?status=${status}&limit=${limit}&offset=${offset}` }),
      providesTags: ['Fixtures'],
    }),
    /** GET /api/fixtures/{id}: a 404 for an unknown fixture. */
    getFixture: build.query<Fixture, number>({
      query: (id) => ({ url: `/api/fixtures/${id}` }),
      providesTags: ['Fixtures'],
    }),
  }),
});

export const { useGetFixturesQuery, useGetFixtureQuery } = fixturesApi;
