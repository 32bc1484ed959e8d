import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HeadToHead } from '@team/contracts';
import { describe, expect, it } from 'vitest';
import { makePlayer } from '@/test/fixtures';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { PlayerProfileDialog } from './PlayerProfileDialog';

const viper = makePlayer({ id: 7, username: 'Viper', elo: 1100 });
const ghost = makePlayer({ id: 8, username: 'Ghost', elo: 1050 });
const reaper = makePlayer({ id: 9, username: 'Reaper', elo: 990 });

const viperHeadToHead: HeadToHead = {
  opponents: [
    { player: { id: 9, username: 'Reaper' }, matches: 4, wins: 3, losses: 1 },
    { player: { id: 10, username: 'Wraith' }, matches: 1, wins: 0, losses: 1 },
  ],
  teammates: [{ player: { id: 8, username: 'Ghost' }, matches: 2, wins: 1, losses: 1 }],
};

function setup(asOf: number | null = null) {
  const fetch = mockFetch({
    'GET /api/players': { body: [viper, ghost, reaper] },
    'GET /api/players?asOf=5': { body: [viper, ghost, reaper] },
    'GET /api/players/7/matches': { body: [] },
    'GET /api/players/7/matches?asOf=5': { body: [] },
    'GET /api/players/7/head-to-head': { body: viperHeadToHead },
    'GET /api/players/9/matches': { body: [] },
    'GET /api/players/9/head-to-head': { body: { opponents: [{ player: { id: 7, username: 'Viper' }, matches: 4, wins: 1, losses: 3 }], teammates: [] } },
  });
  renderWithProviders(<PlayerProfileDialog playerId={7} asOf={asOf} onClose={() => {}} />);
  return fetch;
}

const section = () => screen.getByRole('region', { name: 'Head-to-Head' });

describe('Head-to-Head on the Player Profile dialog', () => {
  it('lists the top opponents with the W-L against each and the top teammates with the record together', async () => {
    setup();
    const opponents = await screen.findByRole('list', { name: 'Top Opponents' });
    const rows = within(opponents).getAllByTestId('head-to-head-entry');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Reaper4 matches3-13 wins, 1 losses against',
      'Wraith1 match0-10 wins, 1 losses against',
    ]);
    const teammates = within(section()).getByRole('list', { name: 'Top Teammates' });
    expect(within(teammates).getByText('Ghost')).toBeInTheDocument();
    expect(within(teammates).getByText('1 wins, 1 losses together')).toBeInTheDocument();
  });

  it("opens a listed player's profile in the dialog", async () => {
    const { requests } = setup();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Reaper' }));
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText('Discord ID: 1009')).toBeInTheDocument());
    // The followed player's body shows once its own first reads are in.
    await waitFor(() => expect(within(section()).getByRole('button', { name: 'Viper' })).toBeInTheDocument());
    expect(requests.map((request) => request.url)).toEqual(expect.arrayContaining(['/api/players/9/matches', '/api/players/9/head-to-head']));
  });

  it('offers Compare, leading to the compare view with this player chosen', async () => {
    setup();
    await screen.findByRole('list', { name: 'Top Opponents' });
    expect(within(section()).getByRole('link', { name: 'Compare' })).toHaveAttribute('href', '/tracker/compare?a=7');
  });

  it('says when a player has met nobody yet', async () => {
    mockFetch({
      'GET /api/players': { body: [viper] },
      'GET /api/players/7/matches': { body: [] },
      'GET /api/players/7/head-to-head': { body: { opponents: [], teammates: [] } },
    });
    renderWithProviders(<PlayerProfileDialog playerId={7} onClose={() => {}} />);
    expect(await screen.findByText('No opponents yet')).toBeInTheDocument();
    expect(screen.getByText('No teammates yet')).toBeInTheDocument();
  });

  it('is not shown on a profile read as of a past position', async () => {
    const { requests } = setup(5);
    await screen.findByText('No match history available');
    expect(screen.queryByRole('region', { name: 'Head-to-Head' })).toBeNull();
    expect(requests.some((request) => request.url.includes('head-to-head'))).toBe(false);
  });
});
