import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContentBlock, Page, PageWithBlocks } from '@team/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_KEY_STORAGE_KEY } from '@/lib/api';
import { mockFetch, type MockAnswer, type RecordedRequest } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { PageBuilder } from './PageBuilder';

const home: Page = { id: 1, slug: 'home', title: 'Home', isSystem: true };
const events: Page = { id: 2, slug: 'events', title: 'Events', isSystem: false };

function block(id: number, order: number, blockType: ContentBlock['blockType'], title: string): ContentBlock {
  return {
    id,
    pageId: 2,
    blockType,
    layout: 'full',
    order,
    padding: 'medium',
    textAlign: 'left',
    title,
    content: '',
    videoUrl: null,
    imageUrl: null,
    buttonText: null,
    buttonUrl: null,
    buttonStyle: null,
  };
}

const eventsPage: PageWithBlocks = {
  ...events,
  contentBlocks: [block(21, 0, 'html', 'First'), block(22, 1, 'spacer', 'Second'), block(23, 2, 'video', 'Third')],
};

function setup(routes: Record<string, MockAnswer | ((request: RecordedRequest) => MockAnswer)> = {}) {
  localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'admin-key');
  const fetch = mockFetch({
    'GET /api/pages': { body: [home, events] },
    'GET /api/pages/events': { body: eventsPage },
    'GET /api/pages/home': { body: { ...home, contentBlocks: [] } },
    'POST /api/pages': (request) => ({ status: 201, body: { id: 3, isSystem: false, ...(request.body as object) } }),
    'GET /api/pages/tournament-results': { body: { id: 3, slug: 'tournament-results', title: 'Tournament Results', isSystem: false, contentBlocks: [] } },
    'DELETE /api/blocks/22': { status: 200 },
    'PUT /api/blocks/21': { body: {} },
    'PUT /api/blocks/23': { body: {} },
    'POST /api/blocks': (request) => ({ status: 201, body: { ...(request.body as object), id: 99 } }),
    'DELETE /api/pages/2': { status: 200 },
    ...routes,
  });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<PageBuilder onLogout={vi.fn()} handleAdminError={vi.fn(() => false)} />);
  return { ...fetch, user };
}

const writes = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.url}`);

async function openEvents(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByText('Events'));
  await screen.findByText('Add Content Block');
}

describe('PageBuilder', () => {
  it('lists pages with a System badge and shows No Page Selected', async () => {
    setup();
    const list = within(await screen.findByRole('list', { name: 'Pages' }));
    expect(await list.findByText('Home')).toBeInTheDocument();
    expect(list.getAllByText('System')).toHaveLength(1);
    expect(screen.getByText('No Page Selected')).toBeInTheDocument();
  });

  it('requires both slug and title, normalises the slug and closes and clears the dialog on create', async () => {
    const { user, requests } = setup();
    await user.click(await screen.findByText('New Page'));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByText('Create Page'));
    expect(await screen.findByText('Please enter both slug and title')).toBeInTheDocument();
    expect(writes(requests)).toEqual([]);

    await user.type(dialog.getByLabelText('Page Title'), 'Tournament Results');
    await user.type(dialog.getByLabelText('URL Slug'), 'Tournament Results');
    expect(dialog.getByLabelText('URL Slug')).toHaveValue('tournament-results');
    expect(dialog.getByText('Will be accessible at: /tournament-results')).toBeInTheDocument();
    await user.click(dialog.getByText('Create Page'));

    expect(await screen.findByText('Page created successfully')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')!.body).toEqual({
      slug: 'tournament-results',
      title: 'Tournament Results',
    });
    // The dialog closes with cleared fields, and the new page opens in the editor.
    expect(await screen.findByText('/tournament-results', { selector: '.page-editor-header span' })).toBeInTheDocument();
    await user.click(screen.getByText('New Page'));
    const reopened = within(screen.getAllByRole('dialog').at(-1)!);
    expect(reopened.getByLabelText('Page Title')).toHaveValue('');
    expect(reopened.getByLabelText('URL Slug')).toHaveValue('');
  });

  it('moves blocks up and down, renumbering them, and disables the moves at the ends', async () => {
    const { user } = setup();
    await openEvents(user);
    const order = () => screen.getAllByTestId('block-card').map((card) => card.getAttribute('aria-label'));
    expect(order()).toEqual(['Block 1: HTML', 'Block 2: Spacer', 'Block 3: Video']);
    const cards = screen.getAllByTestId('block-card');
    expect(within(cards[0]!).getByLabelText('Move up')).toBeDisabled();
    expect(within(cards[2]!).getByLabelText('Move down')).toBeDisabled();

    await user.click(within(cards[2]!).getByLabelText('Move up'));
    expect(order()).toEqual(['Block 1: HTML', 'Block 2: Video', 'Block 3: Spacer']);
    await user.click(within(screen.getAllByTestId('block-card')[0]!).getByLabelText('Move down'));
    expect(order()).toEqual(['Block 1: Video', 'Block 2: HTML', 'Block 3: Spacer']);
    expect(screen.getAllByText(/^· order \d$/).map((node) => node.textContent)).toEqual(['· order 0', '· order 1', '· order 2']);
  });

  it('saves by deleting removed blocks, then updating saved ones, then creating new ones', async () => {
    const { user, requests } = setup();
    await openEvents(user);
    await user.click(within(screen.getAllByTestId('block-card')[1]!).getByLabelText('Remove block'));
    await user.click(screen.getByLabelText('Add Button block'));
    const added = within(screen.getAllByTestId('block-card')[2]!);
    await user.type(added.getByLabelText('Button Text'), 'Join');
    await user.type(added.getByLabelText('Button URL'), '/tracker');
    await user.click(within(screen.getAllByTestId('block-card')[0]!).getByLabelText('Move down'));
    expect(screen.getByText(/Only use trusted HTML/)).toBeInTheDocument();

    await user.click(screen.getByText('Save Changes'));

    expect(await screen.findByText('Page content saved successfully')).toBeInTheDocument();
    expect(writes(requests)).toEqual(['DELETE /api/blocks/22', 'PUT /api/blocks/23', 'PUT /api/blocks/21', 'POST /api/blocks']);
    const put = requests.find((request) => request.url === '/api/blocks/21')!;
    expect(put.headers.get('x-admin-key')).toBe('admin-key');
    expect(put.body).toMatchObject({ id: 21, pageId: 2, blockType: 'html', order: 1 });
    expect(requests.find((request) => request.method === 'POST')!.body).toMatchObject({
      pageId: 2,
      blockType: 'button',
      order: 2,
      layout: 'full',
      padding: 'medium',
      textAlign: 'left',
      buttonText: 'Join',
      buttonUrl: '/tracker',
      buttonStyle: 'primary',
    });
  });

  it('hides Delete Page on system pages, and deleting a page deselects it', async () => {
    const { user, requests } = setup();
    await user.click(await screen.findByText('Home'));
    await screen.findByText('Add Content Block');
    expect(screen.queryByText('Delete Page')).not.toBeInTheDocument();
    // The home page's blocks show on / (below its sections), so its Preview opens /.
    expect(screen.getByText('Preview').closest('a')).toHaveAttribute('href', '/');

    await user.click(screen.getByText('Events'));
    await screen.findByText('Delete Page');
    expect(screen.getByText('Preview').closest('a')).toHaveAttribute('href', '/events');
    expect(screen.getByText('Preview').closest('a')).toHaveAttribute('target', '_blank');
    await user.click(screen.getByText('Delete Page'));
    await user.click(await screen.findByText('Delete'));

    expect(await screen.findByText('Page deleted successfully')).toBeInTheDocument();
    expect(writes(requests)).toEqual(['DELETE /api/pages/2']);
    expect(screen.getByText('No Page Selected')).toBeInTheDocument();
  });
  it('refuses a route slug in the New Page dialog with the reason, and sends nothing', async () => {
    const { user, requests } = setup();
    await user.click(await screen.findByText('New Page'));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Page Title'), 'Our matches');
    await user.type(dialog.getByLabelText('URL Slug'), 'schedule');
    expect(dialog.getByRole('alert')).toHaveTextContent(
      'The slug "schedule" is already a route of the site: /schedule shows the team\'s schedule and results. Choose another slug.',
    );
    expect(dialog.getByLabelText('URL Slug')).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByRole('button', { name: 'Create Page' })).toBeDisabled();
    expect(dialog.queryByText(/Will be accessible at/)).not.toBeInTheDocument();
    await user.type(dialog.getByLabelText('URL Slug'), '-2025');
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    expect(dialog.getByText('Will be accessible at: /schedule-2025')).toBeInTheDocument();
    expect(writes(requests)).toEqual([]);
  });

  it('says where a page made before its slug became a route is now, and how to rename it', async () => {
    const old: Page = { id: 5, slug: 'schedule', title: 'Match calendar', isSystem: false };
    const { user } = setup({
      'GET /api/pages': { body: [home, events, old] },
      'GET /api/pages/schedule': { body: { ...old, contentBlocks: [] } },
    });
    const list = within(await screen.findByRole('list', { name: 'Pages' }));
    expect(await list.findByText('/pages/schedule')).toBeInTheDocument();
    expect(list.getByText('/events')).toBeInTheDocument();
    await user.click(list.getByText('Match calendar'));
    expect(await screen.findByText("/schedule now shows the team's schedule and results")).toBeInTheDocument();
    expect(screen.getByText(/To rename it, choose New Page with another slug/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '/pages/schedule' })).toHaveAttribute('href', '/pages/schedule');
    expect(screen.getByRole('link', { name: /Preview/ })).toHaveAttribute('href', '/pages/schedule');

    // An ordinary page has no notice, and its preview is at its own address.
    await user.click(list.getByText('Events'));
    await screen.findByText('Add Content Block');
    expect(screen.queryByText(/now shows/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Preview/ })).toHaveAttribute('href', '/events');
  });
});
