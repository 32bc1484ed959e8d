import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { BRAND_NAME } from '@team/contracts';
import { dropLiveStream, FakeEventSource, stubEventSource } from '@/test/fake-event-source';
import { PublicLayout } from './PublicLayout';
import { TrackerLayout } from './TrackerLayout';
import { useSidebar } from './use-sidebar';

// The tracker's layout reads the sidebar's state on each of its renders: the calls count them.
vi.mock('./use-sidebar', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./use-sidebar')>();
  return { ...actual, useSidebar: vi.fn(actual.useSidebar) };
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <PublicLayout />, children: [{ path: '*', element: <p>public screen</p> }, { index: true, element: <p>home</p> }] },
      {
        path: '/tracker',
        element: <TrackerLayout />,
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
    ['/schedule', 'Schedule'],
    ['/schedule/12', 'Schedule'],
  ])('marks %s as %s only', (path, active) => {
    renderAt(path);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const label of ['Home', 'About', 'Roster', 'ELO Tracker', 'Schedule']) {
      const link = within(nav).getByRole('link', { name: label });
      if (label === active) expect(link).toHaveAttribute('aria-current', 'page');
      else expect(link).not.toHaveAttribute('aria-current');
    }
  });

  it('links the ELO Tracker to the dashboard', () => {
    renderAt('/');
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'ELO Tracker' })).toHaveAttribute('href', '/tracker/dashboard');
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

  it('has the ELO Tracker sidebar with its links (the four screens, then Compare and How ratings work), active on the exact path', () => {
    renderAt('/tracker/leaderboard');
    const nav = screen.getByRole('navigation', { name: 'ELO Tracker' });
    expect(screen.getByText('ELO Tracker', { selector: 'span' })).toBeInTheDocument();
    const links = Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/tracker/dashboard'],
      ['Leaderboard', '/tracker/leaderboard'],
      ['Players', '/tracker/players'],
      ['Record Match', '/tracker/record-match'],
      ['Compare', '/tracker/compare'],
      ['How ratings work', '/tracker/ratings'],
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

  it('names each collapsed link in a hint', () => {
    document.cookie = 'sidebar_state=false; path=/';
    renderAt('/tracker/dashboard');
    const link = screen.getByRole('link', { name: 'Players' });
    expect(link.closest('.hint')).toHaveAttribute('data-hint', 'Players');
    expect(screen.getByRole('button', { name: 'Toggle Sidebar' }).closest('.hint')).toHaveAttribute('data-hint', 'Toggle Sidebar (Ctrl+B)');
  });

  describe('live indicator', () => {
    beforeEach(stubEventSource);
    afterEach(dropLiveStream);

    it('shows the stream\'s status, and a change of it does not draw the layout (and the screen in it) again', () => {
      renderAt('/tracker/leaderboard');
      const stream = FakeEventSource.opened.at(-1)!;
      expect(stream.url).toBe('/api/live');
      expect(screen.getByRole('status')).toHaveTextContent('Connecting…');
      const layoutRenders = vi.mocked(useSidebar).mock.calls.length;
      expect(layoutRenders).toBeGreaterThan(0);

      stream.emit('ready', 10, { position: 10 });
      expect(screen.getByRole('status')).toHaveTextContent('Live');
      vi.useFakeTimers();
      stream.fail();
      expect(screen.getByRole('status')).toHaveTextContent('Reconnecting…');
      expect(vi.mocked(useSidebar).mock.calls.length).toBe(layoutRenders);
    });
  });

  describe('below 768 px', () => {
    const desktopMatchMedia = window.matchMedia;
    beforeEach(() => {
      window.matchMedia = ((query: string) => ({ ...desktopMatchMedia(query), matches: true })) as typeof window.matchMedia;
    });
    afterEach(() => {
      window.matchMedia = desktopMatchMedia;
    });

    it('slides the sidebar over the page; Escape, the mask and a link close it', async () => {
      const router = renderAt('/tracker/dashboard');
      expect(document.querySelector('aside.tracker-sidebar')).toBeNull();
      expect(screen.queryByRole('navigation', { name: 'ELO Tracker' })).toBeNull();

      await userEvent.click(screen.getByRole('button', { name: 'Toggle Sidebar' }));
      const panel = screen.getByRole('dialog', { name: 'Tracker menu' });
      expect(panel).toHaveAttribute('aria-modal', 'true');
      expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveFocus();
      // Modal: Tab and Shift+Tab go round the panel's links.
      await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
      expect(screen.getByRole('link', { name: 'How ratings work' })).toHaveFocus();
      await userEvent.tab();
      expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveFocus();
      await userEvent.keyboard('{Escape}');
      expect(screen.queryByRole('dialog', { name: 'Tracker menu' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Toggle Sidebar' })).toHaveFocus();

      fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
      fireEvent.click(document.querySelector('.tracker-drawer-mask')!);
      expect(screen.queryByRole('dialog', { name: 'Tracker menu' })).toBeNull();

      fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
      await userEvent.click(screen.getByRole('link', { name: 'Players' }));
      expect(router.state.location.pathname).toBe('/tracker/players');
      expect(screen.queryByRole('dialog', { name: 'Tracker menu' })).toBeNull();
    });
  });
});

describe('the site footer', () => {
  it.each(['/about', '/tracker/leaderboard'])('closes the page on %s: the site name and its main pages, as the contentinfo landmark', (path) => {
    renderAt(path);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(BRAND_NAME)).toBeInTheDocument();
    expect(footer).toHaveTextContent('Built on the ELO tracker');
    const links = within(within(footer).getByRole('navigation', { name: 'Footer' }))
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/'],
      ['About', '/about'],
      ['Roster', '/roster'],
      ['ELO Tracker', '/tracker/dashboard'],
      ['Schedule', '/schedule'],
    ]);
    // It follows the screen, outside <main>.
    expect(screen.getByRole('main').compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
