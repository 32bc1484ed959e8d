import { screen, within } from '@testing-library/react';
import type { PlayerSeason, Season } from '@team/contracts';
import { describe, expect, it } from 'vitest';
import { makePlayer } from '@/test/fixtures';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { PlayerProfileDialog } from './PlayerProfileDialog';

const viper = makePlayer({ id: 7, username: 'Viper', elo: 1100 });

const season = (id: number, name: string, current: boolean): Season => ({
  id,
  name,
  startedAt: '2026-01-01T00:00:00.000Z',
  endedAt: current ? null : '2026-02-01T00:00:00.000Z',
  current,
});

const viperSeasons: PlayerSeason[] = [
  { season: season(2, 'Spring Split', true), matches: 3, wins: 2, losses: 1, kdRatio: 1.2, avgScore: 1500, finalElo: 1100, peakElo: 1112, rank: 1 },
  { season: season(1, 'Winter Cup', false), matches: 4, wins: 1, losses: 3, kdRatio: 0.8, avgScore: 1200, finalElo: 968, peakElo: 1016, rank: 3 },
];

function setup(seasons: PlayerSeason[] | { status: number }, asOf: number | null = null) {
  const fetch = mockFetch({
    'GET /api/players': { body: [viper] },
    'GET /api/players?asOf=5': { body: [viper] },
    'GET /api/players/7/matches': { body: [] },
    'GET /api/players/7/matches?asOf=5': { body: [] },
    'GET /api/players/7/head-to-head': { body: { opponents: [], teammates: [] } },
    'GET /api/players/7/seasons': Array.isArray(seasons) ? { body: seasons } : { status: seasons.status, body: { error: 'Player 7 not found.' } },
  });
  renderWithProviders(<PlayerProfileDialog playerId={7} asOf={asOf} onClose={() => {}} />);
  return fetch;
}

describe('Seasons on the Player Profile dialog', () => {
  it('lists each season played with its final (or current) ELO, peak, W-L, matches, K/D, average score and rank, the current one marked', async () => {
    setup(viperSeasons);
    const section = await screen.findByRole('region', { name: 'Seasons' });
    const rows = within(section).getAllByTestId('player-season');
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['1100', '1112', '2-12 wins, 1 losses', '3', '1.20', '1500', '#1'],
      ['968', '1016', '1-31 wins, 3 losses', '4', '0.80', '1200', '#3'],
    ]);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Spring SplitCurrent');
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent(/^Winter Cup$/);
    expect(within(section).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Season', 'ELO', 'Peak', 'W-L', 'Matches', 'K/D', 'Avg Score', 'Rank',
    ]);
    // The table scrolls sideways on a phone: a keyboard can reach and scroll it, and it is named.
    expect(within(section).getByRole('group', { name: 'Seasons table' })).toHaveAttribute('tabindex', '0');
  });

  it("says that a void inside a closed season does not change that season's final standings", async () => {
    setup(viperSeasons);
    const section = await screen.findByRole('region', { name: 'Seasons' });
    expect(within(section).getByText(/voided after a season closed does not change its final standings/)).toBeInTheDocument();
  });

  it('is hidden for a player with no season line', async () => {
    setup([]);
    await screen.findByText('No match history available');
    await screen.findByText('No opponents yet');
    expect(screen.queryByRole('region', { name: 'Seasons' })).toBeNull();
  });

  it('is hidden when the server refuses the lines', async () => {
    const { requests } = setup({ status: 404 });
    await screen.findByText('No opponents yet');
    expect(requests.some((request) => request.url === '/api/players/7/seasons')).toBe(true);
    expect(screen.queryByRole('region', { name: 'Seasons' })).toBeNull();
  });

  it('is not shown on a profile read as of a past position', async () => {
    const { requests } = setup(viperSeasons, 5);
    await screen.findByText('No match history available');
    expect(screen.queryByRole('region', { name: 'Seasons' })).toBeNull();
    expect(requests.some((request) => request.url.includes('/seasons'))).toBe(false);
  });
});
