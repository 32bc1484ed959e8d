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
});
