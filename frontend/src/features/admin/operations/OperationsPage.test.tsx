import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { adminSession } from '@/test/admin-session';
import OperationsPage from './OperationsPage';

describe('OperationsPage', () => {
  it('asks for the admin key with the shared login and logs out back to it', async () => {
    mockFetch({
      'GET /api/admin/session': { body: adminSession('owner') },
      'GET /api/admin/operations': {
        body: {
          head: 0,
          projections: [],
          projectorInThisProcess: false,
          projector: { activeWorker: 'worker-a', activeSince: '2025-03-04T09:00:00.000Z', position: 0, lag: 0 },
          rebuild: { running: false, progress: null, startedAt: null, finishedAt: null, lastError: null, lastResult: null },
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<OperationsPage />, { route: '/admin/operations' });

    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Admin Key'), 'secret{Enter}');
    expect(await screen.findByRole('heading', { name: 'Operations' })).toBeInTheDocument();
    expect(await screen.findByText('worker-a')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
  });
});
