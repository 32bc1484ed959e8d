import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminSessionInfo } from '@team/contracts';
import { describe, expect, it } from 'vitest';
import { MatchScreen } from '@/features/matches/components/match-page/MatchScreen';
import { ADMIN_KEY_STORAGE_KEY } from '@/lib/api';
import { adminSession } from '@/test/admin-session';
import { makeMatchLine, makeMatchPage } from '@/test/fixtures';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';

const match = makeMatchPage({
  id: 300,
  teams: { team1: [makeMatchLine({ playerId: 1, username: 'Ace', team: 'team1' })], team2: [makeMatchLine({ playerId: 2, username: 'Cinder', team: 'team2' })] },
});

/** The match page with `key` stored (or none), whose session is `session`; voiding marks the match voided. */
function setup(key: string | null, session: AdminSessionInfo = adminSession('moderator')) {
  if (key) localStorage.setItem(ADMIN_KEY_STORAGE_KEY, key);
  else localStorage.removeItem(ADMIN_KEY_STORAGE_KEY);
  let current = match;
  const fetch = mockFetch({
    'GET /api/admin/session': { body: session },
    'GET /api/matches/300': () => ({ body: current }),
    'POST /api/admin/matches/300/void': (request) => {
      current = { ...match, voided: { at: '2025-03-05T09:00:00.000Z', reason: (request.body as { reason: string }).reason } };
      return { body: { matchId: 300, reason: current.voided!.reason, position: 9, participants: [] } };
    },
  });
  renderWithProviders(<MatchScreen matchId={300} notFound={null} />);
  return { ...fetch, user: userEvent.setup({ delay: null }) };
}

describe('Void on the match page', () => {
  it('voids the match for a moderator key, and the page then shows the Voided badge instead', async () => {
    const { user, requests } = setup('moderator-key');
    // The dialog and antd's theme are lazy chunks: their first compile under vitest takes a moment.
    await user.click(await screen.findByRole('button', { name: 'Void match' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Void match #300' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Played on the wrong map');
    await user.click(within(dialog).getByRole('button', { name: 'Void match' }));

    const note = await screen.findByRole('note', { name: 'Voided match' });
    expect(within(note).getByText('Voided')).toBeInTheDocument();
    expect(note).toHaveTextContent('Played on the wrong map');
    expect(await screen.findByText('Match #300 voided')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Void match' })).not.toBeInTheDocument());
    const voidRequest = requests.find((request) => request.method === 'POST')!;
    expect(voidRequest.headers.get('x-admin-key')).toBe('moderator-key');
  });

  it('is offered to the owner key too', async () => {
    setup('owner-key', adminSession('owner'));
    expect(await screen.findByRole('button', { name: 'Void match' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it.each(['editor', 'recorder'] as const)('is not offered to an %s key, whose role does not cover voids', async (role) => {
    const { requests } = setup(`${role}-key`, adminSession(role));
    await screen.findByRole('heading', { level: 1, name: 'Match #300' });
    await waitFor(() => expect(requests.some((request) => request.url === '/api/admin/session')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Void match' })).not.toBeInTheDocument();
  });

  it('is not offered to visitors, who never ask for a session', async () => {
    const { requests } = setup(null);
    await screen.findByRole('heading', { level: 1, name: 'Match #300' });
    expect(screen.queryByRole('button', { name: 'Void match' })).not.toBeInTheDocument();
    // The match, and the site's settings for the locale its date is written in: no session.
    expect(requests.map((request) => request.url).sort()).toEqual(['/api/matches/300', '/api/site']);
  });
});
