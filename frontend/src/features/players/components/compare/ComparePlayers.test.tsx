import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlayerComparison } from '@team/contracts';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { leaderboardOf, makePlayer } from '@/test/fixtures';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { ComparePlayers } from './ComparePlayers';

const ace = makePlayer({ id: 1, username: 'Ace', elo: 1120, wins: 5, losses: 2, winRate: 71.4, kdRatio: 1.5, avgScore: 2400, totalMatches: 7 });
const bolt = makePlayer({ id: 2, username: 'Bolt', elo: 980, wins: 2, losses: 5, winRate: 28.6, kdRatio: 0.8, avgScore: 1900, totalMatches: 7 });
const cinder = makePlayer({ id: 3, username: 'Cinder' });
const [aceEntry, , boltEntry] = leaderboardOf([ace, bolt, cinder]);

const comparison: PlayerComparison = {
  a: {
    player: aceEntry!,
    ratingHistory: [
      { matchId: 1, createdAt: '2026-03-01T10:00:00.000Z', mode: null, eloChange: 16, eloAfter: 1016 },
      { matchId: 2, createdAt: '2026-03-02T10:00:00.000Z', mode: { id: 1, name: 'Hardpoint' }, eloChange: 12, eloAfter: 1012 },
    ],
  },
  b: { player: boltEntry!, ratingHistory: [{ matchId: 1, createdAt: '2026-03-01T10:00:00.000Z', mode: null, eloChange: -16, eloAfter: 984 }] },
  record: { matches: 1, aWins: 1, bWins: 0 },
  matches: [
    {
      matchId: 1,
      createdAt: '2026-03-01T10:00:00.000Z',
      mode: null,
      team1Score: 6,
      team2Score: 3,
      winnerId: 1,
      a: { team: 'team2', ratingChange: 16, eloAfter: 1016 },
      b: { team: 'team1', ratingChange: -16, eloAfter: 984 },
    },
  ],
};

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function setup(route: string) {
  const fetch = mockFetch({
    'GET /api/players': { body: [ace, bolt, cinder] },
    'GET /api/players/compare?a=1&b=2': { body: comparison },
    'GET /api/players/compare?a=1&b=99': { status: 404, body: { error: 'Player 99 not found.' } },
  });
  renderWithProviders(
    <>
      <ComparePlayers />
      <Location />
    </>,
    { route },
  );
  return fetch;
}

const statRow = (label: string) => screen.getByRole('row', { name: new RegExp(`^${label}`) });

describe('ComparePlayers', () => {
  it('shows both players side by side, the head-to-head record and their matches, each linking to its page', async () => {
    setup('/tracker/compare?a=1&b=2');
    const table = await screen.findByRole('table', { name: 'Side-by-side stats' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Stat', 'Ace', 'Bolt']);
    // The overall rating, named so beside the chart's mode pools.
    expect(statRow('Overall ELO Rating')).toHaveTextContent('Overall ELO Rating1120980');
    expect(statRow('Rank')).toHaveTextContent('Rank#1#3');
    expect(statRow('W-L')).toHaveTextContent('W-L5-22-5');
    expect(statRow('Win Rate')).toHaveTextContent('71.4%28.6%');
    expect(statRow('K/D Ratio')).toHaveTextContent('1.500.80');
    expect(statRow('Avg Score')).toHaveTextContent('24001900');
    expect(statRow('Matches')).toHaveTextContent('77');
    expect(within(statRow('Overall ELO Rating')).getByText('1120')).toHaveAttribute('data-better', 'true');

    expect(screen.getByTestId('compare-record')).toHaveTextContent('Ace1 - 0Bolt1 match against each other');
    const match = screen.getByTestId('compare-match');
    expect(within(match).getByRole('link', { name: 'Match #1' })).toHaveAttribute('href', '/tracker/matches/1');
    // Ace was on team 2: the score reads from Ace's side.
    expect(match).toHaveTextContent('3 - 6');
    expect(match).toHaveTextContent('Winner: Ace');
    expect(within(match).getByText('+16')).toBeInTheDocument();
    expect(within(match).getByText('-16')).toBeInTheDocument();
    // Each change names the rating it moved: this match had no mode.
    expect(within(match).getAllByText('Overall ELO')).toHaveLength(2);

    // Both histories on one chart, one line each, in the pool chosen (overall first; Hardpoint offered).
    const chart = screen.getByRole('figure', { name: 'Rating History (Overall)' });
    expect([...chart.querySelectorAll('.line-chart-line')].map((line) => line.getAttribute('data-line'))).toEqual(['Ace', 'Bolt']);
    expect(within(chart).getByRole('list', { name: 'Legend' })).toHaveTextContent('AceBolt');
    await userEvent.setup({ delay: null }).click(screen.getByRole('radio', { name: 'Hardpoint' }));
    expect(screen.getByRole('figure', { name: 'Rating History (Hardpoint)' })).toBeInTheDocument();
  });

  it('asks for two players, then for a second one; picking by name puts both in the URL', async () => {
    const { requests } = setup('/tracker/compare');
    expect(await screen.findByText('Choose two players to compare.')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });

    await user.type(screen.getByRole('textbox', { name: 'Search Player A' }), 'ac');
    await user.click(within(screen.getByRole('list', { name: 'Players found for Player A' })).getByRole('button', { name: /Ace/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/tracker/compare?a=1');
    expect(await screen.findByText('Choose a second player to compare with.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search Player B' }), 'zzz');
    expect(screen.getByText('No players found matching your search')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Search Player B' }));
    await user.type(screen.getByRole('textbox', { name: 'Search Player B' }), 'BOL');
    await user.click(screen.getByRole('button', { name: /Bolt/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/tracker/compare?a=1&b=2');
    expect(await screen.findByRole('table', { name: 'Side-by-side stats' })).toBeInTheDocument();
    expect(requests.filter((request) => request.url.startsWith('/api/players/compare')).map((request) => request.url)).toEqual(['/api/players/compare?a=1&b=2']);
  });

  it('says so for the same player twice, without asking the server', async () => {
    const { requests } = setup('/tracker/compare?a=1&b=1');
    expect(await screen.findByText('Choose two different players: a player cannot be compared with themselves.')).toBeInTheDocument();
    expect(requests.some((request) => request.url.startsWith('/api/players/compare'))).toBe(false);
  });

  it('says so for an id in the link that is not one', async () => {
    setup('/tracker/compare?a=abc&b=2');
    expect(await screen.findByText('"abc" is not a player id. Choose the players again.')).toBeInTheDocument();
  });

  it("shows the server's message for an unknown player", async () => {
    setup('/tracker/compare?a=1&b=99');
    expect(await screen.findByText('Player 99 not found.')).toBeInTheDocument();
  });

  it('tells same-named players apart by Discord ID in the pickers and side by side', async () => {
    const namesake = makePlayer({ id: 4, username: 'ACE', discordId: '300000000000007310', elo: 1010, totalMatches: 3 });
    const first = { ...ace, discordId: '300000000000004821' };
    const [firstEntry, namesakeEntry] = leaderboardOf([first, namesake]);
    mockFetch({
      'GET /api/players': { body: [first, bolt, cinder, namesake] },
      'GET /api/players/compare?a=1&b=4': {
        body: { ...comparison, a: { ...comparison.a, player: firstEntry! }, b: { ...comparison.b, player: namesakeEntry! } },
      },
    });
    renderWithProviders(<ComparePlayers />, { route: '/tracker/compare?a=1' });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('·…4821')).toHaveAttribute('title', 'Discord ID 300000000000004821');

    await user.type(screen.getByRole('textbox', { name: 'Search Player B' }), 'ace');
    const found = within(screen.getByRole('list', { name: 'Players found for Player B' })).getAllByRole('button');
    expect(found.map((button) => button.textContent)).toEqual(['Ace ·…48211120 ELO', 'ACE ·…73101010 ELO']);
    await user.click(found[1]!);

    const table = await screen.findByRole('table', { name: 'Side-by-side stats' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Stat', 'Ace ·…4821', 'ACE ·…7310']);
  });
});
