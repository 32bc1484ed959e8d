import fs from 'node:fs';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';
import { one, readHead, writeShellFolder } from '../../test/support/seo/seo-fixtures.js';

// Every place the team's name shows outside the React app reads the settings: the page heads
// (title, og:site_name, the site card's alt), the favicon link, the web manifest and the share
// card, whose address changes with the name.

describe('the team name and icon from the settings, in heads, manifest and cards', () => {
  let app: TestApp;
  let shellFolder: string;

  beforeAll(async () => {
    shellFolder = writeShellFolder();
    app = await startTestApp({ STATIC_DIR: shellFolder, PUBLIC_URL: 'https://team.example' });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(shellFolder, { recursive: true, force: true });
  });

  const head = async (path: string) => {
    const html = await (await fetch(app.baseUrl + path)).text();
    return { html, head: readHead(html) };
  };

  test('a fresh site has a neutral name, the default icon and manifest', async () => {
    const { html, head: about } = await head('/about');
    expect(about.titles).toEqual(['About · Our Team']);
    expect(one(about, 'og:site_name')).toBe('Our Team');
    expect(html).not.toMatch(/vendetta/i);
    expect(html.match(/<link rel="icon"[^>]*>/g)).toEqual(['<link rel="icon" href="/favicon.svg" />']);
    const manifest = await fetch(app.baseUrl + '/manifest.webmanifest');
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(await manifest.json()).toMatchObject({ name: 'Our Team', short_name: 'Team', start_url: '/', icons: [{ src: '/favicon.svg', type: 'image/svg+xml' }] });
  });

  test('a renamed team with its own icon: titles, og:site_name, the card, the manifest', async () => {
    const before = one((await head('/')).head, 'og:image');
    const changed = await app.call('PUT', '/api/admin/site', {
      admin: true,
      json: { teamName: 'Nova Esports', shortName: 'Nova', tagline: 'Nova plays to win.', faviconUrl: '/media/abc.png', accentColor: '#2563eb' },
    });
    expect(changed.status).toBe(200);
    const { html, head: home } = await head('/');
    expect(home.titles).toEqual(['Nova Esports']);
    expect(one(home, 'og:site_name')).toBe('Nova Esports');
    expect(one(home, 'og:image:alt')).toBe('Nova Esports: Nova plays to win.');
    expect(one(home, 'og:image')).not.toBe(before);
    expect(html.match(/<link rel="icon"[^>]*>/g)).toEqual(['<link rel="icon" href="/media/abc.png" />']);
    expect((await head('/roster')).head.titles).toEqual(['Team Roster · Nova Esports']);
    expect(one((await head('/roster')).head, 'description')).toBe('The players of Nova Esports.');
    expect(await (await fetch(app.baseUrl + '/manifest.webmanifest')).json()).toMatchObject({
      name: 'Nova Esports',
      short_name: 'Nova',
      theme_color: '#2563eb',
      icons: [{ src: '/media/abc.png', type: 'image/png' }],
    });
    const card = await fetch(app.baseUrl + '/og/site.png');
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
  });
});
