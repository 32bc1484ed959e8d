import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/mock-fetch';
import { prefetchScreenData } from './prefetch';
import { createStore } from './store';

const { loadPlayerProfileDialog } = vi.hoisted(() => ({ loadPlayerProfileDialog: vi.fn(() => Promise.resolve()) }));
vi.mock('@/features/players/components/PlayerProfileDialogOnDemand', () => ({ loadPlayerProfileDialog }));

/** The reads started for a URL, as requested paths, once they have all gone out. */
async function readsFor(url: string, expected: number): Promise<string[]> {
  const { requests } = mockFetch({});
  const store = createStore();
  const { pathname, search } = new URL(url, 'http://localhost');
  prefetchScreenData(store, { pathname, search });
  await waitFor(() => expect(requests).toHaveLength(expected));
  return requests.map((request) => `${request.method} ${request.url}`).sort();
}

describe('prefetchScreenData', () => {
  it.each([
    ['/', ['GET /api/content/home', 'GET /api/pages/home', 'GET /api/players/top', 'GET /api/stats/global']],
    ['/about', ['GET /api/content/about', 'GET /api/pages/about']],
    ['/roster/', ['GET /api/content/roster', 'GET /api/pages/roster']],
    [
      '/tracker/dashboard',
      ['GET /api/matches/recent', 'GET /api/players/top', 'GET /api/stats/global', 'GET /api/stats/rank-distribution'],
    ],
    ['/tracker/leaderboard', ['GET /api/modes', 'GET /api/players/leaderboard?limit=50&offset=0', 'GET /api/seasons']],
    ['/tracker/leaderboard?mode=2', ['GET /api/modes', 'GET /api/players/leaderboard?limit=50&offset=0&mode=2', 'GET /api/seasons']],
    ['/tracker/leaderboard?season=3&mode=2', ['GET /api/modes', 'GET /api/seasons', 'GET /api/seasons/3/leaderboard?mode=2']],
    ['/tracker/players', ['GET /api/players']],
    // A shared profile link: what its dialog shows at once.
    ['/tracker/players?playerId=4', ['GET /api/players', 'GET /api/players/4/head-to-head', 'GET /api/players/4/matches', 'GET /api/players/4/seasons']],
    ['/tracker/players?id=9', ['GET /api/players', 'GET /api/players/9/head-to-head', 'GET /api/players/9/matches', 'GET /api/players/9/seasons']],
    ['/tracker/players?playerId=abc', ['GET /api/players']],
    ['/tracker/record-match', ['GET /api/modes', 'GET /api/settings']],
    ['/tryouts', ['GET /api/pages/tryouts']],
    ['/tracker/matches/7', ['GET /api/matches/7']],
  ])('%s starts its screen’s reads', async (url, reads) => {
    expect(await readsFor(url, reads.length)).toEqual(reads);
  });

  it.each(['/tracker/nope', '/admin/content', '/some/deep/path', '/tracker/matches/abc', '/tracker/matches/0'])('%s starts none', async (url) => {
    const { requests } = mockFetch({});
    prefetchScreenData(createStore(), { pathname: url, search: '' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toEqual([]);
  });
});

describe('the profile dialog’s code', () => {
  beforeEach(() => {
    loadPlayerProfileDialog.mockClear();
    mockFetch({});
  });

  it.each(['/tracker/players?playerId=4', '/tracker/players?id=9'])('starts downloading with the app on a shared profile link (%s)', (url) => {
    const { pathname, search } = new URL(url, 'http://localhost');
    prefetchScreenData(createStore(), { pathname, search });
    expect(loadPlayerProfileDialog).toHaveBeenCalledTimes(1);
  });

  it.each(['/tracker/players', '/tracker/players?playerId=abc', '/tracker/leaderboard', '/'])('waits for a selection anywhere else (%s)', (url) => {
    const { pathname, search } = new URL(url, 'http://localhost');
    prefetchScreenData(createStore(), { pathname, search });
    expect(loadPlayerProfileDialog).not.toHaveBeenCalled();
  });
});
