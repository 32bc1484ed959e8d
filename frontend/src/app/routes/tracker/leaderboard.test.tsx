import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { leaderboardOf, makePlayer } from '@/test/fixtures';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import LeaderboardRoute from './leaderboard';

const board = leaderboardOf([makePlayer({ username: 'Ace', elo: 1200, wins: 3, losses: 1, totalMatches: 4 })]);

function setup(route = '/tracker/leaderboard') {
  mockFetch({
    'GET /api/modes': { body: [{ id: 1, name: 'Hardpoint', description: '', scoreLimit: 250 }] },
    'GET /api/seasons': { body: [] },
    'GET /api/players/leaderboard': { body: board },
    'GET /api/players/leaderboard?mode=1': { body: board },
  });
  renderWithProviders(<LeaderboardRoute />, { route });
}

describe('Leaderboard screen: what a board counts', () => {
  it('labels the overall board with what Overall means, on the board and in the choice’s tooltip', async () => {
    setup();
    expect(await screen.findByText('Overall ELO — matches recorded without a mode. W/L, K/D and matches count every match.')).toBeInTheDocument();
    const overall = await screen.findByRole('radio', { name: 'Overall' });
    expect(overall).toHaveAccessibleDescription('Overall ELO — matches recorded without a mode. W/L, K/D and matches count every match.');
    expect(overall.closest('[data-hint]')).toHaveAttribute('data-hint', expect.stringContaining('matches recorded without a mode'));
  });

  it('labels a mode’s board as that mode’s numbers', async () => {
    setup();
    await userEvent.click(await screen.findByRole('radio', { name: 'Hardpoint' }));
    expect(await screen.findByText("Hardpoint ELO — Hardpoint matches only. W/L, K/D, averages and matches are Hardpoint's too.")).toBeInTheDocument();
  });
});
