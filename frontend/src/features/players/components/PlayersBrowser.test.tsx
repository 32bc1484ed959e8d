import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { makePlayer } from '@/test/fixtures';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { PlayersBrowser } from './PlayersBrowser';
import { PROVISIONAL_EXPLANATION } from './ProvisionalTag';

const players = [
  makePlayer({ id: 1, username: 'ShadowFox', elo: 1320, wins: 7, losses: 3, winRate: 70, kdRatio: 1.5, totalMatches: 10, avgScore: 2450.6 }),
  makePlayer({ id: 2, username: 'nightowl', elo: 1100, wins: 2, losses: 6, winRate: 25, kdRatio: 0.8, totalMatches: 8, avgScore: 1200.2 }),
];

function setup(route = '/tracker/players', list = players) {
  const fetch = mockFetch({
    'GET /api/players': { body: list },
    'GET /api/players/1/matches': { body: [] },
    'GET /api/players/2/matches': { body: [] },
  });
  renderWithProviders(<PlayersBrowser />, { route });
  return fetch;
}

describe('PlayersBrowser', () => {
  it('shows six skeleton cards while loading', () => {
    setup();
    expect(screen.getAllByTestId('player-card-skeleton')).toHaveLength(6);
  });

  it('shows each player card with its figures', async () => {
    setup();
    const card = within(await screen.findByRole('button', { name: /^ShadowFox\b/ }));
    expect(card.getByText('10 matches played')).toBeInTheDocument();
    expect(card.getByText('Vengeful')).toBeInTheDocument();
    expect(card.getByText('1320')).toBeInTheDocument();
    expect(card.getByText('70.0%')).toBeInTheDocument();
    expect(card.getByText('1.50')).toBeInTheDocument();
    expect(card.getByText('7-3')).toBeInTheDocument();
    expect(card.getByText('2451')).toBeInTheDocument();
  });

  it('filters by a case-insensitive username substring', async () => {
    setup();
    await screen.findByRole('button', { name: /^ShadowFox\b/ });
    await userEvent.type(screen.getByPlaceholderText('Search players...'), 'OWL');
    expect(screen.getByRole('button', { name: /^nightowl\b/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^ShadowFox\b/ })).not.toBeInTheDocument();

    await userEvent.clear(screen.getByPlaceholderText('Search players...'));
    await userEvent.type(screen.getByPlaceholderText('Search players...'), 'zzz');
    expect(screen.getByText('No players found matching your search')).toBeInTheDocument();
  });

  it('says when there are no players at all', async () => {
    setup('/tracker/players', []);
    expect(await screen.findByText('No players yet')).toBeInTheDocument();
  });

  it.each(['/tracker/players?playerId=2', '/tracker/players?id=2'])('opens the profile from %s on load', async (route) => {
    setup(route);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Discord ID: 1002')).toBeInTheDocument();
  });

  it('opens the profile of the clicked card, and of the next one after dismissing', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: /^ShadowFox\b/ }));
    let dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Discord ID: 1001')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    await userEvent.click(screen.getByRole('button', { name: /^nightowl\b/ }));
    dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Discord ID: 1002')).toBeInTheDocument();
    expect(within(dialog).queryByText('Discord ID: 1001')).not.toBeInTheDocument();
  });

  it('tells same-named players apart by Discord ID, while searching too, and marks a provisional rating', async () => {
    setup('/tracker/players', [
      makePlayer({ id: 1, username: 'Shadow', discordId: '300000000000004821', elo: 1200, totalMatches: 10 }),
      makePlayer({ id: 2, username: 'SHADOW ', discordId: '300000000000007310', elo: 1100, totalMatches: 2 }),
      makePlayer({ id: 3, username: 'Lone', elo: 1000, totalMatches: 6 }),
    ]);
    const first = await screen.findByRole('button', { name: /^Shadow ·…4821/ });
    expect(within(first).getByText('·…4821')).toHaveAttribute('title', 'Discord ID 300000000000004821');
    expect(within(first).queryByText('Provisional')).toBeNull();
    const second = screen.getByRole('button', { name: /^SHADOW ·…7310/ });
    expect(within(second).getByText('Provisional')).toHaveAttribute('title', PROVISIONAL_EXPLANATION);
    expect(screen.getByRole('button', { name: /^Lone/ }).textContent).not.toContain('·…');
    expect(screen.getByText(PROVISIONAL_EXPLANATION, { exact: false })).toHaveClass('provisional-note');

    await userEvent.type(screen.getByRole('textbox', { name: 'Search players' }), '  shadow');
    expect(screen.getAllByRole('button', { name: /shadow ·…/i })).toHaveLength(2);
    await userEvent.clear(screen.getByRole('textbox', { name: 'Search players' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Search players' }), 'Lone');
    expect(screen.queryByText(PROVISIONAL_EXPLANATION, { exact: false })).toBeNull();
  });

  it('keeps the open profile in the address: opening pushes ?playerId=, Back closes it, Forward opens it again', async () => {
    function History() {
      const location = useLocation();
      const navigate = useNavigate();
      return (
        <>
          <output data-testid="address">{location.pathname + location.search}</output>
          <button type="button" onClick={() => void navigate(-1)}>
            Browser back
          </button>
          <button type="button" onClick={() => void navigate(1)}>
            Browser forward
          </button>
        </>
      );
    }
    mockFetch({ 'GET /api/players': { body: players }, 'GET /api/players/1/matches': { body: [] }, 'GET /api/players/2/matches': { body: [] } });
    renderWithProviders(
      <>
        <PlayersBrowser />
        <History />
      </>,
      { route: '/tracker/players' },
    );
    await userEvent.click(await screen.findByRole('button', { name: /^nightowl\b/ }));
    expect(screen.getByTestId('address')).toHaveTextContent('/tracker/players?playerId=2');
    expect(await within(await screen.findByRole('dialog')).findByText('Discord ID: 1002')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Browser back', hidden: true }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/tracker\/players$/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Browser forward' }));
    expect(await within(await screen.findByRole('dialog')).findByText('Discord ID: 1002')).toBeInTheDocument();
    // Dismissing goes back over the entry the click pushed: no second entry to step through.
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/tracker\/players$/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes a profile a shared link opened by taking ?playerId= out of the address', async () => {
    function Address() {
      const location = useLocation();
      return <output data-testid="address">{location.pathname + location.search}</output>;
    }
    mockFetch({ 'GET /api/players': { body: players }, 'GET /api/players/2/matches': { body: [] } });
    renderWithProviders(
      <>
        <PlayersBrowser />
        <Address />
      </>,
      { route: '/tracker/players?playerId=2' },
    );
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Discord ID: 1002');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/tracker\/players$/);
  });
});
