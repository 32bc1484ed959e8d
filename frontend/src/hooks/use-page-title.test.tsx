import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router-dom';
import { FALLBACK_SITE } from '@/lib/site';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { usePageTitle } from './use-page-title';

function Screen({ title }: { title: string | null }) {
  usePageTitle(title);
  return <Link to={title === 'Leaderboard' ? '/players' : '/leaderboard'}>next</Link>;
}

function Untitled() {
  return <Link to="/leaderboard">back</Link>;
}

describe('usePageTitle', () => {
  it("keeps the server's title on the landing page, then names each screen navigated to with the team's name", async () => {
    mockFetch({ 'GET /api/site': { body: { ...FALLBACK_SITE, teamName: 'Nova Esports' } } });
    document.title = 'Match #12: Team 1 beat Team 2, 250–200 · Nova Esports';
    const { getByRole, findByRole } = renderWithProviders(
      <Routes>
        <Route path="/matches/12" element={<Screen title="Match #12" />} />
        <Route path="/leaderboard" element={<Screen title="Leaderboard" />} />
        <Route path="/players" element={<Untitled />} />
      </Routes>,
      { route: '/matches/12' },
    );
    expect(document.title).toBe('Match #12: Team 1 beat Team 2, 250–200 · Nova Esports');
    await findByRole('link');

    await userEvent.click(getByRole('link'));
    await vi.waitFor(() => expect(document.title).toBe('Leaderboard · Nova Esports'));

    // A screen that sets no title shows the team's name, not the last screen's.
    await userEvent.click(getByRole('link'));
    expect(document.title).toBe('Nova Esports');
  });
});
