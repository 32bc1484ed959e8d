import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContentSection, Page } from '@team/contracts';
import type { ReactElement } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_KEY_STORAGE_KEY } from '@/lib/api';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { ContentEditor } from '../../content-editor/components/ContentEditor';
import { PageBuilder } from '../../page-builder/components/PageBuilder';

const hero: ContentSection = { id: 1, page: 'home', section: 'hero', title: '<p>Hero</p>', content: '<p>Body</p>', imageUrl: null, order: 1 };
const events: Page = { id: 2, slug: 'events', title: 'Events', isSystem: false };

function Where() {
  return <output aria-label="Location">{useLocation().pathname}</output>;
}

function renderScreen(ui: ReactElement, { browserHistory = false } = {}) {
  localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'admin-key');
  mockFetch({
    'GET /api/content/home': { body: [hero] },
    'GET /api/content/about': { body: [] },
    'GET /api/pages': { body: [events] },
    'GET /api/pages/events': { body: { ...events, contentBlocks: [] } },
  });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(
    <>
      {ui}
      <Link to="/tracker">Tracker</Link>
      <Link to="/admin/content">Editor</Link>
      <Where />
    </>,
    { route: browserHistory ? '/tracker' : '/admin/content', browserHistory },
  );
  return user;
}

/** Whether a beforeunload now would ask before closing the tab. */
function closingAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('unsaved changes', () => {
  it('lets the content editor be left freely until an edit, then asks first, in the app and on closing the tab', async () => {
    const user = renderScreen(<ContentEditor onLogout={vi.fn()} handleAdminError={vi.fn(() => false)} />);
    await screen.findByText('1 section');
    // Loading the sections (Quill's own HTML for them included) is not an edit.
    expect(closingAsks()).toBe(false);

    await user.type(screen.getByLabelText('Image URL'), '/hero.png');
    expect(closingAsks()).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Tracker' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Leave without saving?').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Location')).toHaveTextContent('/admin/content');
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.getByLabelText('Location')).toHaveTextContent('/admin/content');
    expect(screen.getByLabelText('Image URL')).toHaveValue('/hero.png');

    // Choosing another page of the editor would drop the drafts too.
    await user.click(screen.getByText('About'));
    // antd keeps a closed confirm in the document (hidden): the new one is the last.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Leave without saving', hidden: true })).toHaveLength(2), { timeout: 10_000 });
    expect(screen.getByLabelText('Image URL')).toHaveValue('/hero.png');
    await user.click(screen.getAllByRole('button', { name: 'Leave without saving', hidden: true }).at(-1)!);
    expect(await screen.findByText('0 sections')).toBeInTheDocument();
    expect(closingAsks()).toBe(false);

    await user.click(screen.getByRole('link', { name: 'Tracker' }));
    expect(screen.getByLabelText('Location')).toHaveTextContent('/tracker');
  });

  it('asks before leaving the page builder with an unsaved block, whose Preview says it shows the saved version', async () => {
    const user = renderScreen(<PageBuilder onLogout={vi.fn()} handleAdminError={vi.fn(() => false)} />);
    await user.click(await screen.findByText('Events'));
    await screen.findByText('Add Content Block');
    expect(screen.queryByText(/Preview shows the saved version/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Spacer block' }));
    expect(screen.getByText('Preview shows the saved version: save to see your changes.')).toBeInTheDocument();
    expect(closingAsks()).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: 'Tracker' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Leave without saving?').length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(screen.getByLabelText('Location')).toHaveTextContent('/tracker'), { timeout: 10_000 });
  });

  it("holds the browser's Back on the content editor while an edit is unsaved, and goes back once left", async () => {
    const user = renderScreen(<ContentEditor onLogout={vi.fn()} handleAdminError={vi.fn(() => false)} />, { browserHistory: true });
    await user.click(screen.getByRole('link', { name: 'Editor' }));
    expect(screen.getByLabelText('Location')).toHaveTextContent('/admin/content');
    await screen.findByText('1 section');
    await user.type(screen.getByLabelText('Image URL'), '/hero.png');

    window.history.back();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Leave without saving?').length).toBeGreaterThan(0);
    // Back again while it asks: undone as well (the move and its undo), and asked once.
    const go = vi.spyOn(window.history, 'go');
    window.history.back();
    await waitFor(() => expect(go).toHaveBeenCalledWith(1), { timeout: 10_000 });
    go.mockRestore();
    await waitFor(() => expect(window.location.pathname).toBe('/admin/content'), { timeout: 10_000 });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    // The move was undone before the router saw it: the screen, its address and the draft stay.
    await waitFor(() => expect(window.location.pathname).toBe('/admin/content'), { timeout: 10_000 });
    expect(screen.getByLabelText('Location')).toHaveTextContent('/admin/content');
    expect(screen.getByLabelText('Image URL')).toHaveValue('/hero.png');

    window.history.back();
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Leave without saving', hidden: true })).toHaveLength(2), { timeout: 10_000 });
    await user.click(screen.getAllByRole('button', { name: 'Leave without saving', hidden: true }).at(-1)!);
    await waitFor(() => expect(screen.getByLabelText('Location')).toHaveTextContent('/tracker'), { timeout: 10_000 });
    expect(window.location.pathname).toBe('/tracker');
  });
});
