import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminRole, HealthResponse } from '@team/contracts';
import { describe, expect, it } from 'vitest';
import { ADMIN_KEY_STORAGE_KEY } from '@/lib/api';
import { FALLBACK_SITE } from '@/lib/site';
import { adminSession } from '@/test/admin-session';
import { contentEditedEntry, matchEntry } from '@/test/fixtures/audit-entries';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import AdminHomePage from './AdminHomePage';

const HEALTH: HealthResponse = {
  status: 'ok',
  database: 'up',
  eventStore: { head: 1234 },
  projector: {
    name: 'read-models',
    position: 1234,
    lag: 0,
    runsInThisProcess: true,
    activeSince: '2025-03-04T09:00:00.000Z',
    failing: false,
    since: null,
    updatedAt: '2025-03-04T10:15:30.000Z',
  },
};

function setup(role: AdminRole, health: HealthResponse = HEALTH) {
  localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'key');
  const fetch = mockFetch({
    'GET /api/admin/session': { body: adminSession(role) },
    'GET /api/admin/events': { body: { events: [contentEditedEntry(2), matchEntry(1)], nextCursor: null } },
    'GET /api/health': { status: health.status === 'ok' ? 200 : 503, body: health },
    'GET /api/site': { body: FALLBACK_SITE },
  });
  renderWithProviders(<AdminHomePage />, { route: '/admin' });
  return fetch;
}

const calls = (urls: string[]) => [...urls].sort();

describe('AdminHomePage', () => {
  it('asks for the admin key with the shared login first, and reads nothing but the site name (for the title) without one', async () => {
    const { requests } = mockFetch({
      'GET /api/admin/session': { body: adminSession('recorder') },
      'GET /api/admin/events': { body: { events: [], nextCursor: null } },
      'GET /api/health': { body: HEALTH },
      'GET /api/site': { body: FALLBACK_SITE },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<AdminHomePage />, { route: '/admin' });
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    await waitFor(() => expect(requests.map((r) => r.url)).toEqual(['/api/site']));

    await user.type(screen.getByLabelText('Admin Key'), 'secret{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Home' })).toBeInTheDocument();
    expect(await screen.findByText('No events have been recorded yet.')).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_KEY_STORAGE_KEY)).toBe('secret');
  });

  it.each([
    ['editor', ['Content Editor', 'Page Builder', 'Audit Log', 'Site Settings', 'Media Library']],
    ['moderator', ['Merge Players', 'Seasons', 'Fixtures', 'Audit Log', 'Import & Export', 'Review Queue']],
    ['recorder', ['Audit Log']],
    [
      'owner',
      ['Content Editor', 'Page Builder', 'Merge Players', 'Seasons', 'Fixtures', 'Audit Log', 'Operations', 'Import & Export', 'Review Queue', 'Webhooks', 'Admin Keys', 'Site Settings', 'Media Library'],
    ],
  ] as const)('lists the screens a key of the %s role may use, in the admin links’ order', async (role, screens) => {
    setup(role);
    const yours = await screen.findByRole('region', { name: 'Your screens' });
    expect(within(yours).getAllByRole('link').map((link) => link.textContent)).toEqual(screens);
    expect(within(yours).getByRole('link', { name: screens[0] })).toHaveAttribute('href', screens[0] === 'Content Editor' ? '/admin/content' : expect.stringMatching(/^\/admin\//));
    expect(within(yours).getByText(new RegExp(`has the ${role} role`))).toBeInTheDocument();
    // The admin links start with this home, active here.
    const nav = screen.getByRole('navigation', { name: 'Admin screens' });
    const home = within(nav).getByRole('link', { name: 'Admin Home' });
    expect(home).toHaveAttribute('href', '/admin');
    expect(home).toHaveClass('active');
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Admin Home', ...screens]);
  });

  it('shows the owner the newest audit events, each linking into the audit log, and the projector health with a link to Operations', async () => {
    const { requests } = setup('owner');
    const events = await screen.findByRole('region', { name: 'Recent events' });
    const edited = await within(events).findByRole('link', { name: 'Section "New" on the About page edited (title)' });
    expect(edited).toHaveAttribute('href', '/admin/audit?type=ContentEdited&stream=content-about');
    const match = within(events).getByRole('link', { name: 'Match #1 recorded: Team 1 won, 2 players' });
    expect(match).toHaveAttribute('href', '/admin/audit?type=MatchRecorded&stream=ladder');
    expect(within(events).getAllByRole('listitem')).toHaveLength(2);
    expect(within(events).getByText('Alice')).toBeInTheDocument();
    expect(within(events).getByRole('link', { name: 'Open the whole audit log' })).toHaveAttribute('href', '/admin/audit');

    const health = screen.getByRole('region', { name: 'Projector health' });
    expect(await within(health).findByText('OK')).toBeInTheDocument();
    expect(within(health).getByText('Up to date')).toBeInTheDocument();
    expect(within(health).getByText('Position 1,234')).toBeInTheDocument();
    expect(within(health).getByRole('link', { name: 'Open Operations' })).toHaveAttribute('href', '/admin/operations');

    // Ten events, the same read as the audit log's; the health check is public; the site's name titles the page.
    await waitFor(() => expect(calls(requests.map((r) => r.url))).toEqual(['/api/admin/events?limit=10', '/api/admin/session', '/api/health', '/api/site']));
  });

  it.each(['editor', 'moderator', 'recorder'] as const)(
    'shows a %s key the health it may read and says the Operations screen needs the owner, without asking for the operations status',
    async (role) => {
      const { requests } = setup(role, {
        ...HEALTH,
        status: 'degraded',
        projector: { ...HEALTH.projector!, lag: 42, failing: true, since: '2025-03-04T10:00:00.000Z' },
        reasons: ['the projector has failed on the same event for 5 minutes'],
      });
      const health = await screen.findByRole('region', { name: 'Projector health' });
      expect(await within(health).findByText('Degraded')).toBeInTheDocument();
      expect(within(health).getByText('42 events behind')).toBeInTheDocument();
      expect(within(health).getByText('the projector has failed on the same event for 5 minutes')).toBeInTheDocument();
      expect(within(health).getByText(`The Operations screen needs the owner role. Your key "Alice" has the ${role} role.`)).toBeInTheDocument();
      expect(within(health).queryByRole('link', { name: 'Open Operations' })).not.toBeInTheDocument();
      await screen.findByRole('link', { name: 'Match #1 recorded: Team 1 won, 2 players' });
      expect(requests.some((r) => r.url.startsWith('/api/admin/operations'))).toBe(false);
    },
  );
});
