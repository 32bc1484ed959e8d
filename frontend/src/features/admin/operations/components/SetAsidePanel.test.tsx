import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OperationsStatus, SetAsideEntry } from '@team/contracts';
import { ADMIN_KEY_STORAGE_KEY } from '@/lib/api';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { adminSession } from '@/test/admin-session';
import { Operations } from './Operations';

const entry: SetAsideEntry = {
  position: 57,
  eventId: 'e-57',
  type: 'MatchRecorded',
  streamId: 'ladder',
  reason: 'Imported without participants',
  setAsideAt: 60,
  recordedAt: '2025-03-04T10:05:00.000Z',
};

function status(overrides: Partial<OperationsStatus>): OperationsStatus {
  return {
    head: 60,
    projections: [{ name: 'read-models', tables: ['players'], position: 56, lag: 4, lastError: 'players failed', updatedAt: null }],
    projectorInThisProcess: true,
    projector: { activeWorker: 'api-1:4242', activeSince: '2025-03-04T09:00:00.000Z', position: 56, lag: 4 },
    rebuild: { running: false, progress: null, startedAt: null, finishedAt: null, lastError: null, lastResult: null },
    failing: null,
    setAside: [],
    pausedWebhooks: [],
    ...overrides,
  };
}

function setup(routes: Parameters<typeof mockFetch>[0]) {
  localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'admin-key');
  const fetch = mockFetch(routes);
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Operations onLogout={vi.fn()} handleAdminError={vi.fn(() => false)} />, { adminSession: adminSession('owner') });
  return { ...fetch, user };
}

describe('Operations: poison events', () => {
  it('names the failing event with its error, and sets it aside with a reason', async () => {
    let setAside = false;
    const { user, requests } = setup({
      'GET /api/admin/operations': () => ({
        body: setAside
          ? status({ setAside: [entry] })
          : status({
              failing: {
                position: 57,
                eventId: 'e-57',
                type: 'MatchRecorded',
                streamId: 'ladder',
                error: 'players failed on MatchRecorded at positions 57–57: data.participants is not iterable',
                since: '2025-03-04T10:00:00.000Z',
              },
            }),
      }),
      'POST /api/admin/projections/set-aside': () => {
        setAside = true;
        return { body: { eventPosition: 60, setAside: [entry] } };
      },
    });
    const panel = await screen.findByRole('region', { name: 'Poison events' });
    await waitFor(() => expect(panel).toHaveTextContent('The projector is stuck on event 57 (MatchRecorded in ladder)'));
    expect(panel).toHaveTextContent('data.participants is not iterable');
    expect(panel).toHaveTextContent('No event is set aside.');

    const button = within(panel).getByRole('button', { name: 'Set aside' });
    expect(button).toBeDisabled();
    await user.type(within(panel).getByLabelText('Reason for setting event 57 aside'), '  Imported without participants ');
    await user.click(button);

    expect(await screen.findByText('Event set aside')).toBeInTheDocument();
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ position: 57, reason: 'Imported without participants' });
    expect(posts[0]!.headers.get('x-admin-key')).toBe('admin-key');
    const list = await within(panel).findByRole('list', { name: 'Events set aside' });
    expect(list).toHaveTextContent('Event 57 (MatchRecorded in ladder): Imported without participants');
    await waitFor(() => expect(panel).toHaveTextContent('The projector is not stuck on any event.'));
  });

  it('undoes a set-aside after a confirm that says the live tables stay as they are', async () => {
    let undone = false;
    const { user, requests } = setup({
      'GET /api/admin/operations': () => ({ body: status({ setAside: undone ? [] : [entry] }) }),
      'POST /api/admin/projections/set-aside/57/undo': () => {
        undone = true;
        return { body: { eventPosition: 61, setAside: [] } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Undo set-aside of event 57' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Later rebuilds will apply this event again');
    expect(dialog).toHaveTextContent('The live read tables skipped it already');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Undo' }));

    expect(await screen.findByText('Set-aside undone')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/api/admin/projections/set-aside/57/undo']);
    expect(await screen.findByText('No event is set aside.')).toBeInTheDocument();
  });

  it('shows the server message when setting aside is refused', async () => {
    const { user } = setup({
      'GET /api/admin/operations': {
        body: status({
          failing: { position: 57, eventId: null, type: null, streamId: null, error: null, since: '2025-03-04T10:00:00.000Z' },
        }),
      },
      'POST /api/admin/projections/set-aside': { status: 409, body: { error: 'The event at position 57 is already set aside.' } },
    });
    const panel = await screen.findByRole('region', { name: 'Poison events' });
    await waitFor(() => expect(panel).toHaveTextContent('an event that could not be read'));
    await user.type(within(panel).getByLabelText('Reason for setting event 57 aside'), 'broken');
    await user.click(within(panel).getByRole('button', { name: 'Set aside' }));
    expect(await screen.findByText('The event at position 57 is already set aside.')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Reason for setting event 57 aside')).toHaveValue('broken');
  });
});
