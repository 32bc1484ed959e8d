import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HealthResponse, OperationsStatus } from '@team/contracts';
import { ADMIN_KEY_STORAGE_KEY } from '@/lib/api';
import { mockFetch, type MockAnswer } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { adminSession } from '@/test/admin-session';
import { Operations } from './Operations';

// Issue 37 item 5: a full disk stopped the embedded database and nothing said so. The
// Operations screen shows health's cause and warnings, also while its own data cannot load.

const status: OperationsStatus = {
  head: 10,
  projections: [],
  projectorInThisProcess: true,
  projector: { activeWorker: 'api-1:4242', activeSince: '2025-03-04T09:00:00.000Z', position: 10, lag: 0 },
  rebuild: { running: false, progress: null, startedAt: null, finishedAt: null, lastError: null, lastResult: null },
  failing: null,
  setAside: [],
  pausedWebhooks: [],
};

function setup(health: MockAnswer, operations: MockAnswer = { body: status }) {
  localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'admin-key');
  mockFetch({ 'GET /api/health': health, 'GET /api/admin/operations': operations });
  renderWithProviders(<Operations onLogout={vi.fn()} handleAdminError={vi.fn(() => false)} />, { adminSession: adminSession('owner') });
}

const fullLine = "disk full: 3 MB free (3%) on the data folder's volume; the database needs 17 MB to go on";

describe('the disk on the Operations screen', () => {
  it('says the database is down for a full disk, with the figures, while the rest cannot load', async () => {
    const down: HealthResponse = { status: 'unavailable', database: 'down', error: 'The database cannot be reached.', cause: 'disk full', warnings: [fullLine] };
    setup({ status: 503, body: down }, { status: 503, body: { error: 'The service is temporarily unavailable. Please try again.' } });

    const alert = await screen.findByText('The database is down: its disk is full');
    const notice = alert.closest('.ops-disk') as HTMLElement;
    expect(notice).toHaveTextContent(fullLine);
    expect(notice).toHaveTextContent('starts the database again by itself');
    expect(await screen.findByText(/temporarily unavailable/)).toBeInTheDocument();
  });

  it('says writes are refused when the database answers on a full disk', async () => {
    setup({ status: 503, body: { status: 'degraded', database: 'up', reasons: ["The database's disk is full: it refuses writes."], cause: 'disk full', warnings: [fullLine] } satisfies HealthResponse });
    expect(await screen.findByText("The database's disk is full: it refuses writes")).toBeInTheDocument();
  });

  it('warns while the disk runs low, and the screen works as usual', async () => {
    const low = "disk low: 312 MB free (3%) on the data folder's volume";
    setup({ body: { status: 'ok', database: 'up', warnings: [low] } satisfies HealthResponse });
    expect(await screen.findByText('Disk space is running low')).toBeInTheDocument();
    expect(screen.getByText(low)).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Event log' })).toHaveTextContent('10');
  });

  it('shows nothing about the disk while it has room', async () => {
    setup({ body: { status: 'ok', database: 'up' } satisfies HealthResponse });
    await screen.findByRole('region', { name: 'Event log' });
    expect(screen.queryByText(/disk/i)).not.toBeInTheDocument();
  });
});
