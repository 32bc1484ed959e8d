import { checkWith } from '../api/schema.js';
import { UpdateSiteSettingsSchema } from '../api/site.js';
import { DEFAULT_SITE_SETTINGS } from './site-defaults.js';
import { completeNavigation, isNavActive, visibleNavigation, type NavEntry } from './site-navigation.js';

describe('site settings schema', () => {
  const check = (body: unknown) => checkWith(UpdateSiteSettingsSchema, body);

  it('takes a partial update and trims names', () => {
    expect(check({ teamName: '  Nova  ', socials: { discord: 'https://discord.gg/nova' } })).toEqual({
      ok: true,
      value: { teamName: 'Nova', socials: { discord: 'https://discord.gg/nova' } },
    });
  });

  it.each([
    [{ teamName: '   ' }, 'teamName: must not be blank'],
    [{ teamName: 'a\u0000b' }, 'teamName: must not contain control characters'],
    [{ tagline: 'x'.repeat(301) }, 'tagline: must be at most 300 characters'],
    [{ socials: { twitch: 'javascript:alert(1)' } }, 'socials.twitch: must be an http(s) address'],
    [{ socials: { discord: 'ftp://discord.gg/x' } }, 'socials.discord: must be an http(s) address'],
    [{ socials: { myspace: 'https://myspace.com' } }, 'socials: only discord'],
    [{ accentColor: '#fde047' }, 'accentColor: The accent colour #fde047 is too light'],
    [{ logoUrl: 'data:image/png;base64,AAAA' }, 'logoUrl: must be an http(s) address or a path on this site'],
    [{ dateLocale: 'not a locale' }, 'dateLocale: must be a language tag'],
    [{ colour: 'red' }, 'unknown setting: colour'],
    [{ navigation: [{ kind: 'link', url: 'javascript:x', label: 'X' }] }, 'navigation[0].url: must be an http(s) address'],
    [{ navigation: [{ kind: 'page', slug: 'Bad Slug', label: 'X' }] }, 'navigation[0].slug: must be a page slug'],
    [{ navigation: [{ kind: 'builtin', id: 'home' }, { kind: 'builtin', id: 'home' }] }, 'navigation: lists builtin home twice'],
  ])('refuses %j with a field-named problem', (body, problem) => {
    const result = check(body);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.join(' | ')).toContain(problem);
  });

  it('has neutral defaults: no team name of its own, no logo, every built-in entry shown', () => {
    expect(DEFAULT_SITE_SETTINGS.teamName).not.toMatch(/vendetta/i);
    expect(DEFAULT_SITE_SETTINGS.logoUrl).toBeNull();
    expect(visibleNavigation(DEFAULT_SITE_SETTINGS.navigation).map((link) => link.label)).toEqual(['Home', 'About', 'Roster', 'ELO Tracker', 'Schedule']);
  });
});

describe('navigation', () => {
  const saved: NavEntry[] = [
    { kind: 'builtin', id: 'roster', hidden: false },
    { kind: 'page', slug: 'tryouts', label: 'Tryouts', hidden: false },
    { kind: 'builtin', id: 'home', hidden: false },
    { kind: 'link', url: 'https://shop.example', label: 'Shop', hidden: false },
    { kind: 'builtin', id: 'about', hidden: true },
  ];

  it('keeps the saved order, leaves hidden entries and missing pages out, and adds built-ins saved before they existed', () => {
    expect(completeNavigation(saved).map((e) => (e.kind === 'builtin' ? e.id : e.kind))).toEqual(['roster', 'page', 'home', 'link', 'about', 'tracker', 'schedule']);
    expect(visibleNavigation(saved, (slug) => slug !== 'tryouts').map((link) => link.label)).toEqual(['Roster', 'Home', 'Shop', 'ELO Tracker', 'Schedule']);
    expect(visibleNavigation(saved).find((link) => link.label === 'Shop')).toEqual({ label: 'Shop', href: 'https://shop.example', external: true, activeWhen: 'never' });
  });

  it('keeps the active rules: Home only on exactly /, the others by prefix, external links never', () => {
    const [roster, tryouts, home, shop] = visibleNavigation(saved);
    expect(isNavActive(home!, '/')).toBe(true);
    expect(isNavActive(home!, '/about')).toBe(false);
    expect(isNavActive(roster!, '/roster')).toBe(true);
    expect(isNavActive(tryouts!, '/tryouts')).toBe(true);
    expect(isNavActive(shop!, '/')).toBe(false);
    const tracker = visibleNavigation(saved).find((link) => link.label === 'ELO Tracker')!;
    expect(tracker.href).toBe('/tracker/dashboard');
    expect(isNavActive(tracker, '/tracker/dashboard')).toBe(true);
  });
});
