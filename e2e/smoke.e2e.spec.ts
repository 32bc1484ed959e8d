import { launchBrowser, screenshot } from './support/browser.js';
import { startSiteServer, type TestApp } from './support/server.js';

describe('the site in Chromium', () => {
  let server: TestApp;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  beforeAll(async () => {
    server = await startSiteServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test('serves the front-end shell and its API from one port, with no console errors', async () => {
    const errors: string[] = [];
    browser.page.on('pageerror', (error) => errors.push(error.message));
    browser.page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const response = await browser.page.goto(server.baseUrl + '/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await browser.page.getByRole('link', { name: 'ELO Tracker' }).first().waitFor();
    await screenshot(browser.page, 'smoke-home');
    const health = await browser.page.evaluate(async () => (await fetch('/api/health')).status);
    expect(health).toBe(200);
    expect(errors).toEqual([]);
  });

  test('public pages never download the admin screens or the rich-text editor', async () => {
    const scripts: string[] = [];
    const onResponse = (response: { url(): string; request(): { resourceType(): string } }) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    };
    browser.page.on('response', onResponse);
    try {
      for (const path of ['/', '/about', '/roster', '/tracker/dashboard', '/tracker/leaderboard', '/tracker/players', '/tracker/record-match']) {
        await browser.page.goto(server.baseUrl + path, { waitUntil: 'networkidle' });
      }
      expect(scripts.length).toBeGreaterThan(10);
      // Admin screens are chunks named after their route files (app/routes/admin/*.tsx).
      const admin = scripts.filter((script) =>
        /\/(content-editor|page-builder|merge-players|audit|operations)-|VoidMatchAction|MergedAccounts|RichTextEditor|quill/i.test(script),
      );
      expect(admin).toEqual([]);

      // The admin screen does load its editor: the names above are the real chunk names.
      await browser.page.goto(server.baseUrl + '/admin/content', { waitUntil: 'networkidle' });
      expect(scripts.some((script) => /\/content-editor-/.test(script))).toBe(true);
    } finally {
      browser.page.off('response', onResponse);
    }
  });
});
