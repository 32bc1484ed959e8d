import type { BrowserContext, Locator, Page, Response } from 'playwright-core';
import { launchBrowser, screenshot, type Browser } from './browser.js';
import type { TestApp } from './server.js';

/** Shared steps of the public-site and tracker browser tests. */

export type Theme = 'light' | 'dark';
export const THEMES: Theme[] = ['light', 'dark'];

export interface MatchPlayer {
  discordId: string;
  username: string;
  kills: number;
  deaths: number;
  assists: number;
  score: number;
}

export function matchPlayer(discordId: string, username: string, kills: number, deaths: number, assists = 2, score = 1500): MatchPlayer {
  return { discordId, username, kills, deaths, assists, score };
}

/** Records a match through the real API (no key: the public may record matches). */
export async function recordMatch(server: TestApp, body: Record<string, unknown>): Promise<void> {
  const answer = await server.call('POST', '/api/matches', { json: body });
  if (answer.status !== 201) throw new Error(`POST /api/matches answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}

/** Requests leaving the test server (YouTube frames, https images) fail at once: the machine is offline. */
export async function blockExternalRequests(context: BrowserContext): Promise<void> {
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
}

/** Collects uncaught page errors; console errors are kept apart because the CSP reports blocked inline scripts there. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * A browser for one test file's screens: requests leaving the machine blocked, and the errors
 * its page throws collected (a file's afterEach expects none).
 */
export async function openSiteBrowser(): Promise<{ browser: Browser; page: Page; pageErrors: string[] }> {
  const browser = await launchBrowser();
  await blockExternalRequests(browser.context);
  return { browser, page: browser.page, pageErrors: collectPageErrors(browser.page) };
}

/** The toast on screen (one at a time, docs/product.md#who-it-is-for). */
export function toast(page: Page): Locator {
  return page.locator('.ant-notification-notice').last();
}

export async function expectToast(page: Page, title: string, description: string): Promise<void> {
  const notice = toast(page);
  await notice.getByText(title, { exact: true }).waitFor();
  await notice.getByText(description, { exact: true }).waitFor();
}

/**
 * Waits until the dialog titled `title` has finished zooming in: antd zooms a dialog from the
 * pointer, and a click on its way can miss the button (Playwright's stable check may pass
 * before the zoom starts).
 */
export async function dialogSettled(page: Page, title: string): Promise<void> {
  await page.locator('.ant-modal:not([class*="ant-zoom"])', { hasText: title }).waitFor();
}

/** Closes the toasts on screen so the next one is not confused with them. */
export async function dismissToasts(page: Page): Promise<void> {
  for (const close of await page.locator('.ant-notification-notice-close').all()) await close.click().catch(() => undefined);
  await page.waitForFunction(() => document.querySelectorAll('.ant-notification-notice').length === 0);
}

/** Waits for every finite CSS animation or transition (dialog zoom, drawer slide) to finish. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const iterations = animation.effect?.getTiming().iterations;
      return animation.playState !== 'running' || iterations === Infinity;
    }),
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Saves the theme preference the app reads on load (docs/product.md#constants-and-limits: key "theme"). */
export async function saveTheme(page: Page, theme: Theme | null): Promise<void> {
  await page.evaluate((value) => {
    if (value) localStorage.setItem('theme', value);
    else localStorage.removeItem('theme');
  }, theme);
}

export async function currentTheme(page: Page): Promise<string | undefined> {
  return page.evaluate(() => document.documentElement.dataset.theme);
}

/**
 * Shoots one screen in light and dark: `open` loads it (after the saved theme changed) and
 * waits for its content. Saved as public-<screen>-<theme>.png. Leaves the light theme saved.
 */
export async function shootBothThemes(page: Page, screen: string, open: () => Promise<void>): Promise<void> {
  for (const theme of THEMES) {
    await saveTheme(page, theme);
    await open();
    if ((await currentTheme(page)) !== theme) throw new Error(`${screen}: the page did not load in the ${theme} theme`);
    await settle(page);
    await screenshot(page, `public-${screen}-${theme}`);
  }
  await saveTheme(page, 'light');
}

/** The page's horizontal overflow in CSS pixels (0 when nothing sticks out). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The performance issue's budget: JavaScript transferred on a public screen's first load. */
export const FIRST_LOAD_JS_BUDGET_KIB = 150;

/**
 * KiB of JavaScript a fresh browser (nothing cached) transfers to open `path`: until `ready`
 * says the screen shows its content and the network is idle.
 */
export async function firstLoadScriptKiB(baseUrl: string, path: string, ready: (page: Page) => Promise<void>): Promise<number> {
  const fresh = await launchBrowser();
  try {
    await blockExternalRequests(fresh.context);
    const sizes: Promise<number>[] = [];
    fresh.page.on('response', (response: Response) => {
      if (response.request().resourceType() === 'script') sizes.push(response.request().sizes().then((size) => size.responseBodySize));
    });
    await fresh.page.goto(baseUrl + path);
    await ready(fresh.page);
    await fresh.page.waitForLoadState('networkidle');
    const transferred = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
    if (transferred === 0) throw new Error(`${path}: no script was transferred`);
    return transferred / 1024;
  } finally {
    await fresh.close();
  }
}
