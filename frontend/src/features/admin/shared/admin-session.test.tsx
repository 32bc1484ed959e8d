import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminSessionInfo } from '@team/contracts';
import { describe, expect, it } from 'vitest';
import { ADMIN_KEY_STORAGE_KEY } from '@/lib/api';
import { FALLBACK_SITE } from '@/lib/site';
import { adminSession } from '@/test/admin-session';
import { mockFetch, type MockAnswer, type RecordedRequest } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import ContentEditorPage from '../content-editor/ContentEditorPage';
import MergePlayersPage from '../merge-players/MergePlayersPage';
import PageBuilderPage from '../page-builder/PageBuilderPage';
import SeasonsPage from '../seasons/SeasonsPage';

type SessionAnswer = MockAnswer | ((request: RecordedRequest) => MockAnswer | Promise<MockAnswer>);

function setup(ui: React.ReactElement, { session = adminSession('owner') as AdminSessionInfo | SessionAnswer, route = '/' } = {}) {
  const sessionAnswer = 'keyId' in session ? { body: session } : session;
  const fetch = mockFetch({
    'GET /api/admin/session': sessionAnswer,
    'GET /api/content/home': { body: [] },
    'GET /api/pages': { body: [] },
    'GET /api/players/duplicates': { body: [] },
    'GET /api/seasons': { body: [] },
    'GET /api/site': { body: FALLBACK_SITE },
  });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(ui, { route });
  return { ...fetch, user };
}

const calls = (requests: RecordedRequest[]) => requests.map((r) => `${r.method} ${r.url}`);

describe('admin login', () => {
  it('asks for the admin key in a password field on the content editor', () => {
    const { requests } = setup(<ContentEditorPage />);
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Admin Key')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByText('Content Editor')).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('does nothing with an empty key', async () => {
    const { user, requests } = setup(<ContentEditorPage />);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(screen.getByLabelText('Admin Key'), '   {Enter}');
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_KEY_STORAGE_KEY)).toBeNull();
    expect(requests).toHaveLength(0);
  });

  it('checks the key with the session endpoint on Enter, logs in with its name and role, then logs out', async () => {
    const { user, requests } = setup(<ContentEditorPage />, { session: adminSession('editor', 'Alice') });
    await user.type(screen.getByLabelText('Admin Key'), 'secret-key{Enter}');

    expect(await screen.findByRole('heading', { name: 'Content Editor' })).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_KEY_STORAGE_KEY)).toBe('secret-key');
    // Toasts download their antd host with the first one: it shows a moment later.
    expect(await screen.findByText('Authenticated')).toBeInTheDocument();
    expect(screen.getByText('You can now edit content')).toBeInTheDocument();
    // The key is checked once, before it is stored; the screen then reads its content and the
    // site's name (its preview shows the hero with it).
    await waitFor(() => expect(calls(requests).slice(1).sort()).toEqual(['GET /api/content/home', 'GET /api/site']));
    expect(calls(requests)[0]).toBe('GET /api/admin/session');
    expect(requests[0]!.headers.get('x-admin-key')).toBe('secret-key');
    expect(screen.getByText('Alice · editor')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_KEY_STORAGE_KEY)).toBeNull();
  });

  it.each([
    [401, 'The admin key is not valid.'],
    [401, 'This admin key has been revoked. Ask the site owner for a new one.'],
    [429, 'Too many wrong admin keys. Try again in 600 seconds.'],
  ])('stays on the login with the server message when the key is refused (%i), and stores nothing', async (status, error) => {
    const { user, requests } = setup(<ContentEditorPage />, { session: { status, body: { error } } });
    await user.type(screen.getByLabelText('Admin Key'), 'wrong-key{Enter}');

    expect(await screen.findByText(error)).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Admin Key')).toHaveValue('wrong-key');
    expect(localStorage.getItem(ADMIN_KEY_STORAGE_KEY)).toBeNull();
    expect(calls(requests)).toEqual(['GET /api/admin/session']);
  });

  it('says "Failed to log in" when the check gets no answer it can read', async () => {
    const { user } = setup(<ContentEditorPage />, { session: { status: 502, body: 'Bad gateway' } });
    await user.type(screen.getByLabelText('Admin Key'), 'key{Enter}');
    expect(await screen.findByText('Failed to log in')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
  });

  it('shows the Login button loading while the key is checked, and sends one check', async () => {
    let answer!: (value: MockAnswer) => void;
    const { user, requests } = setup(<ContentEditorPage />, { session: () => new Promise<MockAnswer>((resolve) => (answer = resolve)) });
    await user.type(screen.getByLabelText('Admin Key'), 'slow-key{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: /Login/ })).toHaveClass('ant-btn-loading'));
    await user.type(screen.getByLabelText('Admin Key'), '{Enter}');
    expect(requests).toHaveLength(1);

    answer({ body: adminSession('owner') });
    expect(await screen.findByRole('heading', { name: 'Content Editor' })).toBeInTheDocument();
  });

  it('treats a stored key as logged in, and reads its name and role with it', async () => {
    localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'stored');
    const { requests } = setup(<ContentEditorPage />);
    expect(screen.queryByRole('heading', { name: 'Admin Login' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Content Editor' })).toBeInTheDocument();
    expect(screen.getByText('Owner · owner')).toBeInTheDocument();
    expect(requests[0]!.url).toBe('/api/admin/session');
    expect(requests[0]!.headers.get('x-admin-key')).toBe('stored');
  });

  it('logs out with "Session expired" when the stored key is refused on load', async () => {
    localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'revoked');
    setup(<ContentEditorPage />, { session: { status: 401, body: { error: 'This admin key has been revoked. Ask the site owner for a new one.' } } });
    expect(await screen.findByText('Session expired')).toBeInTheDocument();
    expect(screen.getByText('The admin key was rejected. Please log in again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_KEY_STORAGE_KEY)).toBeNull();
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
    const { user, requests } = setup(<MergePlayersPage />, { session: adminSession('moderator') });
    expect(screen.getByRole('heading', { name: 'Admin Access Required' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Admin Key'), 'merge-key{Enter}');
    expect(await screen.findByText('No Duplicates Found')).toBeInTheDocument();
    const lookup = requests.find((r) => r.url === '/api/players/duplicates')!;
    expect(lookup.headers.get('x-admin-key')).toBe('merge-key');
  });

  it('logs out with a clear message when the server rejects the key', async () => {
    localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'wrong');
    mockFetch({
      'GET /api/admin/session': { body: adminSession('moderator') },
      'GET /api/players/duplicates': { status: 401, body: { error: 'The admin key is not valid.' } },
    });
    renderWithProviders(<MergePlayersPage />);

    expect(await screen.findByText('Session expired')).toBeInTheDocument();
    expect(screen.getByText('The admin key was rejected. Please log in again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Admin Access Required' })).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_KEY_STORAGE_KEY)).toBeNull();
  });
});

describe('admin roles', () => {
  it('shows "Not available with this key" on a screen the role does not cover, with Logout', async () => {
    localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'alice-key');
    const { user, requests } = setup(<SeasonsPage />, { session: adminSession('editor', 'Alice'), route: '/admin/seasons' });

    expect(await screen.findByRole('heading', { name: 'Not available with this key' })).toBeInTheDocument();
    expect(screen.getByText('The Seasons screen needs the moderator role. Your key "Alice" has the editor role.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Seasons' })).not.toBeInTheDocument();
    // The screen's own reads never go out with a key that cannot use them.
    expect(calls(requests)).toEqual(['GET /api/admin/session']);
    // It links to the screens the key may use.
    const nav = screen.getByRole('navigation', { name: 'Admin screens' });
    expect(within(nav).getByRole('link', { name: 'Content Editor' })).toHaveAttribute('href', '/admin/content');

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_KEY_STORAGE_KEY)).toBeNull();
  });

  it.each([
    ['editor', ['Content Editor', 'Page Builder', 'Audit Log', 'Site Settings', 'Media Library']],
    ['moderator', ['Merge Players', 'Seasons', 'Fixtures', 'Audit Log', 'Import & Export', 'Review Queue']],
    ['recorder', ['Audit Log']],
    [
      'owner',
      [
        'Content Editor',
        'Page Builder',
        'Merge Players',
        'Seasons',
        'Fixtures',
        'Audit Log',
        'Operations',
        'Import & Export',
        'Review Queue',
        'Webhooks',
        'Admin Keys',
        'Site Settings',
        'Media Library',
      ],
    ],
  ] as const)('lists only the screens a key of the %s role may use, after the admin home every key may open', async (role, screens) => {
    localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'key');
    setup(<ContentEditorPage />, { session: adminSession(role) });
    const nav = await screen.findByRole('navigation', { name: 'Admin screens' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Admin Home', ...screens]);
    expect(within(nav).getByRole('link', { name: 'Admin Home' })).toHaveAttribute('href', '/admin');
  });

  it('shows the key name and role beside Logout', async () => {
    localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'key');
    setup(<SeasonsPage />, { session: adminSession('moderator', 'Mo') });
    expect(await screen.findByRole('heading', { name: 'Seasons' })).toBeInTheDocument();
    expect(screen.getByText('Mo · moderator')).toBeInTheDocument();
    expect(screen.getByText('Logged in as')).toHaveClass('sr-only');
  });

  it('says when the stored key cannot be checked, with Retry and Logout', async () => {
    localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'key');
    let refuse = true;
    const { user } = setup(<SeasonsPage />, {
      session: () => (refuse ? { status: 429, body: { error: 'Too many wrong admin keys. Try again in 60 seconds.' } } : { body: adminSession('owner') }),
    });
    expect(await screen.findByText('The admin key could not be checked')).toBeInTheDocument();
    expect(screen.getByText('Too many wrong admin keys. Try again in 60 seconds.')).toBeInTheDocument();
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Seasons' })).toBeInTheDocument();
  });
});
