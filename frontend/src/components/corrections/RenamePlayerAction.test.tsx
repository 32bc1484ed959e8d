import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN_KEY_STORAGE_KEY } from '@/lib/api';
import { PlayerProfileDialog } from '@/features/players/components/PlayerProfileDialog';
import { makePlayer } from '@/test/fixtures';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { adminSession } from '@/test/admin-session';

describe('Rename (admin) in the player profile', () => {
  function setup(session = adminSession('moderator')) {
    let name = 'Ace';
    const fetch = mockFetch({
      'GET /api/admin/session': { body: session },
      'GET /api/players': () => ({ body: [makePlayer({ id: 1, username: name })] }),
      'GET /api/players/1/matches': { body: [] },
      'GET /api/admin/events?type=PlayersMerged,PlayersUnmerged&player=1&limit=200': { body: { events: [], nextCursor: null } },
      'POST /api/admin/players/1/rename': () => {
        name = 'Ace of Spades';
        return { body: { playerId: 1, username: name, previousUsername: 'Ace', position: 9 } };
      },
    });
    renderWithProviders(<PlayerProfileDialog playerId={1} onClose={() => {}} />);
    return fetch;
  }

  it('is not offered without a stored admin key', async () => {
    localStorage.removeItem(ADMIN_KEY_STORAGE_KEY);
    setup();
    await screen.findByText('No match history available');
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
  });

  it('is not offered to a key whose role does not cover corrections', async () => {
    localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'editor-key');
    const { requests } = setup(adminSession('editor'));
    await screen.findByText('No match history available');
    await waitFor(() => expect(requests.some((request) => request.url === '/api/admin/session')).toBe(true));
    expect(requests.find((request) => request.url === '/api/admin/session')!.headers.get('x-admin-key')).toBe('editor-key');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Merged accounts' })).toBeNull();
    // The merged accounts are a moderator's read: the audit log is not asked.
    expect(requests.some((request) => request.url.startsWith('/api/admin/events'))).toBe(false);
  });

  it('renames with the key, toasts and reads the players again', async () => {
    localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'secret-key');
    const { requests } = setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rename' }));
    const input = await screen.findByLabelText('New username');
    await user.clear(input);
    await user.type(input, '  Ace of Spades ');
    const modal = (await screen.findByText('Rename Ace')).closest('.ant-modal') as HTMLElement;
    await user.click(within(modal).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Player renamed to Ace of Spades')).toBeInTheDocument();
    const post = requests.find((request) => request.method === 'POST')!;
    expect(post.body).toEqual({ username: 'Ace of Spades' });
    expect(post.headers.get('x-admin-key')).toBe('secret-key');
    await waitFor(() => expect(requests.filter((request) => request.url === '/api/players').length).toBeGreaterThan(1));
    localStorage.removeItem(ADMIN_KEY_STORAGE_KEY);
  });
});
