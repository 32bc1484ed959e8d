import { visibleNavigation } from './site-navigation.js';
import { isReservedSlug, isShadowedPage, pagePath, reservedSlugMessage } from './pages-rules.js';

describe('reserved slugs and where pages are served', () => {
  test('schedule is a route of the site, as tracker and admin are', () => {
    for (const slug of ['schedule', 'tracker', 'admin', 'media']) expect(isReservedSlug(slug)).toBe(true);
    expect(isReservedSlug('schedules')).toBe(false);
    expect(reservedSlugMessage('schedule')).toBe('The slug "schedule" is already a route of the site: /schedule shows the team\'s schedule and results. Choose another slug.');
  });

  test.each([
    ['home', '/'],
    ['about', '/about'],
    ['events', '/events'],
    // Made before the site took the slug: its own address shows the site's screen.
    ['schedule', '/pages/schedule'],
    ['media', '/pages/media'],
  ])('the page %s is served at %s', (slug, path) => {
    expect(pagePath(slug)).toBe(path);
  });

  test('only a built page under a route is shadowed: the system pages keep their addresses', () => {
    expect(isShadowedPage('schedule')).toBe(true);
    expect(isShadowedPage('roster')).toBe(false);
    expect(isShadowedPage('events')).toBe(false);
  });

  test('a navigation entry naming such a page links to where it is served', () => {
    const links = visibleNavigation([{ kind: 'page', slug: 'schedule', label: 'Old calendar', hidden: false }]);
    expect(links.find((link) => link.label === 'Old calendar')?.href).toBe('/pages/schedule');
  });
});
