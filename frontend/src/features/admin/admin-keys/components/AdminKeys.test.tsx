import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminKeySummary, CreatedAdminKey } from '@team/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_KEY_STORAGE_KEY } from '@/lib/api';
import { adminSession } from '@/test/admin-session';
import { mockFetch, type MockAnswer, type RecordedRequest } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { endOfLocalDay } from '../key-dates';
import { AdminKeys } from './AdminKeys';

const summary = (overrides: Partial<AdminKeySummary>): AdminKeySummary => ({
  id: 'k0123456789',
  name: 'Alice',
  role: 'editor',
  status: 'active',
  createdAt: '2030-05-01T10:00:00.000Z',
  createdBy: { id: 'owner', name: 'Owner' },
  expiresAt: null,
  endedAt: null,
  ...overrides,
});

const alice = summary({});
const bob = summary({ id: 'k00000000b0', name: 'Bob', role: 'recorder', status: 'revoked', endedAt: '2030-05-03T10:00:00.000Z' });
const carl = summary({
  id: 'k00000000c0',
  name: 'Carl',
  role: 'moderator',
  status: 'expired',
  expiresAt: '2030-05-05T21:59:59.999Z',
  endedAt: '2030-05-05T21:59:59.999Z',
  createdBy: { id: 'k0123456789', name: 'Alice' },
});

const NEW_KEY = 'ak_live_0123456789abcdef0123456789abcdef';

type Route = MockAnswer | ((request: RecordedRequest) => MockAnswer);

function setup(routes: Record<string, Route> = {}) {
  localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'owner-key');
  const fetch = mockFetch({ 'GET /api/admin/keys': { body: [carl, bob, alice] }, ...routes });
  const user = userEvent.setup({ delay: null });
  const handleAdminError = vi.fn(() => false);
  renderWithProviders(<AdminKeys onLogout={vi.fn()} handleAdminError={handleAdminError} now={() => new Date(2030, 4, 12, 12)} />, {
    adminSession: adminSession('owner'),
  });
  const keyReads = () => fetch.requests.filter((r) => r.method === 'GET' && r.url === '/api/admin/keys').length;
  return { ...fetch, user, handleAdminError, keyReads };
}

const dataRows = () => screen.getAllByRole('row').filter((row) => row.classList.contains('ant-table-row'));
const rowOf = (name: string) => within(dataRows().find((row) => within(row).queryByText(name))!);

async function pickRole(user: ReturnType<typeof userEvent.setup>, role: string) {
  await user.click(screen.getByLabelText('Role'));
  const option = await waitFor(() => {
    const found = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${role}"]`);
    if (!found) throw new Error(`no option ${role}`);
    return found;
  });
  await user.click(option);
}

describe('AdminKeys', () => {
  it('explains what each role may do', async () => {
    setup();
    const roles = screen.getByRole('region', { name: 'Roles' });
    expect(within(roles).getByText('owner')).toBeInTheDocument();
    expect(roles).toHaveTextContent('Everything, and manages admin keys.');
    expect(roles).toHaveTextContent('Content sections and pages.');
    expect(roles).toHaveTextContent('Void, merge, unmerge, rename, seasons and import; may record matches.');
    expect(roles).toHaveTextContent('Records matches.');
  });

  it('lists the keys with role, status, creation and expiry, and offers Revoke on active keys only', async () => {
    const { requests } = setup();
    await screen.findByText('Alice');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Role', 'Status', 'Created', 'Expires', 'Actions']);
    // Newest first, as the server lists them.
    expect(dataRows().map((row) => row.querySelector('strong')!.textContent)).toEqual(['Carl', 'Bob', 'Alice']);

    const active = rowOf('Alice');
    expect(active.getByText('editor')).toBeInTheDocument();
    expect(active.getByText('Active')).toBeInTheDocument();
    expect(active.getByText('by Owner')).toBeInTheDocument();
    expect(active.getByText('Never')).toBeInTheDocument();
    expect(active.getByRole('button', { name: "Revoke Alice's key" })).toHaveTextContent('Revoke');

    const revoked = rowOf('Bob');
    expect(revoked.getByText('Revoked')).toBeInTheDocument();
    expect(revoked.queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();

    const expired = rowOf('Carl');
    expect(expired.getByText('Expired')).toBeInTheDocument();
    expect(expired.getByText('by Alice')).toBeInTheDocument();
    expect(expired.queryByText('Never')).not.toBeInTheDocument();
    expect(requests.find((r) => r.url === '/api/admin/keys')!.headers.get('x-admin-key')).toBe('owner-key');
  });

  it('creates a key, shows it once with Copy, and forgets it when the dialog closes', async () => {
    const created: CreatedAdminKey = {
      key: NEW_KEY,
      summary: summary({ id: 'k00000000d0', name: 'Dana', role: 'moderator', expiresAt: endOfLocalDay('2030-06-01') }),
    };
    const { user, requests, keyReads } = setup({ 'POST /api/admin/keys': { status: 201, body: created } });
    await screen.findByText('Alice');

    await user.type(screen.getByLabelText('Name'), '  Dana ');
    await pickRole(user, 'moderator');
    expect(screen.getByText(/^Void, merge, unmerge, rename, seasons and import/, { selector: '.admin-field-hint' })).toBeInTheDocument();
    expect(screen.getByText('Never: leave empty for a key that does not expire.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Expires on'), { target: { value: '2030-06-01' } });
    expect(screen.getByText(/^At the end of .*, local time\.$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Key' }));

    const dialog = await screen.findByRole('dialog', { name: 'New admin key' });
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.url).toBe('/api/admin/keys');
    expect(post.body).toEqual({ name: 'Dana', role: 'moderator', expiresAt: endOfLocalDay('2030-06-01') });
    expect(post.headers.get('x-admin-key')).toBe('owner-key');
    expect(await screen.findByText('Key created')).toBeInTheDocument();

    expect(within(dialog).getByText('Copy this key now. It is not shown again.')).toBeInTheDocument();
    expect(within(dialog).getByText('Dana')).toBeInTheDocument();
    expect(within(dialog).getByText('moderator')).toBeInTheDocument();
    const field = within(dialog).getByLabelText('Key');
    expect(field).toHaveValue(NEW_KEY);
    expect(field).toHaveAttribute('readonly');

    await user.click(within(dialog).getByRole('button', { name: /Copy/ }));
    expect(await navigator.clipboard.readText()).toBe(NEW_KEY);
    expect(await screen.findByText('The key is on the clipboard.')).toBeInTheDocument();

    // The form is ready for the next key, and the list is read again.
    expect(screen.getByLabelText('Name')).toHaveValue('');
    await waitFor(() => expect(keyReads()).toBe(2));

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByDisplayValue(NEW_KEY)).not.toBeInTheDocument());
  });

  it('marks a blank name and sends nothing', async () => {
    const { user, requests } = setup();
    await screen.findByText('Alice');
    await user.type(screen.getByLabelText('Name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Create Key' }));
    const name = screen.getByLabelText('Name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('name: blank (a key needs the name of the person who holds it).');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(name, 'Eve');
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it('refuses a past expiry date before sending', async () => {
    const { user, requests } = setup();
    await screen.findByText('Alice');
    await user.type(screen.getByLabelText('Name'), 'Eve');
    fireEvent.change(screen.getByLabelText('Expires on'), { target: { value: '2030-05-11' } });
    await user.click(screen.getByRole('button', { name: 'Create Key' }));
    expect(screen.getByLabelText('Expires on')).toHaveAccessibleDescription('The expiry date must be today or later.');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it("shows the server's refusal of a name in use in a toast and under the field", async () => {
    const error = 'A key named "Alice" exists already.';
    const { user } = setup({ 'POST /api/admin/keys': { status: 409, body: { error } } });
    await screen.findByText('Alice', { selector: 'strong' });
    await user.type(screen.getByLabelText('Name'), 'alice');
    await user.click(screen.getByRole('button', { name: 'Create Key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(error);
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(error);
    expect(screen.queryByRole('dialog', { name: 'New admin key' })).not.toBeInTheDocument();
  });

  it('revokes an active key after a confirm, with a toast, and reads the list again', async () => {
    const { user, requests, keyReads } = setup({ 'POST /api/admin/keys/k0123456789/revoke': { body: { ...alice, status: 'revoked' } } });
    await screen.findByText('Alice');
    await user.click(screen.getByRole('button', { name: "Revoke Alice's key" }));

    const confirm = await screen.findByRole('dialog', { name: "Revoke Alice's key?" });
    expect(confirm).toHaveTextContent('It stops working at once, everywhere.');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText('Key revoked')).toBeInTheDocument();
    expect(screen.getByText("Alice's key no longer works.")).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.url).toBe('/api/admin/keys/k0123456789/revoke');
    expect(post.headers.get('x-admin-key')).toBe('owner-key');
    await waitFor(() => expect(keyReads()).toBe(2));
  });

  it('sends nothing when the revoke is cancelled', async () => {
    const { user, requests } = setup();
    await screen.findByText('Alice');
    await user.click(screen.getByRole('button', { name: "Revoke Alice's key" }));
    const confirm = await screen.findByRole('dialog', { name: "Revoke Alice's key?" });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows a card per key on a phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    setup();
    await screen.findByText('Alice');
    const list = screen.getByRole('list', { name: 'Admin keys' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const aliceCard = within(cards[2]!);
    expect(aliceCard.getByText('Alice')).toBeInTheDocument();
    expect(aliceCard.getByText('Active')).toBeInTheDocument();
    expect(aliceCard.getByRole('button', { name: "Revoke Alice's key" })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
