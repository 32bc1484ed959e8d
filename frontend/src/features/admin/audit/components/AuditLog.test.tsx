import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_KEY_STORAGE_KEY } from '@/lib/api';
import { mockFetch, type MockAnswer, type RecordedRequest } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { adminSession } from '@/test/admin-session';
import type { AdminKeySummary, AdminRole } from '@team/contracts';
import { blockSavedEntry, contentEditedEntry, matchEntry } from '@/test/fixtures/audit-entries';
import { AuditLog } from './AuditLog';

type Route = MockAnswer | ((request: RecordedRequest) => MockAnswer);

const namedKey = (id: string, name: string, status: AdminKeySummary['status'] = 'active'): AdminKeySummary => ({
  id,
  name,
  role: 'editor',
  status,
  createdAt: '2025-03-01T10:00:00.000Z',
  createdBy: { id: 'owner', name: 'Owner' },
  expiresAt: null,
  endedAt: status === 'active' ? null : '2025-03-02T10:00:00.000Z',
});

function setup({ route = '/admin/audit', events, role = 'owner' }: { route?: string; events?: Route; role?: AdminRole } = {}) {
  localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'admin-key');
  const fetch = mockFetch({
    'GET /api/admin/events': events ?? { body: { events: [contentEditedEntry(3), matchEntry(2), matchEntry(1)], nextCursor: null } },
    'GET /api/admin/keys': { body: [namedKey('k00000000b0', 'Bob', 'revoked'), namedKey('k0123456789', 'Alice')] },
  });
  const user = userEvent.setup({ delay: null });
  const handleAdminError = vi.fn(() => false);
  renderWithProviders(<AuditLog onLogout={vi.fn()} handleAdminError={handleAdminError} />, { route, adminSession: adminSession(role) });
  const eventRequests = () => fetch.requests.filter((r) => r.url.startsWith('/api/admin/events')).map((r) => r.url);
  return { ...fetch, user, handleAdminError, eventRequests };
}

/** Pastes rather than types: one change event per field keeps the antd form fast under jsdom. */
async function fill(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
}

const dataRows = () => screen.getAllByRole('row').filter((row) => row.classList.contains('ant-table-row'));

describe('AuditLog', () => {
  it('lists the events newest first with their columns and links, sending the admin key', async () => {
    const { requests } = setup();
    expect(screen.getByRole('heading', { name: 'Audit Log' })).toBeInTheDocument();
    expect(await screen.findByText('Match #2 recorded: Team 1 won, 2 players')).toBeInTheDocument();

    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(
      expect.arrayContaining(['Position', 'Time', 'Type', 'Stream', 'Actor', 'Summary']),
    );
    const rows = dataRows();
    expect(rows).toHaveLength(3);
    const edit = within(rows[0]!);
    expect(edit.getByText('3')).toBeInTheDocument();
    expect(edit.getByText('ContentEdited')).toBeInTheDocument();
    expect(edit.getByText('content-about')).toBeInTheDocument();
    expect(edit.getByText('admin')).toBeInTheDocument();
    expect(edit.getByText('Section "New" on the About page edited (title)')).toBeInTheDocument();
    expect(edit.getByRole('link', { name: 'About page' })).toHaveAttribute('href', '/about');
    expect(edit.getByRole('button', { name: 'History of Section our-story (about page)' })).toBeInTheDocument();

    const match = within(rows[1]!);
    expect(match.getByText('public')).toBeInTheDocument();
    // Players are linked by the name the server gives them.
    const player = match.getByRole('link', { name: 'Ace (#1)' });
    expect(player).toHaveAttribute('href', '/tracker/players?playerId=1');
    expect(player).toHaveAttribute('target', '_blank');
    expect(match.queryByRole('button', { name: /History/ })).not.toBeInTheDocument();

    const firstRead = requests.find((r) => r.url.startsWith('/api/admin/events'))!;
    expect(firstRead.url).toBe('/api/admin/events?limit=50');
    expect(firstRead.headers.get('x-admin-key')).toBe('admin-key');
    expect(screen.getByText('Start of the log: no older events.')).toBeInTheDocument();
  });

  it('expands a row into the whole event as JSON with its metadata', async () => {
    const { user } = setup();
    await screen.findByText('Match #2 recorded: Team 1 won, 2 players');
    expect(screen.queryByLabelText('Event 2 as JSON')).not.toBeInTheDocument();

    await user.click(within(dataRows()[1]!).getByRole('button', { name: /expand row/i }));

    const json = await screen.findByLabelText('Event 2 as JSON');
    const shown = JSON.parse(json.textContent!);
    expect(shown).toMatchObject({
      position: 2,
      streamId: 'ladder',
      type: 'MatchRecorded',
      data: { matchId: 2, participants: [{ playerId: 1 }, { playerId: 2 }] },
      metadata: { correlationId: 'corr-2', actor: 'public', eventId: 'event-2' },
    });
    expect(json.textContent).toContain('\n  "position": 2');
    expect(screen.getByText('corr-2')).toBeInTheDocument();
    expect(screen.getByText('fp-abc')).toBeInTheDocument();
  });

  it('reads the filter from the screen URL and sends it as the query string', async () => {
    const { eventRequests } = setup({
      route: '/admin/audit?type=MatchRecorded,PlayersMerged&player=2&q=hero',
      events: { body: { events: [matchEntry(2)], nextCursor: null } },
    });
    await screen.findByText('Match #2 recorded: Team 1 won, 2 players');
    expect(eventRequests()).toEqual(['/api/admin/events?type=MatchRecorded,PlayersMerged&player=2&q=hero&limit=50']);
    expect(screen.getByLabelText('Player ID')).toHaveValue('2');
    expect(screen.getByLabelText('Search')).toHaveValue('hero');
    expect(screen.getByTitle('MatchRecorded')).toBeInTheDocument();
  });

  it('offers every audited event type in the filter, in its group: site settings, media, fixtures, profiles, review, webhooks, operations too', async () => {
    const { user } = setup();
    await screen.findByText('Match #2 recorded: Team 1 won, 2 players');
    const expected = [
      ['SiteSettingsChanged', 'Site settings and media'],
      ['MediaUploaded', 'Site settings and media'],
      ['MediaAltChanged', 'Site settings and media'],
      ['FixtureScheduled', 'Fixtures'],
      ['PlayerProfileEdited', 'Player profiles'],
      ['MatchSubmitted', 'Review queue'],
      ['WebhookCreated', 'Webhooks'],
      ['AdminKeyCreated', 'Admin keys'],
      ['ProjectionEventSetAside', 'Operations'],
    ];
    // antd lists only the options that match what is typed, each under its group's heading.
    for (const [type, group] of expected) {
      await user.type(screen.getByLabelText('Event types'), type!);
      await waitFor(() => expect(document.querySelector(`.ant-select-item-option[title="${type}"]`)).not.toBeNull(), { timeout: 10_000 });
      const headings = [...document.querySelectorAll('.ant-select-item-group')].map((heading) => heading.textContent);
      expect(headings).toContain(group);
      await user.clear(screen.getByLabelText('Event types'));
    }
  });

  it('applies typed filters, chosen event types and a time range', async () => {
    const { user, eventRequests } = setup();
    await screen.findByText('Match #2 recorded: Team 1 won, 2 players');

    // antd's visible options are divs titled with their label (the role=option list is for screen readers).
    const pickType = async (type: string) => {
      await user.type(screen.getByLabelText('Event types'), type.slice(0, 8));
      const option = await waitFor(() => {
        const found = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${type}"]`);
        if (!found) throw new Error(`no option ${type}`);
        return found;
      });
      await user.click(option);
    };
    await pickType('MatchRecorded');
    await pickType('ContentEdited');
    await fill(user, 'Stream', 'ladder');
    await fill(user, 'Player ID', '7');
    await fill(user, 'From', '2025-03-04T10:00');
    await fill(user, 'Search', 'ace round');
    await user.keyboard('{Enter}');

    const from = encodeURIComponent(new Date('2025-03-04T10:00').toISOString());
    await waitFor(() =>
      expect(eventRequests().at(-1)).toBe(
        `/api/admin/events?type=MatchRecorded,ContentEdited&stream=ladder&player=7&from=${from}&q=ace%20round&limit=50`,
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(eventRequests().at(-1)).toBe('/api/admin/events?limit=50'));
    expect(screen.getByLabelText('Player ID')).toHaveValue('');
  });

  it('does not send a filter with a bad player id or an inverted time range', async () => {
    const { user, eventRequests } = setup();
    await screen.findByText('Match #2 recorded: Team 1 won, 2 players');
    await fill(user, 'Player ID', 'abc');
    await fill(user, 'From', '2025-03-05T10:00');
    await fill(user, 'To', '2025-03-04T10:00');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Player ID must be a whole number above 0.');
    expect(alert).toHaveTextContent('The start of the time range must be before its end.');
    expect(eventRequests()).toEqual(['/api/admin/events?limit=50']);
  });

  it('loads older pages with the cursor', async () => {
    const { user, eventRequests } = setup({
      events: (request) =>
        request.url.includes('before=3')
          ? { body: { events: [matchEntry(2), matchEntry(1)], nextCursor: null } }
          : { body: { events: [blockSavedEntry(4), contentEditedEntry(3)], nextCursor: 3 } },
    });
    await screen.findByText('Text block #4 added to page "Tryouts" (/tryouts)');
    expect(dataRows()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Load older' }));

    expect(await screen.findByText('Match #1 recorded: Team 1 won, 2 players')).toBeInTheDocument();
    expect(dataRows()).toHaveLength(4);
    expect(eventRequests()).toEqual(['/api/admin/events?limit=50', '/api/admin/events?before=3&limit=50']);
    expect(screen.queryByRole('button', { name: 'Load older' })).not.toBeInTheDocument();
  });

  it('says when no event matches the filters', async () => {
    setup({ route: '/admin/audit?type=PlayersMerged', events: { body: { events: [], nextCursor: null } } });
    expect(await screen.findByText('No events match these filters.')).toBeInTheDocument();
  });

  it('shows the server message when the filter is refused', async () => {
    const { handleAdminError } = setup({
      route: '/admin/audit?player=2',
      events: { status: 400, body: { error: 'The audit filter is not valid.', details: ['from must not be after to'] } },
    });
    expect(await screen.findByText('The audit filter is not valid.')).toBeInTheDocument();
    expect(screen.getByText('from must not be after to')).toBeInTheDocument();
    expect(handleAdminError).toHaveBeenCalled();
  });

  it('names the key behind each admin event beside its actor, and filters by it when clicked', async () => {
    const { user, eventRequests } = setup();
    await screen.findByText('Match #2 recorded: Team 1 won, 2 players');
    const [edit, match] = dataRows();
    expect(within(edit!).getByText('admin')).toBeInTheDocument();
    // A public event has no key: its actor tag stands alone.
    expect(within(match!).queryByRole('button', { name: 'Alice' })).not.toBeInTheDocument();

    await user.click(within(edit!).getByRole('button', { name: 'Alice' }));
    await waitFor(() => expect(eventRequests().at(-1)).toBe('/api/admin/events?key=k0123456789&limit=50'));
    // The filter bar shows the key by its name.
    await waitFor(() => expect(screen.getByLabelText('Key').closest('.ant-select-content')).toHaveAttribute('title', 'Alice'));
  });

  it('filters by a key chosen by name: the owner or a named key, revoked ones marked', async () => {
    const { user, eventRequests } = setup();
    await screen.findByText('Match #2 recorded: Team 1 won, 2 players');
    await user.click(screen.getByLabelText('Key'));
    const option = (label: string) =>
      waitFor(() => {
        const found = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${label}"]`);
        if (!found) throw new Error(`no option ${label}`);
        return found;
      });
    await option('Owner');
    await option('Bob (revoked)');
    await user.click(await option('Alice'));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(eventRequests().at(-1)).toBe('/api/admin/events?key=k0123456789&limit=50'));
  });

  it('reads the key filter from the screen URL', async () => {
    const { eventRequests } = setup({ route: '/admin/audit?key=owner', events: { body: { events: [blockSavedEntry(4)], nextCursor: null } } });
    await screen.findByText('Text block #4 added to page "Tryouts" (/tryouts)');
    expect(eventRequests()).toEqual(['/api/admin/events?key=owner&limit=50']);
    expect(within(dataRows()[0]!).getByRole('button', { name: 'Owner' })).toBeInTheDocument();
  });

  it('offers the History of a section only to a key that may edit content', async () => {
    setup({ role: 'moderator' });
    await screen.findByText('Match #2 recorded: Team 1 won, 2 players');
    expect(screen.queryByRole('button', { name: /History of/ })).not.toBeInTheDocument();
  });
});
