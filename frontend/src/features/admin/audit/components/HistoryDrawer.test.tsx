import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContentBlock, PageVersion, SectionVersion } from '@team/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_KEY_STORAGE_KEY } from '@/lib/api';
import { mockFetch, type MockAnswer, type RecordedRequest } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import type { HistoryTarget } from '../history-target';
import { HistoryDrawer } from './HistoryDrawer';

const base = (version: number, eventType: string) => ({
  version,
  position: version * 10,
  revision: version,
  recordedAt: `2025-03-0${version}T10:00:00.000Z`,
  actor: 'admin' as const,
  correlationId: `corr-${version}`,
  eventType,
  deleted: false,
});

const sectionVersion = (version: number, eventType: string, title: string, content: string): SectionVersion => ({
  ...base(version, eventType),
  section: { id: 7, page: 'about', section: 'our-story', title, content, imageUrl: null },
});

const sectionVersions = [
  sectionVersion(1, 'ContentSectionCreated', '<p>Our Story</p>', '<p>We started in 2019.</p>'),
  sectionVersion(2, 'ContentEdited', '<p>Our Long Story</p>', '<p>We started in 2019.</p>'),
  sectionVersion(3, 'ContentEdited', '<p>Our Long Story</p>', '<p>We started playing in 2020.</p>'),
];

type Route = MockAnswer | ((request: RecordedRequest) => MockAnswer);

function setup(target: HistoryTarget, routes: Record<string, Route>) {
  localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'admin-key');
  const fetch = mockFetch(routes);
  const user = userEvent.setup({ delay: null });
  const onRestored = vi.fn();
  const handleAdminError = vi.fn(() => false);
  renderWithProviders(<HistoryDrawer target={target} onClose={vi.fn()} onRestored={onRestored} handleAdminError={handleAdminError} />);
  return { ...fetch, user, onRestored };
}

const versionItem = (n: number) => screen.getByRole('listitem', { name: `Version ${n}` });

describe('HistoryDrawer for a content section', () => {
  const target: HistoryTarget = { kind: 'section', id: 7, label: 'Section our-story (about page)' };

  it('names the key behind each admin version, as the audit log does', async () => {
    const named = sectionVersions.map((v, i) => (i === 2 ? { ...v, adminKey: { id: 'k1', name: 'Alice' } } : v));
    setup(target, { 'GET /api/admin/content/7/versions': { body: named } });
    await screen.findByRole('listitem', { name: 'Version 3' });
    expect(within(versionItem(3)).getByText('Alice')).toBeInTheDocument();
    expect(within(versionItem(3)).getByText('admin')).toBeInTheDocument();
    expect(within(versionItem(2)).queryByText('Alice')).toBeNull();
  });

  it('lists the versions newest first and shows a word diff of the latest change', async () => {
    setup(target, { 'GET /api/admin/content/7/versions': { body: sectionVersions } });
    expect(await screen.findByText('History: Section our-story (about page)')).toBeInTheDocument();
    await screen.findByRole('listitem', { name: 'Version 3' });

    const items = within(screen.getByRole('list', { name: 'Versions' })).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Version 3', 'Version 2', 'Version 1']);
    expect(within(versionItem(3)).getByText('Current')).toBeInTheDocument();
    expect(within(versionItem(3)).queryByRole('button', { name: /Restore/ })).not.toBeInTheDocument();
    expect(within(versionItem(1)).getByText('ContentSectionCreated')).toBeInTheDocument();
    expect(within(versionItem(1)).getByText('Our Story')).toBeInTheDocument();

    const diff = screen.getByLabelText('Changes from version 2 to version 3');
    const content = diff.querySelectorAll('.word-diff')[1]!;
    expect([...content.querySelectorAll('del')].map((node) => node.textContent)).toEqual(['2019.']);
    expect([...content.querySelectorAll('ins')].map((node) => node.textContent)).toEqual(['playing', '2020.']);
    expect(content.textContent).toBe('We started playing in 2019. 2020.');
  });

  it('compares any two versions the admin picks', async () => {
    const { user } = setup(target, { 'GET /api/admin/content/7/versions': { body: sectionVersions } });
    await screen.findByRole('listitem', { name: 'Version 3' });

    await user.click(screen.getByLabelText('Older version'));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((node) =>
        node.textContent?.startsWith('Version 1 '),
      );
      if (!found) throw new Error('no option');
      return found;
    });
    await user.click(option);

    const diff = await screen.findByLabelText('Changes from version 1 to version 3');
    const title = diff.querySelectorAll('.word-diff')[0]!;
    expect([...title.querySelectorAll('ins')].map((node) => node.textContent)).toEqual(['Long']);
  });

  it('restores a version after a confirm, with a toast, and refreshes', async () => {
    let reads = 0;
    const { user, requests, onRestored } = setup(target, {
      'GET /api/admin/content/7/versions': () => {
        reads += 1;
        return { body: sectionVersions };
      },
      'POST /api/admin/content/7/restore': { status: 201, body: {} },
    });
    await screen.findByRole('listitem', { name: 'Version 1' });

    await user.click(within(versionItem(1)).getByRole('button', { name: /Restore this version/ }));
    expect(await screen.findByText('Restore version 1?')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Restore' }));

    expect(await screen.findByText('Version restored')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({ version: 1 });
    expect(post.headers.get('x-admin-key')).toBe('admin-key');
    expect(onRestored).toHaveBeenCalled();
    await waitFor(() => expect(reads).toBe(2));
  });

  it("shows the server's message when a restore is refused", async () => {
    const { user, onRestored } = setup(target, {
      'GET /api/admin/content/7/versions': { body: sectionVersions },
      'POST /api/admin/content/7/restore': { status: 409, body: { error: 'The section changed meanwhile.' } },
    });
    await screen.findByRole('listitem', { name: 'Version 2' });
    await user.click(within(versionItem(2)).getByRole('button', { name: /Restore this version/ }));
    await user.click(await screen.findByRole('button', { name: 'Restore' }));

    expect(await screen.findByText('The section changed meanwhile.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(onRestored).not.toHaveBeenCalled();
  });
});

const block = (id: number, overrides: Partial<ContentBlock>): ContentBlock => ({
  id,
  pageId: 12,
  blockType: 'text',
  layout: 'full',
  order: 0,
  padding: 'medium',
  textAlign: 'left',
  title: null,
  content: null,
  videoUrl: null,
  imageUrl: null,
  buttonText: null,
  buttonUrl: null,
  buttonStyle: null,
  ...overrides,
});

const pageVersion = (version: number, eventType: string, title: string, blocks: ContentBlock[]): PageVersion => ({
  ...base(version, eventType),
  page: { id: 12, slug: 'tryouts', title, isSystem: false, contentBlocks: blocks },
});

describe('HistoryDrawer for a page', () => {
  const target: HistoryTarget = { kind: 'page', id: 12, label: 'Page /tryouts' };
  const versions = [
    pageVersion(1, 'PageCreated', 'Tryouts', []),
    pageVersion(2, 'ContentBlockSaved', 'Tryouts', [block(4, { content: '<p>Hello world</p>' })]),
    pageVersion(3, 'ContentBlockSaved', 'Tryouts', [
      block(4, { content: '<p>Hello brave world</p>', layout: 'half' }),
      block(5, { blockType: 'button', order: 1, buttonText: 'Apply', buttonUrl: '/apply' }),
    ]),
  ];

  it('lists each version with its blocks and diffs the blocks', async () => {
    setup(target, { 'GET /api/admin/pages/12/versions': { body: versions } });
    await screen.findByRole('listitem', { name: 'Version 3' });

    expect(within(versionItem(3)).getByText('Tryouts at /tryouts. 2 blocks: Text block #4, Button block #5')).toBeInTheDocument();
    expect(within(versionItem(1)).getByText('Tryouts at /tryouts. No blocks.')).toBeInTheDocument();

    const diff = screen.getByLabelText('Changes from version 2 to version 3');
    const [changed, added] = [...diff.querySelectorAll<HTMLElement>('.history-block')];
    expect(within(changed!).getByText('Changed')).toBeInTheDocument();
    expect(changed!.querySelector('.word-diff ins')!.textContent).toBe('brave');
    expect(changed!).toHaveTextContent('Layout: full → half');
    expect(within(added!).getByText('Added')).toBeInTheDocument();
    expect(added!).toHaveTextContent('Button block #5');
  });

  it('restores a page version', async () => {
    const { user, requests } = setup(target, {
      'GET /api/admin/pages/12/versions': { body: versions },
      'POST /api/admin/pages/12/restore': { status: 201, body: {} },
    });
    await screen.findByRole('listitem', { name: 'Version 2' });
    await user.click(within(versionItem(2)).getByRole('button', { name: /Restore this version/ }));
    await user.click(await screen.findByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Version restored')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({ version: 2 });
  });
});
