import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Player, PlayerMatchRecord } from '@team/contracts';
import { describe, expect, it } from 'vitest';
import { ADMIN_KEY_STORAGE_KEY } from '@/lib/api';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { adminSession } from '@/test/admin-session';
import { PlayerProfileDialog } from './PlayerProfileDialog';

const viper: Player = {
  id: 7,
  username: 'Viper',
  discordId: '424242',
  elo: 1016,
  wins: 1,
  losses: 0,
  winRate: 100,
  kdRatio: 0,
  totalKills: 0,
  totalDeaths: 0,
  totalAssists: 0,
  totalMatches: 1,
  avgKills: 0,
  avgDeaths: 0,
  avgAssists: 0,
  avgScore: 0,
};

const win: PlayerMatchRecord = {
  id: 1,
  won: true,
  team: 'team1',
  eloChange: 16,
  eloAfter: 1016,
  kills: null,
  deaths: null,
  assists: 0,
  score: 0,
  match: { id: 31, createdAt: '2025-03-04T18:00:00.000Z', mode: null, winningTeam: 'team1', team1Score: null, team2Score: null, map: null, participants: [] },
  teammates: [],
  opponents: [{ id: 9, username: 'Reaper' }],
};

function setup(voidAnswer: { status?: number; body?: unknown }) {
  let voided = false;
  const fetch = mockFetch({
    'GET /api/admin/session': { body: adminSession('moderator') },
    'GET /api/players': () => ({ body: [voided ? { ...viper, elo: 1000, wins: 0, totalMatches: 0 } : viper] }),
    'GET /api/players/7/matches': () => ({ body: voided ? [] : [win] }),
    'POST /api/admin/matches/31/void': () => {
      voided = (voidAnswer.status ?? 200) < 400;
      return voidAnswer;
    },
  });
  renderWithProviders(<PlayerProfileDialog playerId={7} onClose={() => {}} />);
  return fetch;
}

async function voidWithReason(reason: string) {
  const user = userEvent.setup();
  // The action is a lazy chunk: its first compile under vitest can take a few seconds.
  await user.click(await screen.findByRole('button', { name: 'Void match' }, { timeout: 10_000 }));
  const title = await screen.findByText('Void match #31');
  const modal = (await screen.findAllByRole('dialog')).find((dialog) => dialog.contains(title))!;
  const confirm = within(modal).getByRole('button', { name: 'Void match' });
  // No reason, no void.
  expect(confirm).toBeDisabled();
  await user.type(within(modal).getByLabelText('Reason'), reason);
  await user.click(confirm);
}

describe('Void match (admin) in the player profile', () => {
  it('is not offered without a stored admin key', async () => {
    setup({ body: {} });
    expect(await screen.findAllByTestId('match-history-entry')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Void match' })).not.toBeInTheDocument();
  });

  it('asks for a reason, posts it with the key, toasts and reads the profile again', async () => {
    localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'secret-key');
    const { requests } = setup({ body: { matchId: 31, reason: 'Wrong teams', position: 9, participants: [] } });
    await voidWithReason('  Wrong teams ');

    expect(await screen.findByText('Match #31 voided')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.url).toBe('/api/admin/matches/31/void');
    expect(post.body).toEqual({ reason: 'Wrong teams' });
    expect(post.headers.get('x-admin-key')).toBe('secret-key');
    // Players and Matches were invalidated: both are read again and the entry is gone.
    expect(await screen.findByText('No match history available')).toBeInTheDocument();
    await waitFor(() => expect(requests.filter((r) => r.url === '/api/players').length).toBeGreaterThan(1));
  });

  it("shows the server's message when the void is refused", async () => {
    localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'secret-key');
    const { requests } = setup({ status: 409, body: { error: 'Match #31 was already voided.' } });
    await voidWithReason('Twice');

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Match #31 was already voided.');
    expect(requests.filter((r) => r.url === '/api/players/7/matches')).toHaveLength(1);
    expect(screen.getAllByTestId('match-history-entry')).toHaveLength(1);
  });
});
