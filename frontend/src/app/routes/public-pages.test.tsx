import { screen, within } from '@testing-library/react';
import type { ContentBlock, ContentSection, PageWithBlocks, TopPlayer } from '@team/contracts';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { BRAND_NAME, DEFAULT_TAGLINE } from '@team/contracts';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import AboutRoute from './about';
import DynamicPageRoute from './dynamic-page';
import HomeRoute from './home';
import RosterRoute from './roster';

function section(overrides: Partial<ContentSection>): ContentSection {
  return { id: 1, page: 'home', section: 'hero', title: '', content: '', imageUrl: null, order: 0, ...overrides };
}

const topPlayers: TopPlayer[] = Array.from({ length: 7 }, (_, i) => ({
  id: i + 1,
  username: `Top${i + 1}`,
  discordId: `10000${i + 1}`,
  wins: 10 - i,
  losses: i,
  elo: 1700 - i * 10,
  totalMatches: 10,
}));

describe('Home', () => {
  it('falls back to the brand and default tagline, zero stats and average ELO 1000', async () => {
    mockFetch({
      'GET /api/content/home': { status: 500, body: { error: 'down' } },
      'GET /api/stats/global': { status: 500, body: { error: 'down' } },
      'GET /api/players/top': { body: [] },
    });
    renderWithProviders(<HomeRoute />);
    expect(await screen.findByRole('heading', { level: 1, name: BRAND_NAME })).toBeInTheDocument();
    expect(screen.getByText(DEFAULT_TAGLINE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Leaderboard' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Roster' })).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Average ELO' })).findByText('1000')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Total Players' })).getByText('0')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Matches Played' })).getByText('0')).toBeInTheDocument();
  });

  it('shows the hero and extra sections from content, the stats and six top players', async () => {
    mockFetch({
      'GET /api/content/home': {
        body: [
          section({ id: 1, title: '<p>Team <em>Vendetta</em></p>', content: '<p>We play to win.</p>', imageUrl: '/logo.png' }),
          section({ id: 2, section: 'stats-overview', title: '<p>Our numbers</p>', content: '<p>Always climbing.</p>' }),
        ],
      },
      'GET /api/stats/global': { body: { totalPlayers: 42, totalMatches: 17, avgElo: 1187.6 } },
      'GET /api/players/top': { body: topPlayers },
    });
    renderWithProviders(<HomeRoute />);
    expect(await screen.findByText('We play to win.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Team Vendetta');
    expect(screen.getByRole('img', { name: `${BRAND_NAME} logo` })).toHaveAttribute('src', '/logo.png');
    expect(screen.getByText('Our numbers')).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Average ELO' })).findByText('1188')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Total Players' })).getByText('42')).toBeInTheDocument();

    const top = screen.getByRole('region', { name: 'Top Players' });
    expect(await within(top).findByText('Top6')).toBeInTheDocument();
    expect(within(top).queryByText('Top7')).not.toBeInTheDocument();
    expect(within(top).getByText('#1')).toBeInTheDocument();
    expect(within(top).getByText('10W - 0L')).toBeInTheDocument();
    expect(within(top).getByText('1700')).toBeInTheDocument();
    expect(within(top).getByRole('button', { name: 'View Full Leaderboard' })).toBeInTheDocument();
  });
});

describe('About', () => {
  it('shows Loading... and then placeholders when there are no sections', async () => {
    mockFetch({ 'GET /api/content/about': { body: [] } });
    renderWithProviders(<AboutRoute />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Our Story')).toBeInTheDocument();
    expect(screen.getByText('Our Mission')).toBeInTheDocument();
    expect(screen.getByText('Achievements')).toBeInTheDocument();
  });

  it('shows the sections when there are some', async () => {
    mockFetch({ 'GET /api/content/about': { body: [section({ page: 'about', section: 'history', title: '<p>Founded 2019</p>', content: '<p>Since then.</p>' })] } });
    renderWithProviders(<AboutRoute />);
    expect(await screen.findByText('Founded 2019')).toBeInTheDocument();
    expect(screen.queryByText('Our Story')).not.toBeInTheDocument();
  });
});

describe('Roster', () => {
  it('shows Team Roster with member cards', async () => {
    mockFetch({
      'GET /api/content/roster': {
        body: [section({ page: 'roster', section: 'player-1', title: '<p>Ace</p>', content: '<p>Role: Slayer</p>', imageUrl: '/ace.png' })],
      },
    });
    renderWithProviders(<RosterRoute />);
    expect(screen.getByRole('heading', { name: 'Team Roster' })).toBeInTheDocument();
    expect(await screen.findByText('Role: Slayer')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Ace' })).toHaveAttribute('src', '/ace.png');
  });

  it('shows placeholder cards when the roster is empty', async () => {
    mockFetch({ 'GET /api/content/roster': { body: [] } });
    renderWithProviders(<RosterRoute />);
    expect(await screen.findByText('Player 1')).toBeInTheDocument();
  });
});

describe("the Page Builder's blocks of the system pages", () => {
  const block = (id: number, title: string, content: string): ContentBlock => ({
    id, pageId: 2, blockType: 'text', layout: 'full', order: id, padding: 'medium', textAlign: 'left', title, content,
    videoUrl: null, imageUrl: null, buttonText: null, buttonUrl: null, buttonStyle: null,
  });
  const page = (id: number, slug: string, title: string, contentBlocks: ContentBlock[]): PageWithBlocks => ({ id, slug, title, isSystem: true, contentBlocks });

  it.each([
    ['about', 'About', AboutRoute, 'Founded 2019'],
    ['roster', 'Roster', RosterRoute, 'Ace'],
  ] as const)('show on /%s below its content sections', async (slug, title, Route, sectionTitle) => {
    mockFetch({
      [`GET /api/content/${slug}`]: { body: [section({ page: slug, section: 's', title: `<p>${sectionTitle}</p>`, content: '<p>Text</p>' })] },
      [`GET /api/pages/${slug}`]: { body: page(2, slug, title, [block(5, 'Tryouts are open', 'Sign up on Discord.')]) },
    });
    renderWithProviders(<Route />);
    const blocks = await screen.findByRole('region', { name: `More on the ${title} page` });
    expect(within(blocks).getByText('Tryouts are open')).toBeInTheDocument();
    // Below the sections, in the page's order.
    const sectionTitleNode = screen.getByText(sectionTitle);
    expect(sectionTitleNode.compareDocumentPosition(blocks) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('show on the home page below its sections, above the top players', async () => {
    mockFetch({
      'GET /api/content/home': { body: [section({ id: 2, section: 'news', title: '<p>News</p>', content: '<p>Season two.</p>' })] },
      'GET /api/pages/home': { body: page(1, 'home', 'Home', [block(3, 'Watch us live', 'Every Friday.')]) },
      'GET /api/stats/global': { body: { totalPlayers: 0, totalMatches: 0, avgElo: 1000 } },
      'GET /api/players/top': { body: [] },
    });
    renderWithProviders(<HomeRoute />);
    const blocks = await screen.findByRole('region', { name: 'More on the Home page' });
    expect(within(blocks).getByText('Every Friday.')).toBeInTheDocument();
    const top = screen.getByRole('region', { name: 'Top Players' });
    expect(screen.getByText('Season two.').compareDocumentPosition(blocks) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(blocks.compareDocumentPosition(top) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('add nothing when the page has no blocks to show', async () => {
    mockFetch({ 'GET /api/content/about': { body: [] }, 'GET /api/pages/about': { body: page(2, 'about', 'About', []) } });
    renderWithProviders(<AboutRoute />);
    await screen.findByText('Our Story');
    expect(screen.queryByRole('region', { name: /More on the/ })).not.toBeInTheDocument();
  });

  it('/home is the home page: it goes to /', async () => {
    mockFetch({});
    renderWithProviders(
      <Routes>
        <Route path="/" element={<p>the home page</p>} />
        <Route path="/:slug" element={<DynamicPageRoute />} />
      </Routes>,
      { route: '/home' },
    );
    expect(await screen.findByText('the home page')).toBeInTheDocument();
  });
});
