import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DuplicateGroup, Player } from '@team/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_KEY_STORAGE_KEY } from '@/lib/api';
import { mockFetch, type MockAnswer } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { MergePlayers } from './MergePlayers';

function player(id: number, discordId: string, overrides: Partial<Player> = {}): Player {
  return {
    id,
    username: 'Ghost',
    discordId,
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
  } as Player;
}

const group: DuplicateGroup = {
  username: 'Ghost',
  players: [
    player(4, '111', { elo: 1120, wins: 3, losses: 1, kdRatio: 1.5, totalMatches: 4 }),
    player(9, '222', { elo: 990, wins: 0, losses: 1, kdRatio: 0.25, totalMatches: 1 }),
    player(12, '333'),
  ],
};

function setup(duplicates: MockAnswer, merge: MockAnswer = { body: { merged: true } }) {
  localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'admin-key');
  const fetch = mockFetch({ 'GET /api/players/duplicates': duplicates, 'POST /api/players/merge': merge });
  const user = userEvent.setup({ delay: null });
  const handleAdminError = vi.fn(() => false);
  renderWithProviders(<MergePlayers onLogout={vi.fn()} handleAdminError={handleAdminError} />);
  return { ...fetch, user };
}

describe('MergePlayers', () => {
  it('shows each duplicate group with its accounts, the first as suggested primary', async () => {
    setup({ body: [group] });
    expect(screen.getByText('Merge Duplicate Players')).toBeInTheDocument();
    // The warning says what a merge does, and that it can be reverted: nothing calls it permanent.
    const warning = screen.getByRole('alert');
    expect(warning).toHaveTextContent("Merging moves all of the duplicate's match history to the primary account.");
    expect(warning).toHaveTextContent(
      'The duplicate is kept as a tombstone, off the player lists, and its Discord ID counts for the primary from then on. A merge made by mistake can be reverted from the Audit log: the duplicate then gets its own account and matches back.',
    );
    expect(warning).not.toHaveTextContent(/permanent|deleted/);
    const region = within(await screen.findByRole('region', { name: 'Duplicates of Ghost' }));
    expect(region.getByText('3')).toBeInTheDocument();

    const first = within(region.getByRole('group', { name: 'Account #1' }));
    expect(first.getByText('Suggested Primary')).toBeInTheDocument();
    expect(first.getByText('111')).toBeInTheDocument();
    expect(first.getByText('1120')).toBeInTheDocument();
    expect(first.getByText('3/1')).toBeInTheDocument();
    expect(first.getByText('1.50')).toBeInTheDocument();
    expect(first.queryByText('Merge into Account #1')).not.toBeInTheDocument();
    const profile = first.getByText('View Profile').closest('a')!;
    expect(profile).toHaveAttribute('href', '/tracker/players?id=4');
    expect(profile).toHaveAttribute('target', '_blank');

    expect(region.getAllByText('Merge into Account #1')).toHaveLength(2);
  });

  /** Clicks Merge into Account #1 on `account` and answers the styled confirm with `answer`. */
  async function mergeAccount(user: ReturnType<typeof userEvent.setup>, account: string, answer: 'Merge' | 'Cancel') {
    await user.click(within(await screen.findByRole('group', { name: account })).getByText('Merge into Account #1'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: answer }));
  }

  it('confirms in a styled dialog that names both accounts, merges and reports success', async () => {
    const { user, requests } = setup({ body: [group] });
    const confirm = vi.spyOn(window, 'confirm');
    await user.click(within(await screen.findByRole('group', { name: 'Account #2' })).getByText('Merge into Account #1'));

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to merge these accounts?');
    const accounts = within(dialog).getAllByRole('listitem').map((item) => item.textContent);
    expect(accounts).toEqual(['Primary (KEEP): Ghost (ID 4, Discord ID 111)', 'Duplicate (DELETE): Ghost (ID 9, Discord ID 222)']);
    expect(dialog).toHaveTextContent(
      'All match history will be moved to the primary account and the duplicate account will be deleted from the player lists. It is kept as a tombstone whose Discord ID counts for the primary, and you can revert the merge from the Audit log.',
    );
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));

    expect(await screen.findByText('Players merged successfully')).toBeInTheDocument();
    const post = requests.find((request) => request.method === 'POST')!;
    expect(post.body).toEqual({ primaryId: 4, duplicateId: 9 });
    expect(post.headers.get('x-admin-key')).toBe('admin-key');
    // The browser's own confirm is never used.
    expect(confirm).not.toHaveBeenCalled();
    confirm.mockRestore();
  });

  it('lets any account of a group be the one that survives; the suggested primary stays the default', async () => {
    const { user, requests } = setup({ body: [group] });
    const region = within(await screen.findByRole('region', { name: 'Duplicates of Ghost' }));
    await user.click(within(region.getByRole('group', { name: 'Account #3' })).getByRole('button', { name: 'Keep this account instead' }));

    const third = within(region.getByRole('group', { name: 'Account #3' }));
    expect(third.getByText('Kept')).toBeInTheDocument();
    expect(third.queryByText(/Merge into/)).toBeNull();
    expect(within(region.getByRole('group', { name: 'Account #1' })).getByText('Suggested Primary')).toBeInTheDocument();
    expect(region.getAllByText('Merge into Account #3')).toHaveLength(2);

    await user.click(within(region.getByRole('group', { name: 'Account #1' })).getByText('Merge into Account #3'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Primary (KEEP): Ghost (ID 12, Discord ID 333)',
      'Duplicate (DELETE): Ghost (ID 4, Discord ID 111)',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('Players merged successfully')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')!.body).toEqual({ primaryId: 12, duplicateId: 4 });
  });

  it('keeps a Discord ID on one line', async () => {
    setup({ body: [{ ...group, players: [player(4, '300000000000004821'), player(9, '300000000000007310')] }] });
    expect(await screen.findByText('300000000000004821')).toHaveClass('merge-discord-id');
  });

  it('does nothing when the confirm is dismissed', async () => {
    const { user, requests } = setup({ body: [group] });
    await mergeAccount(user, 'Account #3', 'Cancel');
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
    expect(screen.queryByText('Players merged successfully')).not.toBeInTheDocument();
  });

  it("shows the server's error, or Failed to merge players", async () => {
    const { user } = setup({ body: [group] }, { status: 409, body: { error: 'These players played in the same match.' } });
    await mergeAccount(user, 'Account #2', 'Merge');
    expect(await screen.findByText('These players played in the same match.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('falls back to Failed to merge players without a server message', async () => {
    const { user } = setup({ body: [group] }, { status: 500, body: '' });
    await mergeAccount(user, 'Account #2', 'Merge');
    expect(await screen.findByText('Failed to merge players')).toBeInTheDocument();
  });

  it('shows No Duplicates Found when every username is unique', async () => {
    setup({ body: [] });
    expect(await screen.findByText('No Duplicates Found')).toBeInTheDocument();
  });

  it('says Failed to fetch duplicates when the lookup fails', async () => {
    setup({ status: 500, body: { error: 'down' } });
    expect(await screen.findByText('Failed to fetch duplicates')).toBeInTheDocument();
  });
});
