import { screen, within } from '@testing-library/react';
import type { ContentSection, PlayerCard } from '@team/contracts';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { RosterContent } from './RosterContent';

// Issue 42: a roster card naming a tracker player shows the player's live line and links to the
// profile; a card naming nobody shows what was typed, ELO line included.

function section(overrides: Partial<ContentSection>): ContentSection {
  return { id: 1, page: 'roster', section: 'player-1', title: '<p>Ace</p>', content: '<p>Role: Slayer<br>ELO: 1250</p>', imageUrl: '/ace.png', order: 0, ...overrides };
}

const ace: PlayerCard = {
  id: 3, username: 'AceOfSpades', discordId: '300', wins: 12, losses: 5, elo: 1287, totalMatches: 17, winRate: 70.6, kdRatio: 1.4, rank: 2, tier: 'Vengeful',
  avatarUrl: 'https://cdn.example.com/ace.png', socials: { twitch: 'https://www.twitch.tv/ace' },
} as PlayerCard;

describe('the roster cards', () => {
  it("a card naming a player shows the player's live ELO, tier, record, avatar and links, and links to the profile", async () => {
    const { requests } = mockFetch({
      'GET /api/content/roster': { body: [section({ id: 1, playerId: 3 }), section({ id: 2, section: 'player-2', title: '<p>Bolt</p>', content: '<p>Role: Support<br>ELO: 1100</p>', imageUrl: null })] },
      'GET /api/players/cards?ids=3': { body: [ace] },
    });
    renderWithProviders(<RosterContent />);
    const stats = await screen.findByLabelText('AceOfSpades on the ELO tracker');
    expect(within(stats).getByText('1287')).toBeInTheDocument();
    expect(within(stats).getByText('Vengeful')).toBeInTheDocument();
    expect(within(stats).getByText('12W – 5L')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "View AceOfSpades's profile" })).toHaveAttribute('href', '/tracker/players?playerId=3');
    expect(screen.getByRole('link', { name: /Twitch/ })).toHaveAttribute('href', 'https://www.twitch.tv/ace');
    // The player's avatar stands in for the card's image.
    expect(screen.getByRole('img', { name: 'Ace' })).toHaveAttribute('src', 'https://cdn.example.com/ace.png');
    // The card naming nobody keeps its typed ELO, and only the named player was asked for.
    expect(screen.getByText(/ELO: 1100/)).toBeInTheDocument();
    expect(requests.filter((request) => request.url.startsWith('/api/players/cards')).map((request) => request.url)).toEqual(['/api/players/cards?ids=3']);
  });

  it('a card whose player is not on the board shows as typed', async () => {
    mockFetch({
      'GET /api/content/roster': { body: [section({ playerId: 9 })] },
      'GET /api/players/cards?ids=9': { body: [] },
    });
    renderWithProviders(<RosterContent />);
    expect(await screen.findByText(/ELO: 1250/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /profile/ })).not.toBeInTheDocument();
  });

  it('asks for no cards when no card names a player', async () => {
    const { requests } = mockFetch({ 'GET /api/content/roster': { body: [section({})] } });
    renderWithProviders(<RosterContent />);
    expect(await screen.findByText(/ELO: 1250/)).toBeInTheDocument();
    expect(requests.some((request) => request.url.startsWith('/api/players/cards'))).toBe(false);
  });
});
