import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { usePageTitle } from './use-page-title';

function Screen({ title }: { title: string | null }) {
  usePageTitle(title);
  return <Link to={title === 'Leaderboard' ? '/players' : '/leaderboard'}>next</Link>;
}

function Untitled() {
  return <Link to="/leaderboard">back</Link>;
}

describe('usePageTitle', () => {
  it("keeps the server's title on the landing page, then names each screen navigated to", async () => {
    document.title = 'Match #12: Team 1 beat Team 2, 250–200 · Vendetta';
    const { getByRole } = render(
      <MemoryRouter initialEntries={['/matches/12']}>
        <Routes>
          <Route path="/matches/12" element={<Screen title="Match #12" />} />
          <Route path="/leaderboard" element={<Screen title="Leaderboard" />} />
          <Route path="/players" element={<Untitled />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(document.title).toBe('Match #12: Team 1 beat Team 2, 250–200 · Vendetta');

    await userEvent.click(getByRole('link'));
    expect(document.title).toBe('Leaderboard · Vendetta');

    // A screen that sets no title shows the site's name, not the last screen's.
    await userEvent.click(getByRole('link'));
    expect(document.title).toBe('Vendetta');
  });
});
