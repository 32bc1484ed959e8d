import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN_KEY_STORAGE_KEY } from '@/lib/api';
import { PlayerProfileDialog } from '@/features/players/components/PlayerProfileDialog';
import { makePlayer } from '@/test/fixtures';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { adminSession } from '@/test/admin-session';

// Issue 42: the profile shows the avatar and links a moderator set, and a moderator sets them there.

describe('the player profile: avatar, links and Edit profile', () => {
  function setup(session = adminSession('moderator')) {
    let profile = { avatarUrl: 'https://cdn.example.com/ace.png' as string | null, socials: { twitch: 'https://www.twitch.tv/ace' } as Record<string, string> };
    const fetch = mockFetch({
      'GET /api/admin/session': { body: session },
      'GET /api/players': { body: [makePlayer({ id: 1, username: 'Ace' })] },
      'GET /api/players/1/matches': { body: [] },
      'GET /api/players/cards?ids=1': () => ({ body: [{ ...makePlayer({ id: 1, username: 'Ace' }), rank: 1, tier: 'Vengeful', ...profile }] }),
      'GET /api/admin/events?type=PlayersMerged,PlayersUnmerged&player=1&limit=200': { body: { events: [], nextCursor: null } },
      'PUT /api/admin/players/1/profile': (request) => {
        profile = request.body as typeof profile;
        return { body: { playerId: 1, ...profile } };
      },
    });
    renderWithProviders(<PlayerProfileDialog playerId={1} onClose={() => {}} />);
    return fetch;
  }

  it('shows the avatar and the links to everyone, with no Edit profile without a key', async () => {
    localStorage.removeItem(ADMIN_KEY_STORAGE_KEY);
    setup();
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByRole('link', { name: /Twitch/ })).toHaveAttribute('href', 'https://www.twitch.tv/ace');
    expect(dialog.getByRole('list', { name: 'Ace elsewhere' })).toBeInTheDocument();
    expect(document.querySelector('.profile-avatar')).toHaveAttribute('src', 'https://cdn.example.com/ace.png');
    expect(dialog.queryByRole('button', { name: 'Edit profile' })).toBeNull();
  });

  it('a moderator changes the links and removes the avatar; the profile shows the new ones', async () => {
    localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'moderator-key');
    const { requests } = setup();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }, { timeout: 10_000 }));
    const form = within(await screen.findByRole('dialog', { name: 'Profile of Ace' }));
    await user.clear(form.getByLabelText('Avatar image URL'));
    await user.clear(form.getByLabelText('Twitch'));
    await user.type(form.getByLabelText('YouTube'), 'https://www.youtube.com/@ace');
    await user.click(form.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile of Ace saved')).toBeInTheDocument();
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(put.headers.get('x-admin-key')).toBe('moderator-key');
    expect(put.body).toEqual({ avatarUrl: null, socials: { youtube: 'https://www.youtube.com/@ace' } });
    expect(await screen.findByRole('link', { name: /YouTube/ })).toHaveAttribute('href', 'https://www.youtube.com/@ace');
    expect(screen.queryByRole('link', { name: /Twitch/ })).toBeNull();
  });
});
