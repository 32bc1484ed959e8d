import { screen, within } from '@testing-library/react';
import type { TeamId } from '@team/contracts';
import { describe, expect, it } from 'vitest';
import { makeMatchLine, makeMatchPage } from '@/test/fixtures';
import { stubPhoneWidth } from '@/test/phone-width';
import { renderWithProviders } from '@/test/render';
import { MatchTeamTable } from './MatchTeamTable';

const line = (playerId: number, username: string, discordId: string, team: TeamId) => makeMatchLine({ playerId, username, discordId, team });

// Two accounts named Vandal, one on each team; the suffix rule looks at both teams.
const match = makeMatchPage({
  id: 3,
  teams: {
    team1: [line(1, 'Vandal', '300000000000004821', 'team1'), line(2, 'Wraith', '300000000000001111', 'team1')],
    team2: [line(3, 'vandal', '300000000000007310', 'team2')],
  },
});

describe('MatchTeamTable', () => {
  it("tells same-named players of the match apart by Discord ID, across the teams, in the profile link's name", () => {
    renderWithProviders(
      <>
        <MatchTeamTable match={match} team="team1" />
        <MatchTeamTable match={match} team="team2" />
      </>,
    );
    const winners = screen.getByRole('region', { name: 'Team 1, winner' });
    const link = within(winners).getByRole('link', { name: 'Vandal ·…4821' });
    expect(link).toHaveAttribute('href', '/tracker/players?playerId=1');
    expect(within(link).getByText('·…4821')).toHaveAttribute('title', 'Discord ID 300000000000004821');
    expect(within(winners).getByRole('link', { name: 'Wraith' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Team 2' })).getByRole('link', { name: 'vandal ·…7310' })).toBeInTheDocument();
  });

  it('keeps each line a table row with the player, K/D/A and the rating change on a desktop', () => {
    renderWithProviders(<MatchTeamTable match={match} team="team2" />);
    const row = screen.getByRole('row', { name: /vandal/ });
    expect(within(row).getByRole('cell', { name: '10/5/2' })).toBeInTheDocument();
    expect(within(row).getByText('-16')).toBeInTheDocument();
  });

  it('on a phone, draws a card per player with the figures, ELO Before ahead of ELO After', () => {
    stubPhoneWidth();
    const hardpoint = makeMatchPage({
      mode: { id: 1, name: 'Hardpoint' },
      teams: { team1: [makeMatchLine({ playerId: 1, username: 'Ace', team: 'team1', hardpointTime: 95, ratingBefore: 1100, ratingChange: 19, ratingAfter: 1119 })], team2: [] },
    });
    renderWithProviders(<MatchTeamTable match={hardpoint} team="team1" />);
    expect(screen.queryByRole('table')).toBeNull();
    const card = screen.getByTestId('match-card');
    expect(within(card).getByRole('link', { name: 'Ace' })).toBeInTheDocument();
    expect(within(card).getByText('+19')).toBeInTheDocument();
    const labels = [...card.querySelectorAll('dt')].map((dt) => `${dt.textContent}=${dt.nextElementSibling!.textContent}`);
    expect(labels).toEqual(['K/D/A=10/5/2', 'Score=1500', 'HP Time=95', 'Hardpoint ELO Before=1100', 'Hardpoint ELO After=1119']);
  });

  it('shows dashes for a line recorded without stats, not -/-/0 and a score of 0', () => {
    const bare = makeMatchPage({
      statsUsed: false,
      teams: { team1: [makeMatchLine({ playerId: 1, username: 'Ace', team: 'team1', kills: null, deaths: null, assists: 0, score: 0 })], team2: [] },
    });
    renderWithProviders(<MatchTeamTable match={bare} team="team1" />);
    const row = screen.getByRole('row', { name: /Ace/ });
    const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(0, 2)).toEqual(['-', '-']);
  });
});
