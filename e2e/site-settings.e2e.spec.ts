import type { Page } from 'playwright-core';
import { createBlock } from '../backend/test/support/cms-requests.js';
import { pngOf } from '../backend/test/support/media-uploads.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { screenshot, type Browser } from './support/browser.js';
import { startSiteServer, TEST_ADMIN_KEY, type TestApp } from './support/server.js';
import { expectToast, horizontalOverflow, openSiteBrowser, saveTheme, settle, THEMES } from './support/site.js';

/**
 * Site settings, navigation and the media library (issue 41) in Chromium against the real
 * server. The admin renames the team, uploads a logo through the settings screen's media picker
 * and adds a custom page to the navigation; the public pages then show all three, in the page
 * title, the link preview's tags and the share card, on desktop and phone, light and dark.
 */

const TEAM = 'Nova Esports';

describe('site settings in Chromium', () => {
  let server: TestApp;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  let logoUrl = '';

  const open = (path: string) => page.goto(server.baseUrl + path);

  beforeAll(async () => {
    server = await startSiteServer();
    // The upload's body reader, where app.ts mounts it ahead of the JSON reader.
    const created = await server.call('POST', '/api/pages', { admin: true, json: { title: 'Tryouts', slug: 'tryouts' } });
    expect(created.status).toBe(201);
    await createBlock(server, created.body.id, { title: 'Open tryouts', content: '<p>Every Friday at 20:00.</p>' });
    ({ browser, page, pageErrors } = await openSiteBrowser());
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  afterEach(() => {
    expect(pageErrors).toEqual([]);
  });

  test('the admin renames the team, uploads a logo from the settings screen and adds the page to the navigation', async () => {
    await open('/admin/settings');
    await page.evaluate((key) => localStorage.setItem('admin_key', key), TEST_ADMIN_KEY);
    await page.reload();
    await page.getByRole('heading', { name: 'Site Settings', level: 1 }).waitFor();
    await page.getByLabel('Team name').fill(TEAM);

    // The logo: uploaded in the media picker's dialog, picked at once.
    await page.getByRole('button', { name: 'Choose from library: Logo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Media library' });
    await dialog.getByLabel('Alt text').fill(`${TEAM} logo`);
    const [uploaded] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/admin/media') && response.request().method() === 'POST'),
      dialog.getByLabel('Image file').setInputFiles({ name: 'nova.png', mimeType: 'image/png', buffer: await pngOf(800, 800) }),
    ]);
    expect(uploaded.status()).toBe(201);
    logoUrl = ((await uploaded.json()) as { url: string }).url;
    expect(logoUrl).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Logo', { exact: true }).inputValue()).toBe(logoUrl);

    await page.getByRole('combobox', { name: 'Page to add' }).click();
    await page.getByText('Tryouts (/tryouts)').click();
    await page.getByRole('button', { name: 'Add page' }).click();
    await page.getByRole('list', { name: 'Navigation entries' }).getByLabel('Label of /tryouts').waitFor();

    await settle(page);
    await expectNoSeriousAxeViolations(page, 'Site Settings (light)');
    await screenshot(page, 'admin-site-settings-light');
    const saved = expectToast(page, 'Success', 'Site settings saved');
    saved.catch(() => undefined); // awaited below
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/admin/site') && response.request().method() === 'PUT'),
      page.getByRole('button', { name: 'Save Changes' }).click(),
    ]);
    expect(answer.status()).toBe(200);
    await saved;
    expect((await server.call('GET', '/api/site')).body).toMatchObject({ teamName: TEAM, logoUrl });
  });

  test('the public pages show the name, the logo and the page in the navigation, in the title, the tags and the share card', async () => {
    for (const theme of THEMES) {
      await saveTheme(page, theme);
      await open('/');
      const brand = page.getByRole('link', { name: `${TEAM} home` });
      await brand.waitFor();
      expect(await brand.locator('img').getAttribute('src')).toBe(logoUrl);
      await page.waitForFunction(() => (document.querySelector('header img') as HTMLImageElement | null)?.complete === true);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Tryouts' }).click();
      await page.waitForURL('**/tryouts');
      await page.getByText('Every Friday at 20:00.').waitFor();
      expect(await nav.getByRole('link', { name: 'Tryouts' }).getAttribute('aria-current')).toBe('page');
      await page.waitForFunction((team) => document.title === `Tryouts · ${team}`, TEAM);
      await page.getByRole('contentinfo').getByText(TEAM, { exact: true }).waitFor();
      await settle(page);
      await expectNoSeriousAxeViolations(page, `custom page with the new name (${theme})`);
      await screenshot(page, `site-settings-tryouts-${theme}`);
    }
    await saveTheme(page, 'light');

    // What a link preview reads, without JavaScript: the title, og:site_name and the share card.
    const html = await (await fetch(`${server.baseUrl}/tryouts`)).text();
    expect(html).toContain(`<title>Tryouts · ${TEAM}</title>`);
    expect(html).toContain(`<meta property="og:site_name" content="${TEAM}" />`);
    const home = await (await fetch(`${server.baseUrl}/`)).text();
    const image = /<meta property="og:image" content="([^"]+)"/.exec(home)?.[1];
    expect(/<meta property="og:image:alt" content="([^"]+)"/.exec(home)?.[1]).toMatch(new RegExp(`^${TEAM}: `));
    const card = await fetch(new URL(new URL(image!).pathname + new URL(image!).search, server.baseUrl));
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
    // The card's version names what it shows: the team's name is part of it.
    expect(new URL(image!).search).not.toBe('');
  });

  test('on a 390 px phone the bar shows the logo and the same navigation, light and dark', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    try {
      for (const theme of THEMES) {
        await saveTheme(page, theme);
        await open('/about');
        const brand = page.getByRole('link', { name: `${TEAM} home` });
        await brand.waitFor();
        expect(await brand.locator('img').getAttribute('src')).toBe(logoUrl);
        const nav = page.getByRole('navigation', { name: 'Main' });
        const labels = await nav.getByRole('link').allTextContents();
        expect(labels).toEqual(['Home', 'About', 'Roster', 'ELO Tracker', 'Schedule', 'Tryouts']);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        const tryouts = nav.getByRole('link', { name: 'Tryouts' });
        await tryouts.scrollIntoViewIfNeeded();
        await tryouts.click();
        await page.waitForURL('**/tryouts');
        await page.getByText('Every Friday at 20:00.').waitFor();
        await settle(page);
        await expectNoSeriousAxeViolations(page, `phone custom page (${theme})`);
        await screenshot(page, `site-settings-phone-${theme}`);
      }
    } finally {
      await saveTheme(page, 'light');
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  });
});
