import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN_KEY_STORAGE_KEY } from '@/lib/api';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import ContentEditorPage from '../content-editor/ContentEditorPage';
import MergePlayersPage from '../merge-players/MergePlayersPage';
import PageBuilderPage from '../page-builder/PageBuilderPage';

function setup(ui: React.ReactElement) {
  const fetch = mockFetch({
    'GET /api/content/home': { body: [] },
    'GET /api/pages': { body: [] },
    'GET /api/players/duplicates': { body: [] },
  });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(ui);
  return { ...fetch, user };
}

describe('admin login', () => {
  it('asks for the admin key in a password field on the content editor', () => {
    setup(<ContentEditorPage />);
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Admin Key')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByText('Content Editor')).not.toBeInTheDocument();
  });

  it('does nothing with an empty key', async () => {
    const { user, requests } = setup(<ContentEditorPage />);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(screen.getByLabelText('Admin Key'), '   {Enter}');
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_KEY_STORAGE_KEY)).toBeNull();
    expect(requests).toHaveLength(0);
  });

  it('logs in on Enter without checking the key, then logs out', async () => {
    const { user, requests } = setup(<ContentEditorPage />);
    await user.type(screen.getByLabelText('Admin Key'), 'secret-key{Enter}');

    expect(await screen.findByRole('heading', { name: 'Content Editor' })).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_KEY_STORAGE_KEY)).toBe('secret-key');
    // Toasts download their antd host with the first one: it shows a moment later.
    expect(await screen.findByText('Authenticated')).toBeInTheDocument();
    expect(screen.getByText('You can now edit content')).toBeInTheDocument();
    // The key is not verified: the only call is the public content read.
    await waitFor(() => expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/content/home']));

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_KEY_STORAGE_KEY)).toBeNull();
  });

  it('treats a stored key as logged in', async () => {
    localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'stored');
    setup(<ContentEditorPage />);
    expect(screen.getByRole('heading', { name: 'Content Editor' })).toBeInTheDocument();
  });

  it('says "You can now manage pages" on the page builder', async () => {
    const { user } = setup(<PageBuilderPage />);
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Admin Key'), 'k');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('You can now manage pages')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page Builder' })).toBeInTheDocument();
    expect(screen.getByText('No Page Selected')).toBeInTheDocument();
  });

  it('titles the merge tool login "Admin Access Required" and sends the key on the duplicates lookup', async () => {
    const { user, requests } = setup(<MergePlayersPage />);
    expect(screen.getByRole('heading', { name: 'Admin Access Required' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Admin Key'), 'merge-key{Enter}');
    expect(await screen.findByText('No Duplicates Found')).toBeInTheDocument();
    expect(requests[0]!.headers.get('x-admin-key')).toBe('merge-key');
  });

  it('logs out with a clear message when the server rejects the key', async () => {
    localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'wrong');
    mockFetch({ 'GET /api/players/duplicates': { status: 401, body: { error: 'The admin key is not valid.' } } });
    renderWithProviders(<MergePlayersPage />);

    expect(await screen.findByText('Session expired')).toBeInTheDocument();
    expect(screen.getByText('The admin key was rejected. Please log in again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Admin Access Required' })).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_KEY_STORAGE_KEY)).toBeNull();
  });
});
