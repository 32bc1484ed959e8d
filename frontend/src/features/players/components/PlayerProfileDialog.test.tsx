import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Player, PlayerMatchRecord } from '@team/contracts';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { PlayerProfileDialog } from './PlayerProfileDialog';

function player(overrides: Partial<Player>): Player {
  return {
    id: 1,
    username: 'player',
    discordId: '100',
    elo: 1000,
    wins: 0,
    losses: 0,
    winRate: 0,
    kdRatio: 0,
    totalKills: 0,
    totalDeaths: 0,
    totalAssists: 0,
    totalMatches: 0,
    avgKills: 0,
    avgDeaths: 0,
    avgAssists: 0,
    avgScore: 0,
    ...overrides,
  };
}

const viper = player({
  id: 7,
  username: 'Viper',
  discordId: '424242',
  elo: 1234,
  wins: 5,
  losses: 3,
  winRate: 62.5,
  kdRatio: 1.456,
  totalKills: 131,
  totalDeaths: 90,
  totalMatches: 8,
  avgKills: 16.375,
  avgDeaths: 11.25,
  avgAssists: 4.5,
  avgScore: 2345.6,
});

// Six players above Viper, so Viper (rank 7) shows the ELO band, not Vengeful.
const others = Array.from({ length: 6 }, (_, i) => player({ id: 100 + i, username: `top${i}`, elo: 1500 + i }));

const hardpointWin: PlayerMatchRecord = {
  id: 1,
  won: true,
  team: 'team1',
  eloChange: 14,
  eloAfter: 1234,
  kills: 22,
  deaths: 8,
  assists: 5,
  score: 3100,
  hardpointTime: 95,
  captures: null,
  plantsDefuses: null,
  match: {
    id: 31,
    createdAt: '2025-03-04T18:00:00.000Z',
    mode: { id: 1, name: 'Hardpoint' },
    winningTeam: 'team1',
    team1Score: 250,
    team2Score: 180,
    map: null,
    participants: [],
  },
  teammates: [{ id: 8, username: 'Ghost' }],
  opponents: [
    { id: 9, username: 'Reaper' },
    { id: 10, username: 'Wraith' },
  ],
};

const overallLoss: PlayerMatchRecord = {
  id: 2,
  won: false,
  team: 'team2',
  eloChange: -9,
  eloAfter: 1220,
  kills: 5,
  deaths: 0,
  assists: null,
  score: null,
  match: {
    id: 30,
    createdAt: '2025-03-01T18:00:00.000Z',
    mode: null,
    winningTeam: 'team1',
    team1Score: null,
    team2Score: null,
    map: null,
    participants: [],
  },
  teammates: [],
  opponents: [{ id: 9, username: 'Reaper' }],
};

function setup(history: PlayerMatchRecord[], showMatchDetails = false) {
  const fetch = mockFetch({
    'GET /api/players': { body: [...others, viper] },
    'GET /api/players/7/matches': { body: history },
  });
  renderWithProviders(<PlayerProfileDialog playerId={7} onClose={() => {}} showMatchDetails={showMatchDetails} />);
  return fetch;
}

function stat(label: string) {
  return screen.getByText(label, { selector: 'dt' }).parentElement!;
}

describe('PlayerProfileDialog', () => {
  it('shows the header and the stats with their display precision', async () => {
    setup([]);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Viper')).toBeInTheDocument();
    expect(within(dialog).getByText('Discord ID: 424242')).toBeInTheDocument();
    expect(within(dialog).getByText('Silver')).toBeInTheDocument();

    // The body shows once the profile's first reads are in.
    await within(dialog).findByText('ELO Rating', { selector: 'dt' });
    expect(stat('ELO Rating')).toHaveTextContent('1234');
    expect(stat('Win Rate')).toHaveTextContent('62.5%5-3');
    expect(stat('K/D Ratio')).toHaveTextContent('1.46131 kills / 90 deaths');
    expect(stat('Total Matches')).toHaveTextContent('8Games played');
    expect(stat('Avg Kills')).toHaveTextContent('16.4');
    expect(stat('Avg Deaths')).toHaveTextContent('11.3');
    expect(stat('Avg Assists')).toHaveTextContent('4.5');
    expect(stat('Avg Score')).toHaveTextContent('2346');
  });

  it('names the player in a level-2 heading, so its level-3 sections follow the screen’s h1 in order', async () => {
    setup([]);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('heading', { level: 2, name: 'Viper' })).toBeInTheDocument();
  });

  it('offers Copy link, which copies the profile’s address', async () => {
    setup([]);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/tracker/players?playerId=7`);
    expect(within(dialog).getByRole('button', { name: 'Link copied' })).toBeInTheDocument();
  });

  it('offers no Copy link on a past profile (time travel), which has no address of its own', async () => {
    mockFetch({
      'GET /api/players': { body: [...others, viper] },
      'GET /api/players/7/matches': { body: [] },
    });
    renderWithProviders(<PlayerProfileDialog playerId={7} asOf={12} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('As of log position 12')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
  });

  it('shows the Vengeful badge for a top-5 player', async () => {
    mockFetch({
      'GET /api/players': { body: [viper, player({ id: 2, username: 'low', elo: 900 })] },
      'GET /api/players/7/matches': { body: [] },
    });
    renderWithProviders(<PlayerProfileDialog playerId={7} onClose={() => {}} />);
    expect(await screen.findByText('Vengeful')).toBeInTheDocument();
  });

  it('reads the profile as of a past position, without the admin corrections', async () => {
    localStorage.setItem('admin_key', 'admin-key');
    try {
      const { requests } = mockFetch({
        'GET /api/players?asOf=12': { body: [viper, player({ id: 2, username: 'low', elo: 900 })] },
        'GET /api/players/7/matches?asOf=12': { body: [overallLoss] },
      });
      renderWithProviders(<PlayerProfileDialog playerId={7} asOf={12} onClose={() => {}} />);
      const dialog = await screen.findByRole('dialog');
      expect(await within(dialog).findByText('As of log position 12')).toBeInTheDocument();
      expect(await within(dialog).findByText('Reaper')).toBeInTheDocument();
      // The site's settings (the locale of its dates) are the only read that is not as of 12.
      expect(requests.map((request) => request.url).sort()).toEqual(['/api/players/7/matches?asOf=12', '/api/players?asOf=12', '/api/site']);
      expect(within(dialog).queryByRole('button', { name: /Void/ })).toBeNull();
    } finally {
      localStorage.removeItem('admin_key');
    }
  });

  it('shows its body at once when the profile’s first reads have answered, so nothing is pushed down as each arrives', async () => {
    let answerSeasons: () => void = () => {};
    const seasonsAnswered = new Promise<void>((resolve) => (answerSeasons = resolve));
    mockFetch({
      'GET /api/players': { body: [...others, viper] },
      'GET /api/players/7/matches': { body: [hardpointWin] },
      'GET /api/players/7/head-to-head': { body: { opponents: [], teammates: [] } },
      'GET /api/players/7/seasons': async () => {
        await seasonsAnswered;
        return { status: 404, body: { error: 'Not found' } };
      },
    });
    renderWithProviders(<PlayerProfileDialog playerId={7} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Viper' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(within(dialog).queryByTestId('match-history-entry')).toBeNull();
    expect(within(dialog).queryByText('ELO Rating')).toBeNull();
    expect(within(dialog).getByRole('status', { name: 'Loading' })).toBeInTheDocument();

    // A refused section leaves the rest to show, and the body stays when that section asks again.
    answerSeasons();
    expect(await within(dialog).findByTestId('match-history-entry')).toBeInTheDocument();
    expect(within(dialog).getByText('ELO Rating')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Head-to-Head' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(within(dialog).getByTestId('match-history-entry')).toBeInTheDocument();
  });

  it('says so when there is no match history', async () => {
    setup([]);
    expect(await screen.findByText('No match history available')).toBeInTheDocument();
  });

  it('shows every detail of a history entry', async () => {
    setup([hardpointWin, overallLoss]);
    const entries = await screen.findAllByTestId('match-history-entry');
    expect(entries).toHaveLength(2);

    const win = within(entries[0]!);
    expect(win.getByText('Win')).toBeInTheDocument();
    expect(win.getByText('Hardpoint')).toBeInTheDocument();
    expect(win.getByText('+14')).toBeInTheDocument();
    expect(win.getByText('Final Score')).toBeInTheDocument();
    expect(win.getByText('Team 1 250')).toHaveAttribute('data-winner', 'true');
    expect(win.getByText('Team 2 180')).toHaveAttribute('data-winner', 'false');
    expect(win.getByText('22/8/5')).toBeInTheDocument();
    expect(win.getByText('3100')).toBeInTheDocument();
    expect(win.getByText('1234')).toBeInTheDocument();
    expect(win.getByText('Ghost')).toBeInTheDocument();
    expect(win.getByText('Reaper, Wraith')).toBeInTheDocument();
    // Per-match K/D and mode stats belong to the Players screen only.
    expect(win.queryByText('HP Time:')).not.toBeInTheDocument();

    const loss = within(entries[1]!);
    expect(loss.getByText('Loss')).toBeInTheDocument();
    expect(loss.getByText('-9')).toBeInTheDocument();
    expect(loss.queryByText('Final Score')).not.toBeInTheDocument();
    expect(loss.getByText('5/0/-')).toBeInTheDocument();
    expect(loss.getByText('Team 2')).toBeInTheDocument();
    expect(loss.getByText('Score:').nextElementSibling).toHaveTextContent('-');
    expect(loss.getByText('Teammates:').parentElement).toHaveTextContent('Teammates: -');
  });

  it("names the rating after each match: the mode's for a mode match, the overall one otherwise", async () => {
    setup([hardpointWin, overallLoss]);
    const [win, loss] = await screen.findAllByTestId('match-history-entry');
    expect(within(win!).getByText('Hardpoint ELO After:').nextElementSibling).toHaveTextContent('1234');
    expect(within(loss!).getByText('Overall ELO After:').nextElementSibling).toHaveTextContent('1220');
  });

  it('says the ELO Rating is the overall pool’s, and shows each pool’s own line By mode', async () => {
    const secondHardpoint = { ...hardpointWin, id: 3, won: false, eloAfter: 1210, kills: 4, deaths: 6, match: { ...hardpointWin.match, id: 29 } };
    setup([hardpointWin, overallLoss, secondHardpoint]);
    await screen.findByText('ELO Rating', { selector: 'dt' });
    expect(stat('ELO Rating')).toHaveTextContent('Overall ELO — matches recorded without a mode');
    const section = within(screen.getByRole('region', { name: 'By mode' }));
    const [hardpoint, overall] = section.getAllByTestId('player-mode-line');
    // Hardpoint: the newest Hardpoint match's ELO, 1-1, 50.0%, 26 kills / 14 deaths, 2 matches.
    expect(hardpoint).toHaveTextContent(/^Hardpoint ELO12341-150\.0%1\.862$/);
    expect(overall).toHaveTextContent(/^Overall ELO12200-10\.0%5\.001$/);
    expect(section.getByText(/Overall ELO moves on matches recorded without a mode only/)).toBeInTheDocument();
  });

  it('adds per-match K/D and mode stats on the Players screen', async () => {
    setup([hardpointWin, overallLoss], true);
    const entries = await screen.findAllByTestId('match-history-entry');
    const win = within(entries[0]!);
    expect(win.getByText('K/D:').nextElementSibling).toHaveTextContent('2.75');
    expect(win.getByText('HP Time:').nextElementSibling).toHaveTextContent('95s');
    expect(win.queryByText('Captures:')).not.toBeInTheDocument();
    // Deaths 0: the K/D is the kills.
    expect(within(entries[1]!).getByText('K/D:').nextElementSibling).toHaveTextContent('5.00');
  });

  it('requests the history again every time the player is selected (no caching)', async () => {
    const { requests } = mockFetch({
      'GET /api/players': { body: [...others, viper] },
      'GET /api/players/7/matches': { body: [] },
    });
    function Harness() {
      const [selected, setSelected] = useState<number | null>(null);
      return (
        <>
          <button type="button" onClick={() => setSelected(7)}>
            open
          </button>
          <PlayerProfileDialog playerId={selected} onClose={() => setSelected(null)} />
        </>
      );
    }
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />);
    const historyRequests = () => requests.filter((r) => r.url === '/api/players/7/matches').length;

    await user.click(screen.getByRole('button', { name: 'open' }));
    await screen.findByText('No match history available');
    expect(historyRequests()).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'open' }));
    await screen.findByText('No match history available');
    await waitFor(() => expect(historyRequests()).toBe(2));
  });
});
