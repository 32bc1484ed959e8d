import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';

/** Lazy screens compile on first use under vitest: allow for that. */
const LAZY = { timeout: 10_000 };
import { mockFetch } from '@/test/mock-fetch';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

function renderAt(path: string) {
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
}

beforeEach(() => {
  mockFetch({
    'GET /api/stats/global': { body: { totalPlayers: 0, totalMatches: 0, avgElo: 1000 } },
    'GET /api/stats/rank-distribution': { body: {} },
    'GET /api/players/top': { body: [] },
    'GET /api/players': { body: [] },
    'GET /api/players/leaderboard': { body: [] },
    'GET /api/matches/recent': { body: [] },
    'GET /api/modes': { body: [] },
    'GET /api/content/home': { body: [] },
    'GET /api/content/about': { body: [] },
    'GET /api/content/roster': { body: [] },
    'GET /api/pages/tryouts': { body: { id: 1, slug: 'tryouts', title: 'Tryouts', isSystem: false, contentBlocks: [] } },
    'GET /api/pages/schedule': { body: { id: 9, slug: 'schedule', title: 'Match calendar', isSystem: false, contentBlocks: [] } },
    'GET /api/fixtures': { body: { fixtures: [], total: 0, limit: 20, offset: 0 } },
  });
});

describe('routes', () => {
  it.each([
    ['/tracker', 'Dashboard'],
    ['/tracker/dashboard', 'Dashboard'],
    ['/tracker/leaderboard', 'Leaderboard'],
    ['/tracker/players', 'Players'],
    ['/tracker/record-match', 'Record Match'],
    ['/roster', 'Team Roster'],
    ['/schedule', 'Schedule'],
    ['/admin/keys', 'Admin Login'],
    ['/admin', 'Admin Login'],
  ])('%s shows %s', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading }, LAZY)).toBeInTheDocument();
  });

  it.each(['/tracker/nope', '/tracker/players/extra', '/tracker/matches/abc', '/tracker/matches/7/extra', '/some/deep/path'])('%s shows the not-found screen', async (path) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' }, LAZY)).toBeInTheDocument();
  });

  it('uses the tracker layout for every /tracker path and the public top bar elsewhere', async () => {
    renderAt('/tracker/nope');
    expect(await screen.findByRole('navigation', { name: 'ELO Tracker' }, LAZY)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('serves a dynamic page by slug', async () => {
    renderAt('/tryouts');
    expect(await screen.findByRole('article', { name: 'Tryouts' }, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('serves a page whose slug became a route (schedule) at /pages/schedule', async () => {
    renderAt('/pages/schedule');
    expect(await screen.findByRole('article', { name: 'Match calendar' }, LAZY)).toBeInTheDocument();
  });

  it('sends /pages/{slug} of an ordinary page to its one address', async () => {
    renderAt('/pages/tryouts');
    expect(await screen.findByRole('article', { name: 'Tryouts' }, LAZY)).toBeInTheDocument();
  });

  it('shows the 404 screen for an unknown slug', async () => {
    renderAt('/unknown-page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' }, LAZY)).toBeInTheDocument();
  });
});
