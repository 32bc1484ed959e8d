import { screen, within } from '@testing-library/react';
import type { MatchPage, MatchPageLine } from '@team/contracts';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { makeMatchLine } from '@/test/fixtures';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import MatchRoute from './match';

function line(playerId: number, username: string, team: 'team1' | 'team2', change: number, extra: Partial<MatchPageLine> = {}): MatchPageLine {
  return makeMatchLine({ playerId, username, team, ratingChange: change, ...extra });
}

const hardpoint: MatchPage = {
  id: 7,
  createdAt: '2025-03-04T20:00:00.000Z',
  mode: { id: 1, name: 'Hardpoint' },
  winningTeam: 'team1',
  team1Score: 250,
  team2Score: 180,
  map: null,
  statsUsed: true,
  teams: {
    team1: [line(1, 'Ace', 'team1', 18, { hardpointTime: 120 })],
    team2: [line(2, 'Cinder', 'team2', -18, { hardpointTime: 45 })],
  },
  voided: null,
};

function renderMatch(path: string, routes: Parameters<typeof mockFetch>[0]) {
  mockFetch(routes);
  renderWithProviders(
    <Routes>
      <Route path="/tracker/matches/:id" element={<MatchRoute />} />
    </Routes>,
    { route: path },
  );
}

describe('Match page', () => {
  it('shows the mode, the final score and both teams with stats and rating changes, the winner marked', async () => {
    renderMatch('/tracker/matches/7', { 'GET /api/matches/7': { body: hardpoint } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Match #7' })).toBeInTheDocument();
    expect(screen.getByText(/^Hardpoint · .* · Team 1 won$/)).toBeInTheDocument();
    expect(screen.getByText('Final Score').closest('p')).toHaveTextContent('Final Score 250 vs 180');

    const winners = screen.getByRole('region', { name: 'Team 1, winner' });
    expect(within(winners).getByText('Winner')).toBeInTheDocument();
    expect(within(winners).getByRole('columnheader', { name: 'HP Time' })).toBeInTheDocument();
    const ace = within(winners).getByRole('row', { name: /Ace/ });
    expect(within(ace).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['10/5/2', '1500', '120', '1000', ' +18', '1018']);
    expect(within(ace).getByRole('link', { name: 'Ace' })).toHaveAttribute('href', '/tracker/players?playerId=1');

    const losers = screen.getByRole('region', { name: 'Team 2' });
    expect(within(losers).queryByText('Winner')).not.toBeInTheDocument();
    expect(within(losers).getByRole('row', { name: /Cinder/ })).toHaveTextContent('-18');
    expect(screen.queryByRole('note', { name: 'Voided match' })).not.toBeInTheDocument();
  });

  it('shows the map beside the mode when the match names one', async () => {
    renderMatch('/tracker/matches/7', { 'GET /api/matches/7': { body: { ...hardpoint, map: 'Dust II' } } });
    expect(await screen.findByText(/^Hardpoint · Map: Dust II · .* · Team 1 won$/)).toBeInTheDocument();
  });

  it('names the account on each line, and the name typed in the match beside it when that differs', async () => {
    const typed = { ...hardpoint, teams: { ...hardpoint.teams, team2: [{ ...hardpoint.teams.team2[0]!, recordedAs: 'Player69 is a cheater' }] } };
    renderMatch('/tracker/matches/7', { 'GET /api/matches/7': { body: typed } });
    const account = await screen.findByRole('link', { name: hardpoint.teams.team2[0]!.username });
    expect(account.closest('th')).toHaveTextContent(`${hardpoint.teams.team2[0]!.username} (recorded as Player69 is a cheater)`);
    expect(screen.getAllByText(/recorded as/)).toHaveLength(1);
  });

  it('a match without a map shows no map', async () => {
    renderMatch('/tracker/matches/7', { 'GET /api/matches/7': { body: hardpoint } });
    expect(await screen.findByText(/^Hardpoint · .* · Team 1 won$/)).toBeInTheDocument();
    expect(screen.queryByText(/Map:/)).not.toBeInTheDocument();
  });

  it('shows a voided badge with the reason', async () => {
    const voided = { ...hardpoint, voided: { at: '2025-03-05T09:00:00.000Z', reason: 'Played on the wrong map' } };
    renderMatch('/tracker/matches/7', { 'GET /api/matches/7': { body: voided } });
    const note = await screen.findByRole('note', { name: 'Voided match' });
    expect(within(note).getByText('Voided')).toBeInTheDocument();
    expect(note).toHaveTextContent('Played on the wrong map');
    expect(note).toHaveTextContent('no longer counts');
  });

  it('without a mode or scores: Overall, no final score, no mode column, dashes for missing stats', async () => {
    const overall: MatchPage = {
      ...hardpoint,
      mode: null,
      team1Score: null,
      team2Score: null,
      statsUsed: false,
      winningTeam: 'team2',
      teams: { team1: [line(1, 'Ace', 'team1', -16, { kills: null, deaths: null, won: false })], team2: [line(2, 'Cinder', 'team2', 16, { won: true })] },
    };
    renderMatch('/tracker/matches/7', { 'GET /api/matches/7': { body: overall } });
    expect(await screen.findByText(/^Overall · .* · Team 2 won$/)).toBeInTheDocument();
    expect(screen.queryByText('Final Score')).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'HP Time' })).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Ace/ })).toHaveTextContent('-/-/2');
    expect(screen.getByRole('region', { name: 'Team 2, winner' })).toBeInTheDocument();
  });

  it.each(['/tracker/matches/404', '/tracker/matches/abc', '/tracker/matches/0'])('%s shows the tracker not-found screen', async (path) => {
    renderMatch(path, {});
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Dashboard' })).toBeInTheDocument();
  });
});
