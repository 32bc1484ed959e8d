import { DEFAULT_SITE_SETTINGS, SITE_SETTINGS_STREAM } from '@team/contracts';
import { createAdminKey, withKey } from '../../../test/support/admin-keys.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

describe('site settings: PUT /api/admin/site, GET /api/site and GET /api/admin/site', () => {
  let app: TestApp;
  let editor: string;
  let moderator: string;
  let recorder: string;

  beforeAll(async () => {
    app = await startTestApp({ ADMIN_FAILURES_PER_15_MIN: '1000' });
    editor = (await createAdminKey(app, 'Eddie the editor', 'editor')).key;
    moderator = (await createAdminKey(app, 'Mo the moderator', 'moderator')).key;
    recorder = (await createAdminKey(app, 'Rey the recorder', 'recorder')).key;
  });
  afterAll(() => app?.close());

  const put = (json: unknown, headers: Record<string, string> = {}) => app.call('PUT', '/api/admin/site', { json, headers, admin: Object.keys(headers).length === 0 });

  it('a fresh site answers neutral defaults and the built-in navigation', async () => {
    const site = await app.call('GET', '/api/site');
    expect(site.status).toBe(200);
    expect(site.body).toMatchObject({ teamName: 'Our Team', shortName: 'Team', logoUrl: null, faviconUrl: null, accentColor: '#e11d48', socials: {} });
    expect(site.body.navigation.map((link: { label: string }) => link.label)).toEqual(['Home', 'About', 'Roster', 'ELO Tracker', 'Schedule']);
    expect(site.body.navigation[0]).toEqual({ label: 'Home', href: '/', external: false, activeWhen: 'exact' });
  });

  it('an editor changes the name and socials: one event with only the changed fields, and GET /api/site shows them', async () => {
    const before = await app.eventCount();
    const answer = await put({ teamName: '  Nova Esports ', shortName: 'Nova', tagline: DEFAULT_SITE_SETTINGS.tagline, socials: { discord: 'https://discord.gg/nova' } }, withKey(editor));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ teamName: 'Nova Esports', shortName: 'Nova', socials: { discord: 'https://discord.gg/nova' } });
    expect(await app.eventCount()).toBe(before + 1);
    const [event] = await app.knex('events').where({ stream_id: SITE_SETTINGS_STREAM }).orderBy('position', 'desc').limit(1);
    expect(event.type).toBe('SiteSettingsChanged');
    expect(event.data).toEqual({
      changes: { teamName: 'Nova Esports', shortName: 'Nova', socials: { discord: 'https://discord.gg/nova' } },
      previous: { teamName: 'Our Team', shortName: 'Team', socials: {} },
    });
    expect(event.metadata.adminKey.name).toBe('Eddie the editor');
    expect((await app.call('GET', '/api/site')).body).toMatchObject({ teamName: 'Nova Esports', socials: { discord: 'https://discord.gg/nova' } });
  });

  it('the same values again append nothing', async () => {
    const before = await app.eventCount();
    expect((await put({ teamName: 'Nova Esports' })).status).toBe(200);
    expect(await app.eventCount()).toBe(before);
  });

  it('orders and hides the navigation, adds a page and a link; a page that does not exist is left out of the public list', async () => {
    const created = await app.call('POST', '/api/pages', { admin: true, json: { title: 'Tryouts', slug: 'tryouts' } });
    expect(created.status).toBe(201);
    const navigation = [
      { kind: 'builtin', id: 'roster', hidden: false },
      { kind: 'page', slug: 'tryouts', label: 'Tryouts', hidden: false },
      { kind: 'page', slug: 'gone', label: 'Gone', hidden: false },
      { kind: 'builtin', id: 'home', hidden: false },
      { kind: 'builtin', id: 'about', hidden: true },
      { kind: 'link', url: 'https://shop.example/nova', label: 'Shop', hidden: false },
    ];
    expect((await put({ navigation })).status).toBe(200);
    const site = (await app.call('GET', '/api/site')).body;
    expect(site.navigation.map((link: { label: string }) => link.label)).toEqual(['Roster', 'Tryouts', 'Home', 'ELO Tracker', 'Schedule', 'Shop']);
    expect(site.navigation[5]).toEqual({ label: 'Shop', href: 'https://shop.example/nova', external: true, activeWhen: 'never' });
    const admin = await app.call('GET', '/api/admin/site', { admin: true });
    expect(admin.body.navigation).toContainEqual({ kind: 'builtin', id: 'about', hidden: true });
    expect(admin.body.navigation).toContainEqual({ kind: 'page', slug: 'gone', label: 'Gone', hidden: false });
  });

  it.each([
    ['a colour with too little contrast', { accentColor: '#fde047' }, /accentColor: The accent colour #fde047 is too light: white text on it has a contrast of 1\.\d\d:1/],
    ['a colour too dark for the dark theme', { accentColor: '#111111' }, /too dark for the dark theme/],
    ['a social link that is not http(s)', { socials: { twitch: 'javascript:alert(1)' } }, /socials\.twitch: must be an http\(s\) address/],
    ['a social link on another scheme', { socials: { youtube: 'ftp://youtube.com/nova' } }, /socials\.youtube: must be an http\(s\) address/],
    ['a NUL in the name', { teamName: 'No\u0000va' }, /teamName: must not contain control characters/],
    ['a lone surrogate in the footer', { footerText: 'bad \ud800 text' }, /footerText: must be valid Unicode text/],
    ['a blank team name', { teamName: '   ' }, /teamName: must not be blank/],
    ['an unknown field', { colour: '#e11d48' }, /unknown setting: colour/],
    ['a script address as the logo', { logoUrl: 'javascript:alert(1)' }, /logoUrl: must be an http\(s\) address or a path/],
    ['an external link that is not http(s)', { navigation: [{ kind: 'link', url: 'data:text/html,x', label: 'X' }] }, /navigation\[0\]\.url/],
    ['a date locale that is not one', { dateLocale: 'xx-!!' }, /dateLocale: must be a language tag/],
  ])('refuses %s with 400, a clear message, and appends nothing', async (_, body, message) => {
    const before = await app.eventCount();
    const answer = await put(body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/^The settings were not saved/);
    expect([answer.body.error, ...(answer.body.details ?? [])].join(' ')).toMatch(message);
    expect(await app.eventCount()).toBe(before);
  });

  it('refuses a body that is not an object of settings', async () => {
    const before = await app.eventCount();
    expect((await put([1, 2])).status).toBe(400);
    expect(await app.eventCount()).toBe(before);
  });

  it.each([
    ['moderator', () => moderator],
    ['recorder', () => recorder],
  ])('a %s key gets 403 on the admin routes, and appends nothing', async (role, key) => {
    const before = await app.eventCount();
    const answer = await put({ teamName: 'Hijacked' }, withKey(key()));
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe(`This needs the editor role. The key "${role === 'moderator' ? 'Mo the moderator' : 'Rey the recorder'}" has the ${role} role.`);
    expect((await app.call('GET', '/api/admin/site', { headers: withKey(key()) })).status).toBe(403);
    expect(await app.eventCount()).toBe(before);
    expect((await app.call('PUT', '/api/admin/site', { json: { teamName: 'x' } })).status).toBe(401);
  });

  it('puts a change back from its event, as the audit log does: the previous values as a new change', async () => {
    await put({ teamName: 'Renamed' });
    const [event] = await app.knex('events').where({ stream_id: SITE_SETTINGS_STREAM }).orderBy('position', 'desc').limit(1);
    expect((await put(event.data.previous)).status).toBe(200);
    expect((await app.call('GET', '/api/site')).body.teamName).toBe('Nova Esports');
  });
});
