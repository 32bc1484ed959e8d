import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Player } from '@team/contracts';
import { describe, expect, it } from 'vitest';
import { ADMIN_KEY_STORAGE_KEY } from '@/lib/api';
import { makePlayer } from '@/test/fixtures';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { adminSession } from '@/test/admin-session';
import { standingMerges } from '../api/player-merges';
import { PlayerProfileDialog } from './PlayerProfileDialog';

const merged = (position: number, primaryId: number, duplicateId: number, username: string) => ({
  position,
  type: 'PlayersMerged',
  data: { primaryId, duplicateId, primary: { username: 'Ace' }, duplicate: { username } },
});
const unmerged = (position: number, primaryId: number, duplicateId: number) => ({ position, type: 'PlayersUnmerged', data: { primaryId, duplicateId } });

describe('standingMerges', () => {
  it("keeps the merges into the player whose pair's last event is a merge", () => {
    const events = [
      merged(9, 1, 4, 'ace-alt'),
      unmerged(12, 1, 4),
      merged(15, 1, 6, 'ace2'),
      merged(20, 1, 4, 'ace-alt'),
      // The player as the duplicate of someone else is not theirs to revert here.
      merged(25, 8, 1, 'Ace'),
    ].reverse(); // the audit log lists newest first
    expect(standingMerges(1, events)).toEqual([
      { duplicateId: 4, duplicateUsername: 'ace-alt', position: 20 },
      { duplicateId: 6, duplicateUsername: 'ace2', position: 15 },
    ]);
    expect(standingMerges(1, [merged(9, 1, 4, 'ace-alt'), unmerged(12, 1, 4)])).toEqual([]);
  });
});

describe('Revert merge (admin) in the player profile', () => {
  const ace: Player = makePlayer({ id: 1, username: 'Ace', elo: 1050 });

  function setup(revertAnswer: { status?: number; body?: unknown }) {
    let reverted = false;
    const fetch = mockFetch({
      'GET /api/admin/session': { body: adminSession('owner') },
      'GET /api/players': () => ({ body: reverted ? [ace, makePlayer({ id: 6, username: 'ace2' })] : [ace] }),
      'GET /api/players/1/matches': { body: [] },
      'GET /api/admin/events?type=PlayersMerged,PlayersUnmerged&player=1&limit=200': () => ({
        body: { events: reverted ? [unmerged(30, 1, 6), merged(15, 1, 6, 'ace2')] : [merged(15, 1, 6, 'ace2')], nextCursor: null },
      }),
      'POST /api/admin/merges/revert': () => {
        reverted = (revertAnswer.status ?? 200) < 400;
        return revertAnswer;
      },
    });
    renderWithProviders(<PlayerProfileDialog playerId={1} onClose={() => {}} />);
    return fetch;
  }

  it('is not offered without a stored admin key, and nothing is asked of the audit log', async () => {
    localStorage.removeItem(ADMIN_KEY_STORAGE_KEY);
    const { requests } = setup({ body: {} });
    await screen.findByText('No match history available');
    expect(screen.queryByRole('region', { name: 'Merged accounts' })).toBeNull();
    expect(requests.some((request) => request.url.startsWith('/api/admin/'))).toBe(false);
  });

  it('lists the merged accounts, reverts one with the key, toasts and reads again', async () => {
    localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'secret-key');
    const { requests } = setup({ body: { primaryId: 1, duplicateId: 6, position: 30 } });
    const section = await screen.findByRole('region', { name: 'Merged accounts' });
    expect(within(section).getByText('ace2')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Revert merge' }));
    const confirm = await screen.findByText('Revert this merge?');
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    await user.click(within(popover).getByRole('button', { name: 'Revert merge' }));

    expect(await screen.findByText('Merge reverted')).toBeInTheDocument();
    const post = requests.find((request) => request.method === 'POST')!;
    expect(post.body).toEqual({ primaryId: 1, duplicateId: 6 });
    expect(post.headers.get('x-admin-key')).toBe('secret-key');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Merged accounts' })).toBeNull());
    await waitFor(() => expect(requests.filter((request) => request.url === '/api/players').length).toBeGreaterThan(1));
    localStorage.removeItem(ADMIN_KEY_STORAGE_KEY);
  });

  it("shows the server's refusal", async () => {
    localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'secret-key');
    setup({ status: 409, body: { error: 'A later merge depends on this one: revert that first.' } });
    const section = await screen.findByRole('region', { name: 'Merged accounts' });
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Revert merge' }));
    const popover = (await screen.findByText('Revert this merge?')).closest('.ant-popover') as HTMLElement;
    await user.click(within(popover).getByRole('button', { name: 'Revert merge' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('A later merge depends on this one: revert that first.');
    expect(within(section).getByText('ace2')).toBeInTheDocument();
    localStorage.removeItem(ADMIN_KEY_STORAGE_KEY);
  });
});
