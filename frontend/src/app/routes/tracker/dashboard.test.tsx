import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Match, TopPlayer } from '@team/contracts';
import { describe, expect, it } from 'vitest';
import { makePlayer } from '@/test/fixtures';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import DashboardRoute from './dashboard';

const top: TopPlayer[] = Array.from({ length: 6 }, (_, i) => makePlayer({ id: i + 1, username: `Star${i + 1}`, wins: 9 - i, losses: i, elo: 1600 - i * 20, totalMatches: 9 }));

const matches: Match[] = Array.from({ length: 6 }, (_, i) => ({
  id: 100 + i,
  createdAt: `2025-03-0${i + 1}T20:00:00.000Z`,
  mode: i === 0 ? { id: 1, name: 'Hardpoint' } : null,
  winningTeam: 'team1',
  team1Score: i === 0 ? 250 : null,
  team2Score: i === 0 ? 200 : null,
  map: null,
  participants: [
    { id: 1, playerId: 1, team: 'team1', player: { username: `Winner${i}` } },
    { id: 2, playerId: 2, team: 'team2', player: { username: `Loser${i}` } },
  ],
}));

function setup() {
  mockFetch({
    'GET /api/stats/global': { body: { totalPlayers: 12, totalMatches: 30, avgElo: 1042.4 } },
    'GET /api/players/top': { body: top },
    'GET /api/matches/recent': { body: matches },
    'GET /api/stats/rank-distribution': { body: { Vengeful: 5, Master: 0, Platinum: 1, Gold: 2, Silver: 1, Bronze: 2, Iron: 1 } },
    'GET /api/players': { body: top.map((p) => makePlayer({ ...p, discordId: `d${p.id}`, totalMatches: p.wins + p.losses })) },
    'GET /api/players/2/matches': { body: [] },
  });
  renderWithProviders(<DashboardRoute />, { route: '/tracker/dashboard' });
}

describe('Dashboard', () => {
  it('shows the title and the three stat cards', async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Total Players' })).findByText('12')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Total Matches' })).getByText('30')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Average ELO' })).getByText('1042')).toBeInTheDocument();
  });

  it('lists five top players and five recent matches', async () => {
    setup();
    expect(await screen.findByRole('button', { name: /Star5/ })).toBeInTheDocument();
    expect(screen.queryByText('Star6')).not.toBeInTheDocument();
    expect(await screen.findByText('Winner4')).toBeInTheDocument();
    expect(screen.queryByText('Winner5')).not.toBeInTheDocument();
  });

  it('shows the rank distribution counts', async () => {
    setup();
    const counts = await screen.findByText('Platinum', { selector: '.rank-distribution-counts span' });
    expect(counts.parentElement).toHaveTextContent('Platinum1');
    expect(screen.getByText('Vengeful', { selector: '.rank-distribution-counts span' }).parentElement).toHaveTextContent('Vengeful5');
  });

  it('opens the profile of a clicked top player', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: /Star2/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Discord ID: d2')).toBeInTheDocument();
    expect(await within(dialog).findByText('No match history available')).toBeInTheDocument();
  });
});

describe('Dashboard: what the recent matches and "Overall" mean', () => {
  it('says the list is in played order, and that a match without a mode moves the overall ELO', async () => {
    setup();
    const card = (await screen.findByRole('heading', { name: 'Recent Matches' })).closest('section')!;
    expect(await within(card).findByText('Newest first, by when each match was played.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Hardpoint/ })).toBeInTheDocument();
    const overall = within(card).getAllByText('Overall ELO');
    expect(overall).toHaveLength(4);
    expect(overall[0]).toHaveAttribute('title', 'Overall ELO — matches recorded without a mode. W/L, K/D and matches count every match.');
    expect(within(card).getAllByRole('link', { name: /No mode/ })).toHaveLength(4);
  });
});
