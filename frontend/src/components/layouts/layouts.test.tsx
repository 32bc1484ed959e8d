import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import ToastBoundary from '@/components/ui/ToastBoundary';
import { PublicLayout } from './PublicLayout';
import { TrackerLayout } from './TrackerLayout';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <PublicLayout />, children: [{ path: '*', element: <p>public screen</p> }, { index: true, element: <p>home</p> }] },
      {
        path: '/tracker',
        element: (
          <ToastBoundary>
            <TrackerLayout />
          </ToastBoundary>
        ),
        children: [{ path: '*', element: <p>tracker screen</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('PublicLayout', () => {
  it.each([
    ['/', 'Home'],
    ['/about', 'About'],
    ['/roster', 'Roster'],
  ])('marks %s as %s only', (path, active) => {
    renderAt(path);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const label of ['Home', 'About', 'Roster', 'ELO Tracker']) {
      const link = nav.querySelector(`a[href]`) && screen.getByRole('link', { name: label });
      if (label === active) expect(link).toHaveAttribute('aria-current', 'page');
      else expect(link).not.toHaveAttribute('aria-current');
    }
  });

  it('links the ELO Tracker to the dashboard', () => {
    renderAt('/');
    expect(screen.getByRole('link', { name: 'ELO Tracker' })).toHaveAttribute('href', '/tracker/dashboard');
  });

  it('toggles the theme and saves it under "theme"', async () => {
    localStorage.setItem('theme', 'light');
    renderAt('/');
    expect(document.documentElement.dataset.theme).toBe('light');
    await userEvent.click(screen.getByRole('button', { name: 'Toggle theme' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });
});

describe('TrackerLayout', () => {
  beforeEach(() => {
    document.cookie = 'sidebar_state=; max-age=0; path=/';
  });

  it('has the ELO Tracker sidebar with its four links, active on the exact path', () => {
    renderAt('/tracker/leaderboard');
    const nav = screen.getByRole('navigation', { name: 'ELO Tracker' });
    expect(screen.getByText('ELO Tracker', { selector: 'span' })).toBeInTheDocument();
    const links = Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/tracker/dashboard'],
      ['Leaderboard', '/tracker/leaderboard'],
      ['Players', '/tracker/players'],
      ['Record Match', '/tracker/record-match'],
    ]);
    expect(screen.getByRole('link', { name: 'Leaderboard' })).toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveClass('active');
  });

  it('collapses to icons with Ctrl+B and keeps the state in a 7-day cookie', () => {
    renderAt('/tracker/dashboard');
    const sidebar = document.querySelector('.tracker-sidebar')!;
    expect(sidebar).toHaveAttribute('data-state', 'expanded');

    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    expect(document.cookie).toContain('sidebar_state=false');

    fireEvent.keyDown(window, { key: 'b', metaKey: true });
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    expect(document.cookie).toContain('sidebar_state=true');
  });

  it('starts collapsed when the cookie says so', () => {
    document.cookie = 'sidebar_state=false; path=/';
    renderAt('/tracker/players');
    expect(document.querySelector('.tracker-sidebar')).toHaveAttribute('data-state', 'collapsed');
  });
});
