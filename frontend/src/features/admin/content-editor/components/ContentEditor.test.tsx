import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContentSection } from '@team/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_KEY_STORAGE_KEY } from '@/lib/api';
import { FALLBACK_SITE } from '@/lib/site';
import { mockFetch, type MockAnswer, type RecordedRequest } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { ContentEditor } from './ContentEditor';

function section(id: number, slug: string, title: string): ContentSection {
  return { id, page: 'home', section: slug, title: `<p>${title}</p>`, content: '<p>Body</p>', imageUrl: null, order: id };
}

const stored = [section(1, 'hero', 'Hero'), section(2, 'stats-overview', 'Stats'), section(3, 'news', 'News')];

function setup(routes: Record<string, MockAnswer | ((request: RecordedRequest) => MockAnswer)> = {}) {
  localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'admin-key');
  let created = 100;
  const fetch = mockFetch({
    'GET /api/content/home': { body: stored },
    'GET /api/content/about': { body: [] },
    'DELETE /api/content/2': { status: 200 },
    'PUT /api/content/1': { body: stored[0] },
    'PUT /api/content/3': { body: stored[2] },
    'POST /api/content': (request) => ({ status: 201, body: { ...(request.body as object), id: ++created, order: created } }),
    'POST /api/content/home/reorder': { status: 200 },
    ...routes,
  });
  const user = userEvent.setup({ delay: null });
  const onLogout = vi.fn();
  const handleAdminError = vi.fn(() => false);
  renderWithProviders(<ContentEditor onLogout={onLogout} handleAdminError={handleAdminError} now={() => 1700000000000} />);
  return { ...fetch, user, onLogout, handleAdminError };
}

const writes = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.url}`);

describe('ContentEditor', () => {
  it('lists the page sections with their fields and count', async () => {
    setup();
    expect(await screen.findByText('3 sections')).toBeInTheDocument();
    const cards = screen.getAllByTestId('section-card');
    expect(cards).toHaveLength(3);
    const first = within(cards[0]!);
    expect(first.getByLabelText('Section ID')).toHaveValue('hero');
    expect(first.getByLabelText('Image URL')).toHaveValue('');
    expect(first.getByLabelText('Title', { selector: '.ql-editor' })).toHaveTextContent('Hero');
    expect(first.getByLabelText('Content', { selector: '.ql-editor' })).toHaveTextContent('Body');
    expect(screen.getByText('Add Section')).toBeInTheDocument();
    expect(screen.queryByText('Create Default Sections')).not.toBeInTheDocument();
  });

  it('saves by deleting removed sections, then updating saved ones, then creating new ones', async () => {
    const { user, requests } = setup();
    await screen.findByText('3 sections');

    await user.click(within(screen.getAllByTestId('section-card')[1]!).getByLabelText('Remove section'));
    await user.click(screen.getByText('Add Section'));
    const cards = screen.getAllByTestId('section-card');
    expect(cards).toHaveLength(3);
    const added = within(cards[2]!);
    expect(added.getByLabelText('Section ID')).toHaveValue('section-1700000000000');
    await user.type(added.getByLabelText('Image URL'), 'https://example.com/a.png');
    await user.type(within(cards[0]!).getByLabelText('Image URL'), 'https://example.com/hero.png');
    expect(writes(requests)).toEqual([]); // edits stay local until Save

    await user.click(screen.getByText('Save Changes'));

    expect(await screen.findByText('Content updated successfully')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(writes(requests)).toEqual([
      'DELETE /api/content/2',
      'PUT /api/content/1',
      'PUT /api/content/3',
      'POST /api/content',
    ]);
    const put = requests.find((request) => request.url === '/api/content/1')!;
    expect(put.headers.get('x-admin-key')).toBe('admin-key');
    expect(put.body).toEqual({ title: '<p>Hero</p>', content: '<p>Body</p>', imageUrl: 'https://example.com/hero.png' });
    const post = requests.find((request) => request.method === 'POST')!;
    expect(post.body).toEqual({
      page: 'home',
      section: 'section-1700000000000',
      title: '',
      content: '',
      imageUrl: 'https://example.com/a.png',
    });
    // The content queries are read again after the save.
    await waitFor(() => expect(requests.filter((request) => request.url === '/api/content/home')).toHaveLength(2));
  });

  // docs/product.md#messages: the save reports (and logs) which step failed, with the server's answer; the toast stays as it is.
  it.each([
    ['a delete', { 'DELETE /api/content/2': { status: 500, body: 'store down' } }, 'Failed to delete content'],
    ['an update', { 'PUT /api/content/1': { status: 500, body: { error: 'boom' } } }, 'Failed to update content: {"error":"boom"}'],
    ['a create', { 'POST /api/content': { status: 400, body: { error: 'Section id taken' } } }, 'Failed to create content: {"error":"Section id taken"}'],
  ])('logs %s failure with its internal message and toasts "Error / Failed to update content"', async (_step, routes, message) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setup(routes);
    await screen.findByText('3 sections');
    await user.click(within(screen.getAllByTestId('section-card')[1]!).getByLabelText('Remove section'));
    await user.click(screen.getByText('Add Section'));
    await user.click(screen.getByText('Save Changes'));

    expect(await screen.findByText('Failed to update content')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledTimes(1);
    const [error] = logged.mock.calls[0]!;
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(message);
    logged.mockRestore();
  });

  it('hands a rejected admin key during a save to the session, with no toast or log of its own', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, handleAdminError } = setup({ 'PUT /api/content/1': { status: 401, body: { error: 'Invalid admin key' } } });
    handleAdminError.mockReturnValue(true);
    await screen.findByText('3 sections');
    await user.click(screen.getByText('Save Changes'));

    await waitFor(() => expect(handleAdminError).toHaveBeenCalledWith(expect.objectContaining({ status: 401 })));
    expect(screen.queryByText('Failed to update content')).not.toBeInTheDocument();
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it('offers default sections on an empty page and adds them locally', async () => {
    const { user, requests } = setup();
    await screen.findByText('3 sections');
    await user.click(screen.getByText('About'));

    expect(await screen.findByText('0 sections')).toBeInTheDocument();
    expect(screen.getByText(/2 sections for home, 3 for about and 3 player profiles for roster/)).toBeInTheDocument();
    await user.click(screen.getByText('Create Default Sections'));

    expect(await screen.findByText('Template Loaded')).toBeInTheDocument();
    expect(screen.getByText('Added 3 default sections for about page')).toBeInTheDocument();
    const ids = screen.getAllByLabelText('Section ID').map((input) => (input as HTMLInputElement).value);
    expect(ids).toEqual(['our-story', 'our-mission', 'achievements']);
    expect(writes(requests)).toEqual([]);
  });

  it('shows what the public page shows on an empty page, says it is the fallback, and starts from the same text', async () => {
    const { user } = setup({ 'GET /api/content/home': { body: [] }, 'GET /api/content/roster': { body: [] } });
    expect(await screen.findByText('0 sections')).toBeInTheDocument();
    expect(screen.queryByText('No sections yet')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No sections yet: / shows the fallback' })).toBeInTheDocument();
    const homeFallback = within(screen.getByRole('list', { name: 'Fallback shown on /' }));
    expect(homeFallback.getByText(FALLBACK_SITE.teamName)).toBeInTheDocument();
    expect(homeFallback.getByText(FALLBACK_SITE.tagline, { exact: false })).toBeInTheDocument();
    await user.click(screen.getByText('Create Default Sections'));
    const hero = within(screen.getAllByTestId('section-card')[0]!);
    expect(hero.getByLabelText('Section ID')).toHaveValue('hero');
    expect(hero.getByLabelText('Title', { selector: '.ql-editor' })).toHaveTextContent(FALLBACK_SITE.teamName);
    expect(hero.getByLabelText('Content', { selector: '.ql-editor' })).toHaveTextContent(FALLBACK_SITE.tagline);

    // The loaded defaults are not saved: choosing another page asks first.
    await user.click(screen.getByText('About'));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    const about = within(await screen.findByRole('list', { name: 'Fallback shown on /about' }));
    for (const title of ['Our Story', 'Our Mission', 'Achievements']) expect(about.getByText(title)).toBeInTheDocument();
    expect(about.getByText(/Titles, placements and milestones\. Coming soon\./)).toBeInTheDocument();

    await user.click(screen.getByText('Roster'));
    const roster = within(await screen.findByRole('list', { name: 'Fallback shown on /roster' }));
    expect(roster.getByText('Player 1')).toBeInTheDocument();
    expect(roster.getAllByText(/Roster spot to be announced\./)).toHaveLength(3);
    await user.click(screen.getByText('Create Default Sections'));
    const player = within(screen.getAllByTestId('section-card')[0]!);
    expect(player.getByLabelText('Title', { selector: '.ql-editor' })).toHaveTextContent('Player 1');
    const content = player.getByLabelText('Content', { selector: '.ql-editor' });
    expect(content).toHaveTextContent('Roster spot to be announced.');
    expect(content).toHaveTextContent('Role: Entry Fragger (example)');
    expect(content).toHaveTextContent('ELO: 1200 (example: the tracker has the real rating)');
  });
});
