import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN_KEY_STORAGE_KEY } from '@/lib/api';
import { adminSession } from '@/test/admin-session';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import AdminKeysPage from './AdminKeysPage';

describe('AdminKeysPage', () => {
  it('asks for the admin key, then shows the admin keys to the owner', async () => {
    mockFetch({ 'GET /api/admin/session': { body: adminSession('owner') }, 'GET /api/admin/keys': { body: [] } });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<AdminKeysPage />, { route: '/admin/keys' });
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Admin Key'), 'owner-key{Enter}');
    expect(await screen.findByRole('heading', { name: 'Admin Keys' })).toBeInTheDocument();
    expect(await screen.findByText('You can now manage admin keys')).toBeInTheDocument();
    expect(await screen.findByText('No named keys yet: create one above.')).toBeInTheDocument();
  });

  it('is the owner’s alone: a moderator key is told so', async () => {
    localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'mod-key');
    const { requests } = mockFetch({ 'GET /api/admin/session': { body: adminSession('moderator', 'Mo') } });
    renderWithProviders(<AdminKeysPage />, { route: '/admin/keys' });
    expect(await screen.findByRole('heading', { name: 'Not available with this key' })).toBeInTheDocument();
    expect(screen.getByText('The Admin Keys screen needs the owner role. Your key "Mo" has the moderator role.')).toBeInTheDocument();
    expect(requests.map((r) => r.url)).toEqual(['/api/admin/session']);
  });
});
