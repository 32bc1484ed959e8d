import { screen, within } from '@testing-library/react';
import type { TopPlayer } from '@team/contracts';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { DashboardTopPlayers } from './DashboardTopPlayers';
import { HomeTopPlayers } from './HomeTopPlayers';
import { PROVISIONAL_EXPLANATION } from './ProvisionalTag';

const top: TopPlayer[] = [
  { id: 1, username: 'Shadow', discordId: '300000000000004821', wins: 9, losses: 1, elo: 1300, totalMatches: 10 },
  { id: 2, username: 'shadow', discordId: '300000000000007310', wins: 3, losses: 0, elo: 1150, totalMatches: 3 },
  { id: 3, username: 'Lone', discordId: '300000000000001111', wins: 5, losses: 5, elo: 1010, totalMatches: 10 },
];

describe('Top Players', () => {
  it('on the dashboard: same names told apart by Discord ID, fewer than 5 matches marked provisional', async () => {
    mockFetch({ 'GET /api/players/top': { body: top } });
    renderWithProviders(<DashboardTopPlayers onSelect={() => {}} />);
    const shadow = await screen.findByRole('button', { name: /^#1.*Shadow ·…4821/ });
    expect(within(shadow).getByText('·…4821')).toHaveAttribute('title', 'Discord ID 300000000000004821');
    expect(within(shadow).queryByText('Provisional')).toBeNull();
    const second = screen.getByRole('button', { name: /^#2.*shadow ·…7310/ });
    expect(within(second).getByText('Provisional')).toHaveAttribute('title', PROVISIONAL_EXPLANATION);
    expect(second).toHaveTextContent('Provisional rating, fewer than 5 matches');
    expect(screen.getByRole('button', { name: /^#3.*Lone/ }).textContent).not.toContain('·…');
  });

  it('on the home page, the same', async () => {
    mockFetch({ 'GET /api/players/top': { body: top } });
    renderWithProviders(<HomeTopPlayers />);
    const section = await screen.findByRole('region', { name: 'Top Players' });
    expect(await within(section).findByText('·…7310')).toHaveAttribute('title', 'Discord ID 300000000000007310');
    expect(within(section).getByText('·…4821')).toBeInTheDocument();
    expect(within(section).getAllByText('Provisional')).toHaveLength(1);
  });
});
