import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MODES, type AdminSessionInfo, type PublicSettings } from '@team/contracts';
import { describe, expect, it } from 'vitest';
import { ADMIN_KEY_STORAGE_KEY } from '@/lib/api';
import { adminSession } from '@/test/admin-session';
import { mockFetch, type MockAnswer, type RecordedRequest } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { RecordingGate } from './RecordingGate';

const RECORDED = { status: 201, body: { matchId: 1, position: 1, participants: [] } };

function setup({
  publicRecording = 'recorders',
  session = adminSession('recorder', 'Alice'),
  post = RECORDED,
}: { publicRecording?: PublicSettings['publicRecording']; session?: AdminSessionInfo | MockAnswer; post?: MockAnswer } = {}) {
  const fetch = mockFetch({
    'GET /api/settings': { body: { publicRecording } },
    'GET /api/modes': { body: MODES },
    'GET /api/admin/session': 'keyId' in session ? { body: session } : session,
    'POST /api/matches': post,
  });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<RecordingGate />, { route: '/tracker/record-match' });
  return { ...fetch, user };
}

const player = (team: 'Team 1' | 'Team 2') => within(screen.getByRole('group', { name: `${team}, player 1` }));

async function recordAMatch(user: ReturnType<typeof userEvent.setup>) {
  await user.type(player('Team 1').getByLabelText('Discord ID'), '111');
  await user.type(player('Team 1').getByLabelText('Username'), 'alpha');
  await user.type(player('Team 2').getByLabelText('Discord ID'), '222');
  await user.type(player('Team 2').getByLabelText('Username'), 'bravo');
  await user.click(screen.getByRole('button', { name: 'Record Match' }));
}

const post = (requests: RecordedRequest[]) => requests.find((request) => request.method === 'POST');

describe('Record Match with PUBLIC_RECORDING', () => {
  it('shows the form as today on an open site, and sends no key even when one is stored', async () => {
    localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'stored-key');
    const { user, requests } = setup({ publicRecording: 'open' });
    await waitFor(() => expect(requests.map((r) => r.url)).toContain('/api/settings'));
    expect(screen.queryByRole('heading', { name: 'Recorder Login' })).not.toBeInTheDocument();
    await recordAMatch(user);
    expect(await screen.findByText('Match Recorded')).toBeInTheDocument();
    expect(post(requests)!.headers.get('x-admin-key')).toBeNull();
    expect(requests.some((r) => r.url === '/api/admin/session')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('asks for a recorder key first, then records with it', async () => {
    const { user, requests } = setup();
    // Below the screen's own title: the login's is a level 2 heading here.
    expect(await screen.findByRole('heading', { level: 2, name: 'Recorder Login' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Recording matches on this site needs a recorder key.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record Match' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Admin Key'), 'recorder-key{Enter}');
    expect(await screen.findByText('You can now record matches')).toBeInTheDocument();
    expect(screen.getByText('Authenticated')).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_KEY_STORAGE_KEY)).toBe('recorder-key');
    expect(screen.getByText(/Recording as/)).toHaveTextContent('Recording as Alice (recorder)');

    await recordAMatch(user);
    expect(await screen.findByText('Match Recorded')).toBeInTheDocument();
    expect(post(requests)!.headers.get('x-admin-key')).toBe('recorder-key');
  });

  it('refuses a key whose role cannot record, and stores nothing', async () => {
    const { user } = setup({ session: adminSession('editor', 'Ed') });
    await user.type(await screen.findByLabelText('Admin Key', {}, { timeout: 10_000 }), 'editor-key{Enter}');
    expect(await screen.findByText('Recording matches needs the recorder role. Your key "Ed" has the editor role.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recorder Login' })).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_KEY_STORAGE_KEY)).toBeNull();
  });

  it('stays on the login with the server message for a wrong key', async () => {
    const { user } = setup({ session: { status: 401, body: { error: 'The admin key is not valid.' } } });
    await user.type(await screen.findByLabelText('Admin Key', {}, { timeout: 10_000 }), 'nope{Enter}');
    expect(await screen.findByText('The admin key is not valid.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recorder Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Admin Key')).toHaveValue('nope');
  });

  it('lets a stored moderator key record without a login, and Logout brings the login back', async () => {
    localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'mod-key');
    const { user } = setup({ session: adminSession('moderator', 'Mo') });
    expect(await screen.findByText(/Recording as/)).toHaveTextContent('Recording as Mo (moderator)');
    expect(screen.getByRole('button', { name: 'Record Match' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Recorder Login' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_KEY_STORAGE_KEY)).toBeNull();
  });

  it('shows the login, saying why, to a stored key that cannot record', async () => {
    localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'editor-key');
    setup({ session: adminSession('editor', 'Ed') });
    expect(await screen.findByRole('heading', { name: 'Recorder Login' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Recording matches needs the recorder role. Your key "Ed" has the editor role.')).toBeInTheDocument();
  });

  it.each([
    [401, 'This admin key has been revoked. Ask the site owner for a new one.', 'The admin key was rejected. Please log in again.'],
    [403, 'This needs the recorder role. The key "Alice" has the editor role.', 'This needs the recorder role. The key "Alice" has the editor role.'],
  ])('logs out when the server refuses the key on submit (%i)', async (status, error, shown) => {
    localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'recorder-key');
    const { user } = setup({ post: { status, body: { error } } });
    await screen.findByText(/Recording as/);
    await recordAMatch(user);
    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Recorder Login' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_KEY_STORAGE_KEY)).toBeNull();
  });
});
