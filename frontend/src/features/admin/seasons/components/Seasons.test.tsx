import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Season } from '@team/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_KEY_STORAGE_KEY } from '@/lib/api';
import { mockFetch, type MockAnswer, type RecordedRequest } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { adminSession } from '@/test/admin-session';
import { Seasons } from './Seasons';

const winter: Season = { id: 1, name: 'Winter Cup', startedAt: '2026-01-05T18:00:00.000Z', endedAt: '2026-02-01T12:00:00.000Z', current: false };
const spring: Season = { id: 2, name: 'Spring Split', startedAt: '2026-02-01T12:00:00.000Z', endedAt: null, current: true };

type Route = MockAnswer | ((request: RecordedRequest) => MockAnswer);

function setup(routes: Record<string, Route>) {
  localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'admin-key');
  const fetch = mockFetch({ 'GET /api/seasons': { body: [spring, winter] }, ...routes });
  const user = userEvent.setup({ delay: null });
  const handleAdminError = vi.fn(() => false);
  renderWithProviders(<Seasons onLogout={vi.fn()} handleAdminError={handleAdminError} />, { adminSession: adminSession('owner') });
  return { ...fetch, user, handleAdminError };
}

const posts = (requests: RecordedRequest[]) => requests.filter((request) => request.method !== 'GET');
const startForm = () => screen.getByRole('region', { name: 'Start new season' });

async function fillStart(user: ReturnType<typeof userEvent.setup>, name: string, percent?: string) {
  await user.type(within(startForm()).getByLabelText('Season name'), name);
  if (percent !== undefined) {
    const reset = within(startForm()).getByLabelText('Soft reset (%)');
    await user.clear(reset);
    await user.type(reset, percent);
  }
  await user.click(within(startForm()).getByRole('button', { name: 'Start new season' }));
}

describe('Seasons panel', () => {
  it('lists the seasons with their start, end and the current one tagged, and the note on closed seasons', async () => {
    setup({});
    const list = screen.getByRole('region', { name: 'All seasons' });
    const rows = await within(list).findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Spring SplitCurrent');
    expect(rows[1]).toHaveTextContent('Running');
    expect(rows[2]).toHaveTextContent('Winter Cup');
    expect(rows[2]).not.toHaveTextContent('Current');
    expect(list).toHaveTextContent("A closed season's final standings never change.");
    expect(list).toHaveTextContent('shows in the audit log');
    expect(screen.getByRole('link', { name: 'Seasons' })).toHaveAttribute('href', '/admin/seasons');
  });

  it('starts a season with a soft reset after a confirm that says the current one ends now', async () => {
    let started = false;
    const summer: Season = { id: 3, name: 'Summer Finals', startedAt: '2026-03-01T12:00:00.000Z', endedAt: null, current: true };
    const { user, requests } = setup({
      'GET /api/seasons': () => ({ body: started ? [summer, { ...spring, current: false, endedAt: summer.startedAt }, winter] : [spring, winter] }),
      'POST /api/admin/seasons': () => {
        started = true;
        return { status: 201, body: { season: summer, position: 40, ratingsMoved: 6 } };
      },
    });
    await screen.findByText('Spring Split');
    await fillStart(user, '  Summer Finals ', '25');

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Start Summer Finals?');
    expect(dialog).toHaveTextContent('Spring Split ends now: its final standings are frozen, and matches recorded from now on count for Summer Finals.');
    expect(dialog).toHaveTextContent('Soft reset 25%: every rating (overall and each mode) moves 25% of the way toward 1000 (1400 → 1300, 800 → 850).');
    expect(posts(requests)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Start season' }));

    expect(await screen.findByText('Season started')).toBeInTheDocument();
    expect(screen.getByText('Summer Finals is the current season; the soft reset moved 6 ratings.')).toBeInTheDocument();
    const [post] = posts(requests);
    expect(post!.url).toBe('/api/admin/seasons');
    expect(post!.body).toEqual({ name: 'Summer Finals', softResetPercent: 25 });
    expect(post!.headers.get('x-admin-key')).toBe('admin-key');
    // The list reads again: the new season is current, the old one ended.
    const list = screen.getByRole('region', { name: 'All seasons' });
    await waitFor(() => expect(within(list).getAllByRole('row')).toHaveLength(4));
    expect(within(list).getAllByRole('row')[1]).toHaveTextContent('Summer FinalsCurrent');
    expect(within(startForm()).getByLabelText('Season name')).toHaveValue('');
  });

  it('sends nothing when the confirm is cancelled, and keeps what was typed', async () => {
    const { user, requests } = setup({});
    await screen.findByText('Spring Split');
    await fillStart(user, 'Summer Finals');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('No soft reset: every rating carries over unchanged.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // Nothing goes out, whatever else is clicked after.
    await user.click(within(startForm()).getByLabelText('Season name'));
    expect(posts(requests)).toHaveLength(0);
    expect(within(startForm()).getByLabelText('Season name')).toHaveValue('Summer Finals');
  });

  it("shows the server's refusal in the form", async () => {
    const { user, handleAdminError } = setup({
      'POST /api/admin/seasons': { status: 409, body: { error: 'Spring Split has no match yet: rename it instead of starting another season.' } },
    });
    await screen.findByText('Spring Split');
    await fillStart(user, 'Summer Finals');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Start season' }));
    expect(await within(startForm()).findByText('Spring Split has no match yet: rename it instead of starting another season.')).toBeInTheDocument();
    expect(handleAdminError).toHaveBeenCalled();
    expect(screen.queryByText('Season started')).toBeNull();
    expect(within(startForm()).getByLabelText('Season name')).toHaveValue('Summer Finals');
  });

  it('shows a validation error from the server in the form', async () => {
    const { user } = setup({
      'POST /api/admin/seasons': { status: 400, body: { error: 'The season cannot be started: softResetPercent: a whole number from 0 to 100.' } },
    });
    await screen.findByText('Spring Split');
    await fillStart(user, 'Summer Finals', '40');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Start season' }));
    expect(await within(startForm()).findByText('The season cannot be started: softResetPercent: a whole number from 0 to 100.')).toBeInTheDocument();
  });

  it('cannot start a season without a name', async () => {
    const { user } = setup({});
    await screen.findByText('Spring Split');
    const button = within(startForm()).getByRole('button', { name: 'Start new season' });
    expect(button).toBeDisabled();
    await user.type(within(startForm()).getByLabelText('Season name'), '   ');
    expect(button).toBeDisabled();
  });

  it('renames a season in a small dialog, and shows a refusal inside it', async () => {
    let renamed = false;
    const { user, requests } = setup({
      'GET /api/seasons': () => ({ body: [spring, renamed ? { ...winter, name: 'Winter Classic' } : winter] }),
      'PUT /api/admin/seasons/1': (request) => {
        if ((request.body as { name: string }).name === 'Taken') return { status: 409, body: { error: 'Another season is already called Taken.' } };
        renamed = true;
        return { body: { season: { ...winter, name: 'Winter Classic' }, position: 41, ratingsMoved: 0 } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Rename Winter Cup' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByLabelText('Season name');
    expect(field).toHaveValue('Winter Cup');

    await user.clear(field);
    await user.type(field, 'Taken');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByText('Another season is already called Taken.')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'Winter Classic{Enter}');
    expect(await screen.findByText('Season renamed')).toBeInTheDocument();
    expect(screen.getByText('Winter Cup is now Winter Classic.')).toBeInTheDocument();
    expect(posts(requests).map((request) => [request.method, request.url, request.body])).toEqual([
      ['PUT', '/api/admin/seasons/1', { name: 'Taken' }],
      ['PUT', '/api/admin/seasons/1', { name: 'Winter Classic' }],
    ]);
    expect(await screen.findByRole('button', { name: 'Rename Winter Classic' })).toBeInTheDocument();
  });
});
