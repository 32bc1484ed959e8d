import { GRADIENT_PRESETS } from '@team/contracts';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { screenshot, type Browser } from './support/browser.js';
import { startSiteServer, type TestApp } from './support/server.js';
import {
  currentTheme,
  horizontalOverflow,
  matchPlayer,
  recordMatch,
  saveTheme,
  settle,
  shootBothThemes,
  openSiteBrowser,
  THEMES,
} from './support/site.js';

/**
 * The public site (docs/product.md#screens-and-routes Home, About, Roster, Dynamic page /{slug}, not-found; §1 theme)
 * in Chromium against the real server on a fresh database. Tests run in order: the empty
 * site first, then content written through the admin API.
 */


const BRAND = 'Our Team';
const TAGLINE =
  'Competitive gaming at its finest. Track every match, climb the rankings and prove your skill on the ELO leaderboard.';

describe('public site in Chromium', () => {
  let server: TestApp;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];

  const open = async (path: string) => {
    await page.goto(server.baseUrl + path);
  };

  /** A stat card of Home or Dashboard: a region named by its label. */
  const statCard = (label: string) => page.getByRole('region', { name: label, exact: true });

  async function createSection(page: 'home' | 'about' | 'roster', section: string, title: string, content: string, imageUrl: string | null = null) {
    const answer = await server.call('POST', '/api/content', { admin: true, json: { page, section, title, content, imageUrl } });
    expect(answer.status).toBe(201);
    return answer.body as { id: number };
  }

  async function createPage(slug: string, title: string): Promise<number> {
    const answer = await server.call('POST', '/api/pages', { admin: true, json: { slug, title } });
    expect(answer.status).toBe(201);
    return (answer.body as { id: number }).id;
  }

  let blockOrder = 0;
  async function createBlock(pageId: number, block: Record<string, unknown>) {
    const answer = await server.call('POST', '/api/blocks', {
      admin: true,
      json: {
        pageId,
        blockType: 'text',
        layout: 'full',
        order: blockOrder++,
        padding: 'medium',
        textAlign: 'left',
        title: '',
        content: '',
        videoUrl: null,
        imageUrl: null,
        buttonText: null,
        buttonUrl: null,
        buttonStyle: 'primary',
        ...block,
      },
    });
    expect(answer.status).toBe(201);
  }

  beforeAll(async () => {
    server = await startSiteServer();
    ({ browser, page, pageErrors } = await openSiteBrowser());
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  afterEach(() => {
    // No screen may throw in the browser.
    expect(pageErrors).toEqual([]);
  });

  test('empty Home: brand fallback hero, buttons, stat cards with Average ELO 1000, top nav', async () => {
    await open('/');
    await page.getByRole('heading', { level: 1, name: BRAND }).waitFor();
    await page.getByText(TAGLINE, { exact: true }).waitFor();
    await page.getByRole('img', { name: `${BRAND} logo` }).waitFor();

    await statCard('Total Players').getByText('0', { exact: true }).waitFor();
    await statCard('Matches Played').getByText('0', { exact: true }).waitFor();
    await statCard('Average ELO').getByText('1000', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Top Players' }).waitFor();
    expect(await page.locator('.top-player-card').count()).toBe(0);
    await page.getByRole('button', { name: 'View Full Leaderboard' }).waitFor();
    await screenshot(page, 'public-home-empty-light');

    // Top navigation: Home is active only on "/", the others by prefix.
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Home', 'About', 'Roster', 'ELO Tracker']) await nav.getByRole('link', { name: label }).waitFor();
    expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    await nav.getByRole('link', { name: 'About' }).click();
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    expect(await nav.getByRole('link', { name: 'About' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.locator('a[aria-current]').count()).toBe(1);
    await nav.getByRole('link', { name: 'ELO Tracker' }).click();
    await page.waitForURL('**/tracker/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    // The hero's buttons.
    await open('/');
    await page.getByRole('button', { name: 'View Roster' }).click();
    await page.waitForURL('**/roster');
    await page.getByRole('heading', { level: 1, name: 'Team Roster' }).waitFor();
    await open('/');
    await page.getByRole('button', { name: 'View Leaderboard' }).click();
    await page.waitForURL('**/tracker/leaderboard');
    await page.getByText('No players yet. Record your first match to get started!').waitFor();
  });

  test('empty About and Roster show their placeholder cards', async () => {
    await open('/about');
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    for (const title of ['Our Story', 'Our Mission', 'Achievements']) {
      await page.getByRole('heading', { level: 2, name: title, exact: true }).waitFor();
    }
    expect(await page.getByText('Loading...').count()).toBe(0);

    await open('/roster');
    await page.getByRole('heading', { level: 1, name: 'Team Roster' }).waitFor();
    for (const title of ['Player 1', 'Player 2', 'Player 3']) {
      await page.getByRole('heading', { level: 2, name: title, exact: true }).waitFor();
    }
    expect(await page.locator('.placeholder-card').count()).toBe(3);
  });

  test('unknown public paths and slugs show the 404 screen; Go Home leaves it', async () => {
    for (const path of ['/no-such-page', '/some/deeper/path']) {
      await open(path);
      await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
      // Still the public layout.
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
    }
    await page.getByRole('button', { name: 'Go Home' }).click();
    await page.waitForURL(server.baseUrl + '/');
    await page.getByRole('heading', { level: 1, name: BRAND }).waitFor();
  });

  test('content sections written through the API show on Home, About and Roster', async () => {
    await createSection('home', 'hero', '<p>Welcome to <strong>Team Nova</strong></p>', '<p>We play to win, together.</p>', '/favicon.svg');
    await createSection('home', 'stats-overview', '<p>Season Two</p>', '<p>Twelve wins in a row this season.</p>');
    await createSection('about', 'our-story', '<p>Where it began</p>', '<p>Founded in a <em>dorm room</em> in 2019.</p>');
    await createSection('about', 'our-mission', '<p>What drives us</p>', '<p>Fair play and hard work.</p>');
    await createSection('roster', 'player-1', '<p>Ace</p>', '<p>Role: Entry fragger</p><p>ELO: 1250</p>', '/favicon.svg');
    await createSection('roster', 'player-2', '<p>Blaze</p>', '<p>Role: Support</p>');

    await open('/');
    await page.getByRole('heading', { level: 1, name: 'Welcome to Team Nova' }).waitFor();
    await page.getByText('We play to win, together.').waitFor();
    expect(await page.getByRole('img', { name: `${BRAND} logo` }).getAttribute('src')).toBe('/favicon.svg');
    expect(await page.getByText(TAGLINE).count()).toBe(0);
    const more = page.getByRole('region', { name: 'More about us' });
    await more.getByText('Season Two').waitFor();
    await more.getByText('Twelve wins in a row this season.').waitFor();
    // The hero is not repeated among the extra sections.
    expect(await more.getByText('We play to win, together.').count()).toBe(0);

    await open('/about');
    await page.getByText('Where it began').waitFor();
    await page.getByText('What drives us').waitFor();
    expect(await page.locator('.content-section-body em').textContent()).toBe('dorm room');
    expect(await page.getByText('Our Story', { exact: true }).count()).toBe(0);

    await open('/roster');
    await page.getByText('Ace', { exact: true }).waitFor();
    await page.getByText('Role: Entry fragger').waitFor();
    await page.getByText('ELO: 1250').waitFor();
    await page.getByText('Blaze', { exact: true }).waitFor();
    expect(await page.getByRole('img', { name: 'Ace' }).getAttribute('src')).toBe('/favicon.svg');
    expect(await page.locator('.placeholder-card').count()).toBe(0);
  });

  test('a custom page shows each block type by its rules at /{slug}', async () => {
    const pageId = await createPage('events', 'Events');
    await createBlock(pageId, { blockType: 'text', title: 'Upcoming Events', content: 'Scrims every Friday night.' });
    await createBlock(pageId, { blockType: 'text', content: '<p>Finals are <strong>live</strong> on stream.</p>', textAlign: 'center' });
    await createBlock(pageId, { blockType: 'video', title: 'Highlights', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', layout: 'half' });
    await createBlock(pageId, { blockType: 'video', title: 'Vimeo reel', videoUrl: 'https://vimeo.com/123456', layout: 'half' });
    await createBlock(pageId, { blockType: 'video', title: 'Clip file', videoUrl: '/media/clip.mp4' });
    await createBlock(pageId, { blockType: 'video', title: 'Video without URL', videoUrl: '' });
    await createBlock(pageId, { blockType: 'image', title: 'Team photo', imageUrl: '/favicon.svg', layout: 'third' });
    await createBlock(pageId, { blockType: 'image', title: 'Image without URL', imageUrl: null });
    await createBlock(pageId, { blockType: 'spacer', padding: 'large' });
    await createBlock(pageId, { blockType: 'button', buttonText: 'Join our Discord', buttonUrl: 'https://discord.gg/example' });
    await createBlock(pageId, { blockType: 'button', buttonText: 'See the roster', buttonUrl: '/roster', buttonStyle: 'outline' });
    await createBlock(pageId, { blockType: 'button', buttonText: 'Button without URL', buttonUrl: '' });
    await createBlock(pageId, { blockType: 'button', buttonText: '', buttonUrl: 'https://example.com/no-text' });
    await createBlock(pageId, {
      blockType: 'html',
      title: 'Sponsor banner',
      content: '<p class="sponsor">Sponsored by Acme</p><div style="height: 320px"></div><script>document.body.dataset.ran = "yes"</script>',
    });

    await open('/events');
    const article = page.getByRole('article', { name: 'Events' });
    await article.getByRole('heading', { name: 'Upcoming Events' }).waitFor();
    await article.getByText('Scrims every Friday night.').waitFor();
    expect(await article.locator('strong', { hasText: 'live' }).count()).toBe(1);

    // Video: YouTube embeds, Vimeo cannot, a file plays in a <video>, no URL renders nothing.
    const youtube = article.locator('iframe[title="Highlights"]');
    expect(await youtube.getAttribute('src')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    const fallback = article.getByRole('link', { name: 'Unable to embed video. Watch here.' });
    expect(await fallback.getAttribute('href')).toBe('https://vimeo.com/123456');
    expect(await fallback.getAttribute('target')).toBe('_blank');
    expect(await article.getByText('Unable to embed video. Watch here.').count()).toBe(1);
    expect(await article.locator('video').getAttribute('src')).toBe('/media/clip.mp4');
    expect(await article.getByText('Video without URL').count()).toBe(0);

    // Image: with a URL only.
    expect(await article.getByRole('img', { name: 'Team photo' }).getAttribute('src')).toBe('/favicon.svg');
    expect(await article.getByText('Image without URL').count()).toBe(0);

    // Buttons: only with both text and URL; http(s) URLs open in a new tab.
    const discord = article.getByRole('link', { name: 'Join our Discord' });
    expect(await discord.getAttribute('href')).toBe('https://discord.gg/example');
    expect(await discord.getAttribute('target')).toBe('_blank');
    const roster = article.getByRole('link', { name: 'See the roster' });
    expect(await roster.getAttribute('target')).toBeNull();
    expect(await article.getByText('Button without URL').count()).toBe(0);
    expect(await article.locator('a[href="https://example.com/no-text"]').count()).toBe(0);

    // HTML: isolated in a sandboxed frame.
    const frame = article.locator('iframe[title="Sponsor banner"]');
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts');
    const banner = page.frameLocator('iframe[title="Sponsor banner"]');
    await banner.getByText('Sponsored by Acme').waitFor();
    // The resize script runs (the CSP allows it by hash): the frame grows from 150 px to its content.
    await page.waitForFunction(() => (document.querySelector('iframe[title="Sponsor banner"]') as HTMLElement).offsetHeight > 330);
    // The markup's own script does not.
    expect(await banner.locator('body').getAttribute('data-ran')).toBeNull();

    // Rendered blocks: 2 text, 3 videos, 1 image, 1 spacer, 2 buttons, 1 html.
    expect(await article.locator('.block-cell').count()).toBe(10);
    await screenshot(page, 'public-page-blocks-light');

    // Same-site buttons navigate in the app.
    await roster.click();
    await page.waitForURL('**/roster');
    await page.getByRole('heading', { level: 1, name: 'Team Roster' }).waitFor();
  });

  test('a stored XSS payload in sections and an HTML block does not run or steal the admin key', async () => {
    const title = '<p>Trap title <img src=x onerror="window.__xss=1"></p>';
    const content = '<p>Trap content</p><script>window.__xss=2</script><a href="javascript:window.__xss=3">click</a>';
    const section = await createSection('about', 'xss', title, content);
    // The server cleans rich text on write.
    const stored = ((await server.call('GET', '/api/content/about')).body as Array<{ id: number; title: string; content: string }>).find(
      (entry) => entry.id === section.id,
    )!;
    expect(stored.title + stored.content).not.toMatch(/onerror|<script|javascript:/i);
    const pageId = await createPage('xss-test', 'XSS test');
    await createBlock(pageId, {
      blockType: 'html',
      title: 'Trap block',
      content: "<script>parent.localStorage.setItem('stolen', localStorage.getItem('admin_key'))</script><p>Harmless</p>",
    });
    await createBlock(pageId, { blockType: 'text', title: 'Trap text', content: '<p>Text</p><img src=x onerror="window.__xss=4">' });

    const xss = () => page.evaluate(() => (window as unknown as { __xss?: number }).__xss);
    await open('/about');
    await page.evaluate(() => localStorage.setItem('admin_key', 'secret-admin-key'));
    await page.reload();
    await page.getByText('Trap content').waitFor();
    await page.getByText('Trap title').waitFor();
    expect(await xss()).toBeUndefined();

    // The browser cleans it too: a row stored raw (written before the server cleaned, or
    // tampered with in the database) is rendered without its handlers and scripts.
    await server.knex('read_models.content_sections').where({ id: section.id }).update({ title, content });
    expect(((await server.call('GET', '/api/content/about')).body as Array<{ title: string }>).some((entry) => entry.title === title)).toBe(true);
    await page.reload();
    await page.getByText('Trap content').waitFor();
    await page.locator('.content-section-title img').waitFor({ state: 'attached' });
    expect(await page.locator('[onerror], .rich-text script, a[href^="javascript:"]').count()).toBe(0);
    await page.getByText('click', { exact: true }).click();
    expect(await xss()).toBeUndefined();

    await open('/xss-test');
    await page.getByRole('heading', { name: 'Trap text' }).waitFor();
    const frame = page.frameLocator('iframe[title="Trap block"]');
    await frame.getByText('Harmless').waitFor();
    // The frame is sandboxed without same-origin: its own origin is opaque.
    expect(await page.locator('iframe[title="Trap block"]').getAttribute('sandbox')).toBe('allow-scripts');
    expect(await frame.locator('body').evaluate(() => window.origin)).toBe('null');
    expect(await xss()).toBeUndefined();
    expect(await page.evaluate(() => localStorage.getItem('stolen'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('admin_key'))).toBe('secret-admin-key');
    expect(await page.locator('[onerror]').count()).toBe(0);
    await page.evaluate(() => localStorage.removeItem('admin_key'));
    await server.call('DELETE', `/api/content/${section.id}`, { admin: true });
  });

  test('gradient text in each preset (issue 40 item 17): axe finds no contrast violation, and every stop keeps 3:1 on the background behind it, light and dark', async () => {
    // As the editor writes gradient text (quill-formats.ts), at its Extra Large size (24 px:
    // large text, whose WCAG minimum is the presets' 3:1); the last line is Vendetta before
    // issue 40, whose stops ended near black: the check must find it unreadable on dark.
    const line = (name: string, css: string) =>
      `<p><span class="gradient-text" style="font-size: 24px; background-image: ${css}; -webkit-background-clip: text; background-clip: text; -webkit-text-fill-color: transparent">${name} in gradient text</span></p>`;
    const content = [...GRADIENT_PRESETS.map((preset) => line(preset.name, preset.css)), line(OLD_VENDETTA.name, OLD_VENDETTA.css)].join('');
    await createBlock(await createPage('gradients', 'Gradients'), { blockType: 'text', title: 'Gradient presets', content });

    await open('/gradients');
    for (const theme of THEMES) {
      await saveTheme(page, theme);
      await open('/gradients');
      await page.getByText(`${OLD_VENDETTA.name} in gradient text`).waitFor();
      expect(await currentTheme(page)).toBe(theme);
      await settle(page);
      // The screenshot runs the whole axe audit: no serious or critical violation.
      await screenshot(page, `public-gradients-${theme}`);

      const lines = await gradientLines(page);
      expect(lines.map((found) => found.text)).toEqual([...GRADIENT_PRESETS.map((preset) => preset.name), OLD_VENDETTA.name].map((name) => `${name} in gradient text`));
      for (const found of lines) {
        // axe cannot tell the colour of text painted by its own background (it reports it
        // "incomplete bgGradient" in axe 4.14); it must never call it a violation.
        expect({ text: found.text, axe: found.axe }).toEqual({ text: found.text, axe: expect.stringMatching(/^(incomplete|pass)/) });
        expect({ text: found.text, behind: found.behindImages }).toEqual({ text: found.text, behind: [] });
        expect({ text: found.text, large: found.large, stops: found.stops.length }).toEqual({ text: found.text, large: true, stops: expect.any(Number) });
      }
      const presets = lines.slice(0, GRADIENT_PRESETS.length);
      for (const found of presets) {
        expect(found.stops.length).toBeGreaterThanOrEqual(2);
        for (const stop of found.stops) expect({ text: found.text, theme, stop: stop.color, readable: stop.ratio >= 3 }).toEqual({ text: found.text, theme, stop: stop.color, readable: true });
      }
      const old = lines.at(-1)!;
      const worst = Math.min(...old.stops.map((stop) => stop.ratio));
      if (theme === 'dark') expect(worst).toBeLessThan(3);
    }
    await saveTheme(page, 'light');
  });

  test('theme: system preference first, the toggle saves "theme", the choice survives a reload', async () => {
    await open('/');
    await saveTheme(page, null);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await currentTheme(page)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    expect(await currentTheme(page)).toBe('light');

    await page.getByRole('button', { name: 'Toggle theme' }).click();
    expect(await currentTheme(page)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await currentTheme(page)).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);

    // The saved choice wins over the system preference, on the tracker too.
    await open('/tracker/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await currentTheme(page)).toBe('dark');
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    expect(await currentTheme(page)).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await currentTheme(page)).toBe('light');
  });

  test('at 375 px the top navigation still fits and works', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    try {
      await open('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await statCard('Average ELO').waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const label of ['Home', 'About', 'Roster', 'ELO Tracker']) {
        const box = await nav.getByRole('link', { name: label }).boundingBox();
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      }
      await settle(page);
      await screenshot(page, 'public-home-mobile-light');
      await nav.getByRole('link', { name: 'Roster' }).click();
      await page.waitForURL('**/roster');
      await page.getByText('Ace', { exact: true }).waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await nav.getByRole('link', { name: 'About' }).click();
      await page.getByText('Where it began').waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await open('/events');
      await page.getByRole('heading', { name: 'Upcoming Events' }).waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await settle(page);
      await screenshot(page, 'public-page-mobile-light');
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  });

  test('screenshots of every public screen in light and dark', async () => {
    // Players for Home's Top Players cards.
    await recordMatch(server, {
      winningTeam: 'team1',
      team1: [matchPlayer('9001', 'Nova', 14, 6), matchPlayer('9002', 'Quill', 9, 8)],
      team2: [matchPlayer('9003', 'Rook', 7, 12), matchPlayer('9004', 'Sable', 5, 9)],
    });
    await shootBothThemes(page, 'home', async () => {
      await open('/');
      await page.getByRole('heading', { level: 1, name: 'Welcome to Team Nova' }).waitFor();
      await page.locator('.top-player-card', { hasText: 'Nova' }).waitFor();
      await statCard('Total Players').getByText('4', { exact: true }).waitFor();
    });
    // Home's Top Players: rank, username, "wins W - losses L" and ELO.
    const first = page.locator('.top-player-card').first();
    // One match: the name carries the Provisional tag (issue 25).
    expect(await first.textContent()).toMatch(/^#1.*(Nova|Quill) Provisional rating, fewer than 5 matches1W - 0L\d+$/);
    expect(await page.locator('.top-player-card').count()).toBe(4);

    await shootBothThemes(page, 'about', async () => {
      await open('/about');
      await page.getByText('What drives us').waitFor();
    });
    await shootBothThemes(page, 'roster', async () => {
      await open('/roster');
      await page.getByText('Blaze', { exact: true }).waitFor();
      await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    });
    await shootBothThemes(page, 'page', async () => {
      await open('/events');
      await page.getByRole('heading', { name: 'Upcoming Events' }).waitFor();
      await page.frameLocator('iframe[title="Sponsor banner"]').getByText('Sponsored by Acme').waitFor();
    });
    await shootBothThemes(page, '404', async () => {
      await open('/no-such-page');
      await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
    });
  });
});

/** The Vendetta preset before issue 40 (commit 8e171c2 changed its stops): its end is near black. */
const OLD_VENDETTA = { name: 'Old Vendetta', css: 'linear-gradient(135deg, #dc2626 0%, #7f1d1d 50%, #111827 100%)' };

interface GradientLine {
  text: string;
  /** axe's color-contrast outcome for the element, with its message key: "incomplete bgGradient". */
  axe: string;
  /** Background images of the elements behind it (none, or the background below is unknown). */
  behindImages: string[];
  /** Large text by axe's (and WCAG's) measure: 18 pt, or 14 pt bold. */
  large: boolean;
  /** Each colour stop of its gradient with its contrast against the opaque background behind the text. */
  stops: { color: string; ratio: number }[];
}

/**
 * Every gradient text of the page's rich text, as the browser draws it: axe's color-contrast
 * outcome for it, and its stops' contrast (WCAG 2 relative luminance) against the background
 * the page composes behind it, from the canvas up through every ancestor's background colour.
 */
async function gradientLines(page: Page): Promise<GradientLine[]> {
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe;
    const results = await axe.run(document, { runOnly: { type: 'rule', values: ['color-contrast'] }, iframes: false });
    const outcomes = new Map<Element, string>();
    for (const [outcome, rules] of [['violation', results.violations], ['incomplete', results.incomplete], ['pass', results.passes]] as const) {
      for (const rule of rules) {
        for (const node of rule.nodes) {
          const element = document.querySelector(String(node.target[0]));
          const key = (node.any[0]?.data as { messageKey?: string } | null)?.messageKey;
          if (element) outcomes.set(element, key ? `${outcome} ${key}` : outcome);
        }
      }
    }
    const channels = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) =>
      [r!, g!, b!].map((value) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
    const contrast = (a: number[], b: number[]) => {
      const [x, y] = [luminance(a), luminance(b)];
      return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
    };
    return [...document.querySelectorAll<HTMLElement>('.rich-text span')]
      .filter((span) => getComputedStyle(span).backgroundClip === 'text')
      .map((span) => {
        const ancestors: Element[] = [];
        for (let node = span.parentElement; node; node = node.parentElement) ancestors.unshift(node);
        // The canvas is white; each ancestor's colour lays over what is below it.
        let behind = [255, 255, 255];
        for (const ancestor of ancestors) {
          const [r, g, b, a = 1] = channels(getComputedStyle(ancestor).backgroundColor);
          behind = [r!, g!, b!].map((value, i) => value * a + behind[i]! * (1 - a));
        }
        const style = getComputedStyle(span);
        const px = parseFloat(style.fontSize);
        const bold = parseFloat(style.fontWeight) >= 700;
        return {
          text: span.textContent ?? '',
          axe: outcomes.get(span) ?? 'not checked',
          behindImages: ancestors.map((ancestor) => getComputedStyle(ancestor).backgroundImage).filter((image) => image !== 'none'),
          large: px * 0.75 >= 18 || (bold && px * 0.75 >= 14),
          stops: (style.backgroundImage.match(/rgba?\([^)]*\)/g) ?? []).map((color) => ({ color, ratio: contrast(channels(color), behind) })),
        };
      });
  });
}
