import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Season } from '@team/contracts';
import { makePlayer, leaderboardOf } from '@/test/fixtures';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { Leaderboard } from './Leaderboard';
import { LeaderboardSeasonSelect } from './LeaderboardSeasonSelect';

const seasons: Season[] = [
  { id: 2, name: 'Spring', startedAt: '2030-03-01T00:00:00.000Z', endedAt: null, current: true },
  { id: 1, name: 'Founders', startedAt: '2030-01-01T00:00:00.000Z', endedAt: '2030-03-01T00:00:00.000Z', current: false },
];

describe('LeaderboardSeasonSelect', () => {
  it('offers all time, the current season and each past one, and reports the choice', async () => {
    const onChange = vi.fn();
    renderWithProviders(<LeaderboardSeasonSelect seasons={seasons} value={null} onChange={onChange} />);
    const select = screen.getByLabelText('Season');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['All time', 'Current: Spring', 'Founders']);
    await userEvent.selectOptions(select, 'Founders');
    expect(onChange).toHaveBeenCalledWith(1);
  });

  it("says that a closed season's final standings do not change when one of its matches is voided", () => {
    const { rerender } = renderWithProviders(<LeaderboardSeasonSelect seasons={seasons} value={1} onChange={() => {}} />);
    expect(screen.getByText(/a match of this season voided later does not change them/)).toBeInTheDocument();
    rerender(<LeaderboardSeasonSelect seasons={seasons} value={2} onChange={() => {}} />);
    expect(screen.queryByText(/voided later/)).not.toBeInTheDocument();
  });
});

describe('Leaderboard of a season', () => {
  it("reads the season's board instead of the all-time one", async () => {
    const entries = leaderboardOf([makePlayer({ username: 'Founder', elo: 1100 })]).map((e) => ({ ...e, peakElo: 1120 }));
    mockFetch({ 'GET /api/seasons/1/leaderboard': { body: entries } });
    renderWithProviders(<Leaderboard modeId={null} seasonId={1} onSelect={() => {}} />);
    expect((await screen.findAllByText('Founder')).length).toBeGreaterThan(0);
  });
});
