import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN_KEY_STORAGE_KEY } from '@/lib/api';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { adminSession } from '@/test/admin-session';
import AuditPage from './AuditPage';

describe('AuditPage', () => {
  it('asks for the admin key with the shared login, then shows the audit log to any role', async () => {
    const { requests } = mockFetch({
      'GET /api/admin/session': { body: adminSession('recorder') },
      'GET /api/admin/events': { body: { events: [], nextCursor: null } },
      'GET /api/admin/keys': { body: [] },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<AuditPage />, { route: '/admin/audit' });

    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    await user.type(screen.getByLabelText('Admin Key'), 'secret{Enter}');

    expect(await screen.findByRole('heading', { name: 'Audit Log' })).toBeInTheDocument();
    expect(await screen.findByText('No events have been recorded yet.')).toBeInTheDocument();
    // The login checks the key first; the log is read with it once it is stored (and the site's
    // settings, for the locale its times are written in, with no key).
    const adminReads = requests.filter((r) => r.url !== '/api/site');
    expect(adminReads.map((r) => r.url.split('?')[0])).toEqual(['/api/admin/session', '/api/admin/events', '/api/admin/keys']);
    expect(adminReads.every((r) => r.headers.get('x-admin-key') === 'secret')).toBe(true);
    expect(localStorage.getItem(ADMIN_KEY_STORAGE_KEY)).toBe('secret');
  });
});
