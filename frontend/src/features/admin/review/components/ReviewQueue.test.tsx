import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Submission } from '@team/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_KEY_STORAGE_KEY } from '@/lib/api';
import { adminSession } from '@/test/admin-session';
import { mockFetch, type MockAnswer, type RecordedRequest } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { ReviewQueue } from './ReviewQueue';

const ID = '3f1c2b7e-1d2a-4c5b-8e9f-0a1b2c3d4e5f';
const line = (discordId: string, username: string) => ({ discordId, username, kills: 0, deaths: 0, assists: 0, score: 0 });
const pending: Submission = {
  id: ID,
  status: 'pending',
  submittedAt: '2030-05-01T10:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  matchId: null,
  reason: null,
  match: { winningTeam: 'team1', team1: [line('999', 'Ace'), line('555', 'Dup')], team2: [line('222', 'Bo'), line('556', 'dup')] },
};
// A known Ace, under another Discord ID: the new-ID warning the form shows.
const knownAce = { id: 7, username: 'Ace', discordId: '111' };

type Route = MockAnswer | ((request: RecordedRequest) => MockAnswer);

function setup(routes: Record<string, Route> = {}) {
  localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'moderator-key');
  const fetch = mockFetch({
    'GET /api/admin/submissions': { body: { submissions: [pending] } },
    'GET /api/players/search': (request) => ({ body: request.url.includes('q=Ace') ? [knownAce] : [] }),
    ...routes,
  });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<ReviewQueue onLogout={vi.fn()} handleAdminError={vi.fn(() => false)} />, { adminSession: adminSession('moderator') });
  return { ...fetch, user };
}

describe('the review queue', () => {
  it("shows the form's warnings: a new Discord ID under a known name, and a name typed twice", async () => {
    setup();
    expect(await screen.findByText("New Discord ID: 'Ace' is already player ID 7 with Discord ID 111. Pick them from the list if it is the same person.", {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText("Duplicate name: 'Dup' is typed for more than one player of this match.")).toBeInTheDocument();
    expect(screen.getByText("Duplicate name: 'dup' is typed for more than one player of this match.")).toBeInTheDocument();
  });

  it('approves: the match is recorded and the toast names it', async () => {
    const { user, requests } = setup({
      [`POST /api/admin/submissions/${ID}/approve`]: { body: { submission: { ...pending, status: 'approved', matchId: 42 }, match: { matchId: 42, position: 9, participants: [] } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Recorded as match #42: ratings are updated.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST' && r.url.endsWith('/approve'))).toBe(true);
  });

  it('rejects only with a reason, which it sends', async () => {
    const { user, requests } = setup({ [`POST /api/admin/submissions/${ID}/reject`]: { body: { ...pending, status: 'rejected', reason: 'Not played' } } });
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this submission?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Give a reason: the submitter sees it.')).toBeInTheDocument();
    expect(requests.some((r) => r.url.endsWith('/reject'))).toBe(false);
    await user.type(within(dialog).getByLabelText('Reason'), 'Not played');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(requests.find((r) => r.url.endsWith('/reject'))?.body).toEqual({ reason: 'Not played' }));
    expect(await screen.findByText('Submission rejected')).toBeInTheDocument();
  });
});
