import http from 'node:http';
import type { Page } from 'playwright-core';
import { launchBrowser, type Browser } from './support/browser.js';
import { startSiteServer, type TestApp } from './support/server.js';
import { blockExternalRequests, collectPageErrors, matchPlayer, recordMatch } from './support/site.js';

/**
 * A visitor's first load on a phone, when a screen's code comes in late (a slow link): the
 * layout paints first, the screen after it. Nothing already on screen may move when the screen
 * comes in (Lighthouse counted the footer's move as a layout shift of 0.02 to 0.11). The delay
 * below only makes the late arrival certain; no time is measured.
 */

const PHONE = { width: 412, height: 823 };
/** How long each screen chunk is held back: long enough for the layout to paint without it. */
const HOLD_SCREEN_CODE_MS = 1500;

interface Shift {
  value: number;
  sources: string[];
}

/** Records every layout shift of the page from its first paint, with the elements that moved. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((source) => (source.node instanceof Element ? `${source.node.tagName.toLowerCase()}.${source.node.className}` : String(source.node?.nodeName)));
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

describe('first load on a phone with the screen’s code arriving late', () => {
  let server: TestApp;
  let browser: Browser;
  let pageErrors: string[];

  beforeAll(async () => {
    server = await startSiteServer();
    await recordMatch(server, {
      winningTeam: 'team1',
      team1: [matchPlayer('310000000000000001', 'Aurora', 12, 4)],
      team2: [matchPlayer('310000000000000002', 'Basilisk', 4, 12)],
    });
    browser = await launchBrowser(PHONE);
    await blockExternalRequests(browser.context);
    pageErrors = collectPageErrors(browser.page);
    await recordShifts(browser.page);
    // Every lazily loaded chunk (the screens, the tracker layout) is held back; the entry and its
    // first-load chunks are preloaded by index.html and come at once.
    await browser.page.route(/\/assets\/(?:home|about|roster|schedule|dynamic-page|leaderboard|players|record-match|dashboard|TrackerLayout)-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, HOLD_SCREEN_CODE_MS));
      await route.continue();
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  afterEach(() => {
    expect(pageErrors).toEqual([]);
  });

  test.each(['/tracker/leaderboard', '/tracker/players', '/tracker/record-match', '/', '/about', '/schedule'])(
    '%s: nothing on screen moves when the screen comes in (the footer stays below the first screen)',
    async (path) => {
    const page = browser.page;
    await page.goto(server.baseUrl + path);
    // The screen's own heading, which only its late chunk renders.
    await page.locator('main h1').first().waitFor();
    await page.getByRole('contentinfo').waitFor({ state: 'attached' });
    // Two frames after the screen rendered: a shift it caused has been reported.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect({ path, shifts, total: Number(total.toFixed(3)) }).toEqual({ path, shifts: expect.any(Array), total: 0 });
    },
  );

  test('one style sheet serves every screen: a shared profile link adds none as its screens and dialog come in', async () => {
    const page = browser.page;
    await page.goto(server.baseUrl + '/tracker/players?playerId=1');
    await page.getByRole('dialog').getByRole('heading', { name: 'Aurora' }).waitFor();
    await page.getByRole('heading', { name: 'Match History' }).waitFor();
    const sheets = await page.evaluate(() => [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => new URL((link as HTMLLinkElement).href).pathname));
    expect(sheets).toEqual([expect.stringMatching(/^\/assets\/[\w-]+\.css$/)]);
  });
});

/** The bytes of a response as a browser's link carries them (Brotli), not decoded as fetch() does. */
function bytesSent(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': 'br' } }, (response) => {
        // An error page would measure something else. Scripts under 1 KiB have no Brotli twin
        // (vite.config.ts) and go out as they are.
        const encoding = response.headers['content-encoding'];
        if (response.statusCode !== 200 || (encoding !== undefined && encoding !== 'br')) {
          response.resume();
          reject(new Error(`${url}: ${response.statusCode}, content-encoding ${encoding}`));
          return;
        }
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });
}

/**
 * What every page downloads before it can paint: index.html's entry script and the chunks it
 * preloads. The renderer among them is React DOM, the one the dev server and the component
 * tests run: about 70 KiB of them as sent, within a budget that leaves little room for more.
 */
describe('the scripts before the first paint', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startSiteServer();
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  test('carry React DOM, and weigh at most 110 KiB as sent', async () => {
    const html = await (await fetch(server.baseUrl + '/tracker/leaderboard')).text();
    const scripts = [...html.matchAll(/<(?:script type="module"[^>]*\ssrc|link rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((found) => found[1]!);
    expect(scripts.length).toBeGreaterThan(1);
    let sent = 0;
    let reactDom = false;
    for (const script of scripts) {
      sent += await bytesSent(server.baseUrl + script);
      const code = await (await fetch(server.baseUrl + script)).text();
      // React DOM's production build names its errors by a link to react.dev.
      if (code.includes('react.dev/errors')) reactDom = true;
    }
    expect({ scripts, reactDom }).toEqual({ scripts, reactDom: true });
    expect(sent / 1024).toBeLessThanOrEqual(110);
  });
});
