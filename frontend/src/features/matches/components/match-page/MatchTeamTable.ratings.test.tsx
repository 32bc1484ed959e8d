import { screen, within } from '@testing-library/react';
import type { MatchPage, MatchPageLine } from '@team/contracts';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { MatchTeamTable } from './MatchTeamTable';

const line: MatchPageLine = {
  playerId: 1,
  username: 'Vandal',
  discordId: '300000000000000001',
  recordedAs: 'Vandal',
  team: 'team1',
  won: true,
  kills: 20,
  deaths: 10,
  assists: 5,
  score: 3000,
  hardpointTime: 120,
  captures: null,
  plantsDefuses: null,
  ratingBefore: 1000,
  ratingChange: 16,
  ratingAfter: 1016,
};

function matchIn(mode: MatchPage['mode']): MatchPage {
  return {
    id: 2,
    createdAt: '2026-03-04T20:00:00.000Z',
    mode,
    winningTeam: 'team1',
    team1Score: null,
    team2Score: null,
    map: null,
    statsUsed: true,
    teams: { team1: [line], team2: [] },
    voided: null,
  };
}

const headers = () => within(screen.getByRole('table')).getAllByRole('columnheader').map((cell) => cell.textContent);

describe('MatchTeamTable rating columns', () => {
  it("names a mode match's ratings after the mode: it moved that mode's ELO only", () => {
    renderWithProviders(<MatchTeamTable match={matchIn({ id: 1, name: 'Hardpoint' })} team="team1" />);
    expect(headers()).toEqual(['Player', 'K/D/A', 'Score', 'HP Time', 'Hardpoint ELO Before', 'Change', 'Hardpoint ELO After']);
  });

  it("names a match without a mode's ratings overall", () => {
    renderWithProviders(<MatchTeamTable match={matchIn(null)} team="team1" />);
    expect(headers()).toEqual(['Player', 'K/D/A', 'Score', 'Overall ELO Before', 'Change', 'Overall ELO After']);
  });
});
