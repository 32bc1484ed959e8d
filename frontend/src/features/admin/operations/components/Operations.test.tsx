import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_KEY_STORAGE_KEY } from '@/lib/api';
import { mockFetch, type MockAnswer, type RecordedRequest } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { adminSession } from '@/test/admin-session';
import type { OperationsStatus, RebuildStatus } from '@team/contracts';
import { Operations } from './Operations';

const idle: RebuildStatus = { running: false, progress: null, startedAt: null, finishedAt: null, lastError: null, lastResult: null };

const status = (rebuild: Partial<RebuildStatus> = {}, overrides: Partial<OperationsStatus> = {}): OperationsStatus => ({
  head: 1234,
  projections: [
    { name: 'read-models', tables: ['players', 'matches'], position: 1200, lag: 34, lastError: null, updatedAt: '2025-03-04T10:00:00.000Z' },
  ],
  projectorInThisProcess: true,
  projector: { activeWorker: 'api-1:4242', activeSince: '2025-03-04T09:00:00.000Z', position: 1200, lag: 34 },
  rebuild: { ...idle, ...rebuild },
  failing: null,
  setAside: [],
  pausedWebhooks: [],
  ...overrides,
});

type Route = MockAnswer | ((request: RecordedRequest) => MockAnswer);

function setup(routes: Record<string, Route>) {
  localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'admin-key');
  const fetch = mockFetch(routes);
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Operations onLogout={vi.fn()} handleAdminError={vi.fn(() => false)} />, { adminSession: adminSession('owner') });
  return { ...fetch, user };
}

describe('Operations', () => {
  it('shows the log head and each projection with its position, lag and last error', async () => {
    setup({
      'GET /api/admin/operations': {
        body: status({}, {
          projections: [
            { name: 'read-models', tables: ['players'], position: 1200, lag: 34, lastError: 'relation "x" does not exist', updatedAt: null },
          ],
        }),
      },
    });
    expect(screen.getByRole('heading', { name: 'Operations' })).toBeInTheDocument();
    const log = await screen.findByRole('region', { name: 'Event log' });
    expect(log).toHaveTextContent('1,234');
    expect(screen.getByRole('region', { name: 'Projector' })).toHaveTextContent('api-1:4242 (this server process)');
    const projection = screen.getByRole('region', { name: 'Projection read-models' });
    expect(projection).toHaveTextContent('1,200');
    expect(projection).toHaveTextContent('34 events behind');
    expect(projection).toHaveTextContent('relation "x" does not exist');
    expect(screen.getByRole('link', { name: 'Audit Log' })).toHaveAttribute('href', '/admin/audit');
  });

  it('gives long table names and times a title, so a narrow card can cut or wrap them', async () => {
    const tables = ['ladder_season_final_ratings', 'ladder_match_participants'];
    setup({
      'GET /api/admin/operations': {
        body: status({}, { projections: [{ name: 'seasons', tables, position: 5, lag: 0, lastError: null, updatedAt: '2025-03-04T10:00:00.000Z' }] }),
      },
    });
    const card = await screen.findByRole('region', { name: 'Projection seasons' });
    for (const table of tables) expect(within(card).getByText(table)).toHaveAttribute('title', table);
    expect(card.querySelector('time')).toHaveAttribute('title', '2025-03-04T10:00:00.000Z');
    expect(screen.getByRole('region', { name: 'Projector' }).querySelector('time')).toHaveAttribute('dateTime', '2025-03-04T09:00:00.000Z');
  });

  it('names the active projector worker, since when, and its lag', async () => {
    setup({
      'GET /api/admin/operations': {
        body: status({}, {
          projectorInThisProcess: false,
          projector: { activeWorker: 'projector-b', activeSince: '2025-03-04T09:30:00.000Z', position: 1200, lag: 34 },
        }),
      },
    });
    const card = await screen.findByRole('region', { name: 'Projector' });
    expect(card).toHaveTextContent('projector-b');
    expect(card).not.toHaveTextContent('this server process');
    expect(card).toHaveTextContent('34 events behind');
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('warns when no projector worker is active', async () => {
    setup({
      'GET /api/admin/operations': {
        body: status({}, { projector: { activeWorker: null, activeSince: null, position: 1200, lag: 34 } }),
      },
    });
    const card = await screen.findByRole('region', { name: 'Projector' });
    expect(card).toHaveTextContent('None');
    expect(within(card).getByRole('alert')).toHaveTextContent('No projector worker is running');
  });

  it('starts a rebuild after a confirm, polls its progress and reports completion', async () => {
    let reads = 0;
    let started = false;
    const { user, requests } = setup({
      'GET /api/admin/operations': () => {
        if (!started) return { body: status({}, { projections: [{ name: 'read-models', tables: ['players'], position: 1234, lag: 0, lastError: null, updatedAt: null }] }) };
        reads += 1;
        if (reads === 1) {
          return {
            body: status({ running: true, startedAt: '2025-03-04T10:00:00.000Z', progress: { phase: 'building', done: 400, total: 1000, ratePerSecond: 812.4, secondsLeft: 75 } }),
          };
        }
        return {
          body: status({ running: false, startedAt: '2025-03-04T10:00:00.000Z', finishedAt: '2025-03-04T10:00:02.000Z', progress: { phase: 'done', done: 1000, total: 1000, ratePerSecond: 900, secondsLeft: 0 }, lastResult: { events: 1000, seconds: 1.234 } }),
        };
      },
      'POST /api/admin/projections/rebuild': () => {
        started = true;
        return { status: 202, body: { ...idle, running: true, startedAt: '2025-03-04T10:00:00.000Z' } };
      },
    });
    await screen.findByText('Up to date');

    await user.click(screen.getByRole('button', { name: /Rebuild read models/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('replays every event in the log into fresh tables');
    expect(dialog).toHaveTextContent('The site stays online');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Rebuild' }));

    expect(await screen.findByText('Rebuild started')).toBeInTheDocument();
    const progress = await screen.findByRole('status', { name: 'Rebuild progress' });
    await waitFor(() => expect(progress).toHaveTextContent('Events: 400 of 1,000'));
    expect(progress).toHaveTextContent('Replaying events into fresh tables');
    expect(progress).toHaveTextContent('Rate: 812 events/s');
    expect(progress).toHaveTextContent('Time left: about 1 min 15 s');
    expect(progress.querySelector('.ant-progress')).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('button', { name: /Rebuild running/ })).toBeDisabled();

    // A poll or two later (every 500 ms while a rebuild runs).
    expect(await screen.findByText('Rebuild complete', undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Replayed 1,000 events in 1.2 s. The new tables are live.')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Rebuild progress' })).not.toBeInTheDocument();
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers.get('x-admin-key')).toBe('admin-key');
    // Polling stops once the rebuild is over.
    const readsWhenDone = reads;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(reads).toBe(readsWhenDone);
  });

  it('shows a failed rebuild and the server message when one is already running', async () => {
    const { user } = setup({
      'GET /api/admin/operations': { body: status({ finishedAt: '2025-03-04T10:00:02.000Z', lastError: 'The rebuild failed: disk full' }) },
      'POST /api/admin/projections/rebuild': { status: 409, body: { error: 'A rebuild is already running.' } },
    });
    expect(await screen.findByText('Rebuild failed')).toBeInTheDocument();
    expect(screen.getByText('The rebuild failed: disk full')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Rebuild read models/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Rebuild' }));
    expect(await screen.findByText('A rebuild is already running.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });
});
