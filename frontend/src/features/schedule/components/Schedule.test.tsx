import { screen, within } from '@testing-library/react';
import type { Fixture } from '@team/contracts';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { FALLBACK_SITE } from '@/lib/site';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { formatDateIn } from '@/utils/format';
import { countdownText, visitorTimeZone } from '../fixture-time';
import { FixtureScreen } from './FixtureScreen';
import { HomeFixtures } from './HomeFixtures';
import { ScheduleScreen } from './ScheduleScreen';

const upcoming: Fixture = { id: 1, opponent: 'Night Owls', event: 'Spring Cup', startsAt: '2099-03-14T18:00:00.000Z', format: 'bo3', streamUrl: 'https://www.twitch.tv/videos/123', status: 'upcoming' };
const played: Fixture = {
  id: 2,
  opponent: 'Day Larks',
  startsAt: '2026-01-10T18:00:00.000Z',
  format: 'bo3',
  status: 'played',
  result: { teamScore: 2, opponentScore: 1, maps: [{ name: 'Rio', modeId: 1, teamScore: 250, opponentScore: 200 }], vodUrl: 'https://youtu.be/dQw4w9WgXcQ' },
};
const page = (fixtures: Fixture[]) => ({ body: { fixtures, total: fixtures.length, limit: 50, offset: 0 } });

describe('fixture times', () => {
  it('name the zone they are shown in', () => {
    expect(formatDateIn(FALLBACK_SITE.dateLocale, 'fixture', '2030-03-14T18:00:00.000Z', 'Europe/Paris')).toMatch(/07:00 PM.*(CET|GMT\+1)/);
    expect(formatDateIn(FALLBACK_SITE.dateLocale, 'fixture', '2030-03-14T18:00:00.000Z', 'UTC')).toMatch(/06:00 PM.*UTC/);
  });

  it('count down to the start, and stop once it has started', () => {
    const start = Date.parse('2030-03-14T18:00:00Z');
    expect(countdownText('2030-03-14T18:00:00Z', start - (2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000)).toBe('2d 3h 04m 05s');
    expect(countdownText('2030-03-14T18:00:00Z', start)).toBeNull();
  });
});

describe('Schedule', () => {
  it('lists upcoming fixtures and past results, links each to its page, and offers the calendar feed', async () => {
    mockFetch({ 'GET /api/fixtures?status=upcoming&limit=50&offset=0': page([upcoming]), 'GET /api/fixtures?status=past&limit=50&offset=0': page([played]) });
    renderWithProviders(<ScheduleScreen />);
    const next = await screen.findByRole('region', { name: 'Upcoming' });
    expect(await within(next).findByRole('link', { name: /vs Night Owls/ })).toHaveAttribute('href', '/schedule/1');
    const results = screen.getByRole('region', { name: 'Results' });
    expect(await within(results).findByText('2–1 win')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', '/schedule.ics');
    expect(screen.getByText(/Times are shown in your time zone \(.+\)/)).toBeInTheDocument();
  });

  it("names the team by the site settings' name", async () => {
    mockFetch({
      'GET /api/site': { body: { ...FALLBACK_SITE, teamName: 'Nova Esports' } },
      'GET /api/fixtures?status=upcoming&limit=50&offset=0': page([upcoming]),
      'GET /api/fixtures?status=past&limit=50&offset=0': page([]),
    });
    renderWithProviders(<ScheduleScreen />);
    expect(await screen.findByRole('link', { name: /^Nova Esports vs Night Owls/ })).toHaveAttribute('href', '/schedule/1');
  });

  it('says so when there is nothing to list', async () => {
    mockFetch({ 'GET /api/fixtures?status=upcoming&limit=50&offset=0': page([]), 'GET /api/fixtures?status=past&limit=50&offset=0': page([]) });
    renderWithProviders(<ScheduleScreen />);
    expect(await screen.findByText('No upcoming matches scheduled.')).toBeInTheDocument();
    expect(await screen.findByText('No results yet.')).toBeInTheDocument();
  });
});

describe('a fixture page', () => {
  const render = (fixture: Fixture | null, site = FALLBACK_SITE) => {
    mockFetch({ 'GET /api/fixtures/5': fixture ? { body: fixture } : { status: 404, body: { error: 'Fixture 5 not found.' } }, 'GET /api/site': { body: site } });
    renderWithProviders(
      <Routes>
        <Route path="/schedule/:id" element={<FixtureScreen fixtureId={5} notFound={<p>404 Page Not Found</p>} />} />
      </Routes>,
      { route: '/schedule/5' },
    );
  };

  it('embeds the stream while the fixture is live', async () => {
    render({ ...upcoming, id: 5, status: 'live' });
    expect(await screen.findByTitle(/live stream/)).toHaveAttribute('src', expect.stringContaining('player.twitch.tv/?video=123'));
  });

  it('counts down before it starts, with no stream yet', async () => {
    render({ ...upcoming, id: 5 });
    expect(await screen.findByText(/Starts in/)).toBeInTheDocument();
    expect(screen.queryByTitle(/live stream/)).not.toBeInTheDocument();
  });

  it('shows the result, the maps and the VOD once played', async () => {
    render({ ...played, id: 5 });
    expect(await screen.findByText('2–1 win')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Rio/ })).toHaveTextContent('RioHardpoint250200');
    expect(screen.getByTitle(/VOD/)).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ');
  });

  it("writes the start in the site's locale once the settings say de-DE, in the visitor's own zone, named", async () => {
    render({ ...upcoming, id: 5 }, { ...FALLBACK_SITE, dateLocale: 'de-DE' });
    // Sat 14 Mar 2099 18:00 UTC, in whatever zone the test runs in (the visitor's).
    const start = await screen.findByText(/^Sa\., 14\. März 2099, \d\d:\d\d \S+/);
    expect(start.tagName).toBe('TIME');
    expect(start).toHaveAttribute('datetime', upcoming.startsAt);
    expect(screen.getByText(`(${visitorTimeZone()})`, { exact: false })).toBeInTheDocument();
  });

  it('shows the 404 screen for an unknown fixture', async () => {
    render(null);
    expect(await screen.findByText('404 Page Not Found')).toBeInTheDocument();
  });
});

describe('the home page fixtures', () => {
  it('show the next fixture with a countdown and the latest result', async () => {
    mockFetch({ 'GET /api/fixtures?status=upcoming&limit=1&offset=0': page([upcoming]), 'GET /api/fixtures?status=past&limit=5&offset=0': page([{ ...played, id: 3, status: 'cancelled', result: undefined }, played]) });
    renderWithProviders(<HomeFixtures />);
    const next = await screen.findByRole('region', { name: 'Next match' });
    expect(within(next).getByText(/Starts in/)).toHaveTextContent(/Starts in \d+d \d+h \d{2}m \d{2}s/);
    const latest = screen.getByRole('region', { name: 'Latest result' });
    expect(within(latest).getByRole('link')).toHaveAttribute('href', '/schedule/2');
    expect(within(latest).getByText('2–1 win')).toBeInTheDocument();
  });
});
