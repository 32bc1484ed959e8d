import type { Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot, type Browser } from './support/browser.js';
import { startSiteServer, TEST_ADMIN_KEY, type TestApp } from './support/server.js';
import { blockExternalRequests, horizontalOverflow, matchPlayer, recordMatch, settle, type Theme } from './support/site.js';

/**
 * Issue 25, items 5 and 6, in Chromium: on a 390 × 844 phone the leaderboard, the players list,
 * the match page, a profile's match history, the Top Players lists and the audit log show their
 * key numbers without a sideways scroll; two players named Shadow carry the end of their Discord
 * IDs wherever they are listed; a player with fewer than 5 matches is marked Provisional. Each
 * screen is shot at 390 and 1280 px, light and dark (with the axe audit), as
 * e2e/screenshots/phone-tables-<screen>-<width>-<theme>.png.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 860 };
const SIZES = [PHONE, DESKTOP];

const SHADOW = '300000000000004821';
const NAMESAKE = '300000000000007310';

/** The four regulars of five overall matches: nobody is provisional after them. */
const regulars = (winner: 'team1' | 'team2', round: number) => ({
  winningTeam: winner,
  team1: [matchPlayer(SHADOW, 'Shadow', 14 + round, 9), matchPlayer('300000000000000001', 'Ace', 11, 10 + round)],
  team2: [matchPlayer('300000000000000002', 'Blaze', 10, 12), matchPlayer('300000000000000003', 'Cobra', 9 + round, 11)],
});

/** Is the box wholly inside the phone's width? */
async function insideWidth(locator: Locator, width: number): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

describe('phone tables, same names and provisional ratings in Chromium', () => {
  let server: TestApp;
  const browsers: Partial<Record<Theme, Browser>> = {};
  const pageErrors: string[] = [];
  let ids: Record<string, number>;

  const pageOf = (theme: Theme): Page => browsers[theme]!.page;

  /**
   * Opens `path` at each width in both themes, lets `check` look at it, and shoots it:
   * phone-tables-<screen>-<width>-<theme> (the viewport only when `fullPage` is false: a dialog
   * scrolls inside it).
   */
  async function shootEverySize(
    screen: string,
    path: string,
    ready: (page: Page) => Promise<void>,
    check: (page: Page, width: number) => Promise<void>,
    { fullPage = true } = {},
  ) {
    for (const theme of ['light', 'dark'] as const) {
      const page = pageOf(theme);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.goto(server.baseUrl + path);
        await ready(page);
        await page.waitForLoadState('networkidle');
        await settle(page);
        expect([screen, theme, await page.evaluate(() => document.documentElement.dataset.theme)]).toEqual([screen, theme, theme]);
        await check(page, size.width);
        await screenshot(page, `phone-tables-${screen}-${size.width}-${theme}`, { fullPage });
      }
    }
  }

  /** At 390 px: nothing sticks out sideways, and each of `locator`'s matches is inside the width. */
  async function fitsPhone(page: Page, locator: Locator, width: number, what: string) {
    if (width !== PHONE.width) return;
    expect([what, await horizontalOverflow(page)]).toEqual([what, 0]);
    const count = await locator.count();
    expect([what, count > 0]).toEqual([what, true]);
    for (let i = 0; i < count; i++) expect([what, i, await insideWidth(locator.nth(i), width)]).toEqual([what, i, true]);
  }

  beforeAll(async () => {
    server = await startSiteServer();
    for (let round = 0; round < 5; round++) await recordMatch(server, regulars(round % 2 === 0 ? 'team1' : 'team2', round));
    // A Hardpoint match (one more column on the match page) with a second Shadow and a newcomer
    // with a long name: both have one match, so both are provisional.
    await recordMatch(server, {
      modeId: 1,
      winningTeam: 'team1',
      team1Score: 250,
      team2Score: 180,
      team1: [
        { ...matchPlayer(SHADOW, 'Shadow', 22, 12, 6, 3100), hardpointTime: 110 },
        { ...matchPlayer('300000000000000001', 'Ace', 15, 13, 4, 2400), hardpointTime: 80 },
      ],
      team2: [
        { ...matchPlayer(NAMESAKE, 'shadow', 12, 15, 3, 2000), hardpointTime: 45 },
        { ...matchPlayer('300000000000000004', 'Wraithwalker the Unbreakable', 9, 18, 7, 1700), hardpointTime: 30 },
      ],
    });
    const players = (await server.call('GET', '/api/players')).body as { id: number; discordId: string }[];
    ids = Object.fromEntries(players.map((player) => [player.discordId, player.id]));
    for (const theme of ['light', 'dark'] as const) {
      const browser = await launchBrowser({ ...PHONE, colorScheme: theme });
      await blockExternalRequests(browser.context);
      browser.page.on('pageerror', (error) => pageErrors.push(error.message));
      browsers[theme] = browser;
    }
  }, 120_000);

  afterAll(async () => {
    await browsers.light?.close();
    await browsers.dark?.close();
    await server?.close();
  });

  afterEach(() => {
    expect(pageErrors).toEqual([]);
  });

  test('the leaderboard: every ELO on the phone without a sideways scroll, Shadow ·…4821 and shadow ·…7310, Provisional tags', async () => {
    await shootEverySize(
      'leaderboard',
      '/tracker/leaderboard',
      (page) => page.locator('.rankings-panel').getByText('Wraithwalker the Unbreakable').waitFor(),
      async (page, width) => {
        const board = page.locator('.rankings-panel');
        if (width === PHONE.width) {
          const cards = board.getByRole('list', { name: 'All Rankings' }).getByRole('listitem');
          expect(await cards.count()).toBe(6);
          expect(await board.locator('table').count()).toBe(0);
          await fitsPhone(page, board.locator('.ranking-card-elo'), width, 'leaderboard ELO');
          await fitsPhone(page, board.locator('.ranking-card-figures'), width, 'leaderboard W/L, K/D, matches');
        } else {
          const headers = (await board.locator('thead th').allTextContents()).map((header) => header.trim());
          expect(headers).toEqual(['Rank', 'Player', 'Tier', 'ELO', 'W/L', 'K/D', 'Matches']);
        }
        const line = (name: RegExp) => (width === PHONE.width ? board.getByRole('listitem').filter({ hasText: name }) : board.getByRole('row').filter({ hasText: name }));
        await line(/Shadow ·…4821/).waitFor();
        expect(await line(/Shadow ·…4821/).getByText('Provisional', { exact: true }).count()).toBe(0);
        await line(/shadow ·…7310/).getByText('Provisional', { exact: true }).waitFor();
        expect(await line(/Ace/).getByText('·…').count()).toBe(0);
        expect(await line(/Wraithwalker/).getByText('Provisional', { exact: true }).isVisible()).toBe(true);
        expect(await page.getByTitle(`Discord ID ${NAMESAKE}`).count()).toBeGreaterThan(0);
        await board.getByText(/Fewer than 5 matches played: the rating is still settling/).waitFor();
      },
    );
  });

  test('the match page: each player, K/D/A and rating change fit the phone; the two Shadows are told apart', async () => {
    await shootEverySize(
      'match',
      '/tracker/matches/6',
      (page) => page.getByRole('region', { name: 'Team 2' }).getByRole('link', { name: 'shadow ·…7310' }).waitFor(),
      async (page, width) => {
        const winners = page.getByRole('region', { name: 'Team 1, winner' });
        // Below 768 px a card per player (as the leaderboard's), a table row above it.
        const phone = width < 768;
        const line = phone ? '[data-testid="match-card"]' : '.match-table tbody tr';
        const shadow = winners.locator(line, { hasText: 'Shadow ·…4821' });
        await shadow.getByText('22/12/6', { exact: true }).waitFor();
        await fitsPhone(page, page.locator(`${line} .elo-change`), width, 'rating change');
        await fitsPhone(page, page.locator(phone ? `${line} .match-card-player a` : `${line} th a`), width, 'player');
        if (phone) await fitsPhone(page, page.locator(`${line} .match-card-figures`), width, 'figures');
        expect(await page.locator(`${line} .elo-change`).count()).toBe(4);
        expect(await winners.getByRole('link', { name: 'Ace' }).count()).toBe(1);
      },
    );
  });

  test('the players list and a profile\'s match history fit the phone', async () => {
    await shootEverySize(
      'players',
      '/tracker/players',
      (page) => page.getByRole('button', { name: /^Wraithwalker the Unbreakable/ }).waitFor(),
      async (page, width) => {
        await fitsPhone(page, page.locator('.player-card-figures'), width, 'player card figures');
        await page.getByRole('button', { name: /^shadow ·…7310/ }).getByText('Provisional', { exact: true }).waitFor();
        await page.getByRole('button', { name: /^Shadow ·…4821/ }).waitFor();
      },
    );
    await shootEverySize(
      'profile',
      `/tracker/players?playerId=${ids[SHADOW]}`,
      async (page) => {
        await page.getByRole('dialog').getByTestId('match-history-entry').nth(5).waitFor();
        await page.getByRole('dialog').getByRole('heading', { name: 'Match History' }).scrollIntoViewIfNeeded();
      },
      async (page, width) => {
        const dialog = page.getByRole('dialog');
        await fitsPhone(page, dialog.locator('.history-entry-change'), width, 'history ELO change');
        await fitsPhone(page, dialog.locator('.head-to-head-record'), width, 'head-to-head record');
        // The Seasons table scrolls sideways on a phone: a cue says so.
        expect(await dialog.getByText(/Swipe the table sideways/).isVisible()).toBe(width === PHONE.width);
      },
      { fullPage: false },
    );
  });

  test('the Top Players of the dashboard and the home page', async () => {
    await shootEverySize(
      'dashboard',
      '/tracker/dashboard',
      (page) => page.locator('.panel', { hasText: 'Top Players' }).getByRole('button', { name: /Shadow ·…4821/ }).waitFor(),
      async (page, width) => {
        await fitsPhone(page, page.locator('.clickable-list .top-player-elo'), width, 'dashboard top ELO');
      },
    );
    await shootEverySize(
      'home',
      '/',
      (page) => page.getByRole('region', { name: 'Top Players' }).getByText('·…7310').waitFor(),
      async (page, width) => {
        const top = page.getByRole('region', { name: 'Top Players' });
        await top.getByText('·…4821').waitFor();
        expect(await top.getByText('Provisional', { exact: true }).count()).toBe(2);
        await fitsPhone(page, top.locator('.top-player-elo'), width, 'home top ELO');
      },
    );
  });

  test('the audit log: position, time, type and who of each event fit the phone', async () => {
    // A returning admin: the key stored on the site's origin (docs/product.md#states-and-transitions).
    for (const theme of ['light', 'dark'] as const) {
      await pageOf(theme).goto(server.baseUrl + '/');
      await pageOf(theme).evaluate((key) => localStorage.setItem('admin_key', key), TEST_ADMIN_KEY);
    }
    try {
      await shootEverySize(
        'audit',
        '/admin/audit',
        (page) => page.locator('.audit-table tr.ant-table-row').nth(5).waitFor(),
        async (page, width) => {
          const rows = page.locator('.audit-table tr.ant-table-row');
          expect(await rows.count()).toBeGreaterThanOrEqual(6);
          if (width !== PHONE.width) return;
          for (const field of ['Position', 'Time', 'Type', 'Actor']) {
            await fitsPhone(page, rows.locator('dt', { hasText: new RegExp(`^${field}$`) }).locator('xpath=following-sibling::dd'), width, `audit ${field}`);
          }
          const first = rows.first();
          expect(await first.locator('dt', { hasText: /^Type$/ }).locator('xpath=following-sibling::dd').innerText()).toMatch(/\S/);
          expect(await first.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
        },
      );
    } finally {
      for (const theme of ['light', 'dark'] as const) await pageOf(theme).evaluate(() => localStorage.removeItem('admin_key'));
    }
  });
});
