import { useState } from 'react';
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

describe('Leaderboard of a season: not found, failing, switching and empty', () => {
  const board = (username: string) => leaderboardOf([makePlayer({ username, elo: 1100 })]).map((e) => ({ ...e, peakElo: 1120 }));

  it('says "Season not found" for an unknown season, not the first-match text', async () => {
    mockFetch({ 'GET /api/seasons/99/leaderboard': { status: 404, body: { error: 'Season 99 not found.' } } });
    renderWithProviders(<Leaderboard modeId={null} seasonId={99} onSelect={() => {}} />);
    expect(await screen.findByRole('heading', { name: 'Season not found' })).toBeInTheDocument();
    expect(screen.getByText(/no season #99/i)).toBeInTheDocument();
    expect(screen.queryByText(/Record your first match/)).not.toBeInTheDocument();
  });

  it("says the board could not be loaded when the season's board fails, and retries on request", async () => {
    let calls = 0;
    mockFetch({
      'GET /api/seasons/1/leaderboard': () => (++calls === 1 ? { status: 503, body: { error: 'The event store is unavailable.' } } : { body: board('Founder') }),
    });
    renderWithProviders(<Leaderboard modeId={null} seasonId={1} onSelect={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not be loaded.*The event store is unavailable\./);
    expect(screen.queryByText(/Record your first match/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findAllByText('Founder')).length).toBeGreaterThan(0);
  });

  it("never shows the previous season's board while the next one loads", async () => {
    let release: () => void = () => {};
    const pending = new Promise<void>((resolve) => (release = resolve));
    mockFetch({
      'GET /api/seasons/1/leaderboard': { body: board('Founder') },
      'GET /api/seasons/2/leaderboard': async () => {
        await pending;
        return { body: board('Springer') };
      },
    });
    function Switching() {
      const [seasonId, setSeasonId] = useState(1);
      return (
        <>
          <button onClick={() => setSeasonId(2)}>Next season</button>
          <Leaderboard modeId={null} seasonId={seasonId} onSelect={() => {}} />
        </>
      );
    }
    renderWithProviders(<Switching />);
    expect((await screen.findAllByText('Founder')).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Next season' }));
    expect(await screen.findByLabelText('Loading leaderboard')).toBeInTheDocument();
    expect(screen.queryByText('Founder')).not.toBeInTheDocument();
    release();
    expect((await screen.findAllByText('Springer')).length).toBeGreaterThan(0);
  });

  it('a new season with no match yet says so, not the first-match text', async () => {
    mockFetch({ 'GET /api/seasons/3/leaderboard': { body: [] } });
    renderWithProviders(<Leaderboard modeId={null} seasonId={3} onSelect={() => {}} />);
    expect(await screen.findByText('No matches in this season yet. Its board fills as matches are recorded.')).toBeInTheDocument();
    expect(screen.queryByText(/Record your first match/)).not.toBeInTheDocument();
  });

  it('the select names a season id it does not list instead of showing All time', () => {
    renderWithProviders(<LeaderboardSeasonSelect seasons={seasons} value={99} onChange={() => {}} />);
    const select = screen.getByLabelText('Season') as HTMLSelectElement;
    expect(select.selectedOptions[0]!.textContent).toBe('Season #99 (not found)');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['All time', 'Current: Spring', 'Founders', 'Season #99 (not found)']);
  });
});
