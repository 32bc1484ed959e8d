import type { Page } from 'playwright-core';
import { softResetRating, type LeaderboardEntry, type PlayerSeason, type Season } from '@team/contracts';
import { screenshot, type Browser } from './support/browser.js';
import { startSiteServer, TEST_ADMIN_KEY, type TestApp } from './support/server.js';
import {
  dialogSettled,
  currentTheme,
  expectToast,
  firstLoadScriptKiB,
  FIRST_LOAD_JS_BUDGET_KIB,
  matchPlayer,
  recordMatch,
  saveTheme,
  settle,
  shootBothThemes,
  THEMES,
  openSiteBrowser,
} from './support/site.js';

/**
 * Seasons (issue 14) in Chromium against the real server. The tests run in order on one
 * ladder: the admin starts a season from the Seasons panel with a soft reset and renames the
 * first one; a match is then played in the new season; the leaderboard's season selector and
 * the profile's season summary show the two seasons apart.
 */


const SOFT_RESET_PERCENT = 50;

describe('seasons in Chromium', () => {
  let server: TestApp;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  const ids: Record<string, number> = {};

  const open = (path: string) => page.goto(server.baseUrl + path);
  const boardNames = () => page.locator('tbody tr.leaderboard-row td:nth-child(2) strong').allTextContents();
  /** Waits until the board lists exactly these players, in this order. */
  const expectBoard = (names: string[]) =>
    page.waitForFunction(
      (expected) => [...document.querySelectorAll('tbody tr.leaderboard-row td:nth-child(2) strong')].map((cell) => cell.textContent).join() === expected,
      names.join(),
    );
  const overall = async () => (await server.call('GET', '/api/players/leaderboard')).body as LeaderboardEntry[];
  /** What the admin screen shows, for a failure message: dialogs open, and the start form's error if any. */
  const formState = async () =>
    `dialogs open: ${JSON.stringify(await page.locator('.ant-modal-title, .ant-modal-confirm-title').allTextContents())}, ` +
    `form says: ${JSON.stringify(await page.getByRole('region', { name: 'Start new season' }).locator('.ant-alert').allTextContents())}`;
  const seasons = async () => (await server.call('GET', '/api/seasons')).body as Season[];
  /** Waits until the antd dialog showing `title` has zoomed in: antd drops its ant-zoom classes then (settle() can run before it starts). */

  beforeAll(async () => {
    server = await startSiteServer();
    // The first season: Oldtimer plays only in it.
    await recordMatch(server, { winningTeam: 'team1', team1: [matchPlayer('400000000000000001', 'Ace', 20, 8)], team2: [matchPlayer('400000000000000002', 'Oldtimer', 8, 20)] });
    await recordMatch(server, { winningTeam: 'team1', team1: [matchPlayer('400000000000000001', 'Ace', 18, 9)], team2: [matchPlayer('400000000000000002', 'Oldtimer', 9, 18)] });
    for (const player of await overall()) ids[player.username] = player.id;

    ({ browser, page, pageErrors } = await openSiteBrowser());
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  afterEach(() => {
    expect(pageErrors).toEqual([]);
  });

  test('the admin starts a season with a soft reset from the Seasons panel and renames the first one', async () => {
    const before = Object.fromEntries((await overall()).map((player) => [player.username, player.elo]));
    await open('/admin/seasons');
    await page.evaluate((key) => localStorage.setItem('admin_key', key), TEST_ADMIN_KEY);
    await page.reload();
    await page.getByRole('heading', { name: 'Seasons', level: 1 }).waitFor();
    const list = page.getByRole('region', { name: 'All seasons' });
    await list.locator('tbody tr', { hasText: 'Season 1' }).getByText('Current').waitFor();

    const form = page.getByRole('region', { name: 'Start new season' });
    await form.getByLabel('Season name').fill('Spring Split');
    await form.getByLabel('Soft reset (%)').fill(String(SOFT_RESET_PERCENT));
    await form.getByRole('button', { name: 'Start new season' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.locator('.ant-modal-confirm-title', { hasText: 'Start Spring Split?' }).waitFor();
    const text = await confirm.textContent();
    expect(text).toContain('Season 1 ends now: its final standings are frozen');
    expect(text).toContain(`Soft reset ${SOFT_RESET_PERCENT}%: every rating (overall and each mode) moves ${SOFT_RESET_PERCENT}% of the way toward 1000`);
    // The dialog zooms in from the pointer: its button is clicked where it rests, not on its way.
    await dialogSettled(page, 'Start Spring Split?');
    // Watched from before the click: the toast closes itself 5 s after it opens.
    const toasted = expectToast(page, 'Season started', 'Spring Split is the current season; the soft reset moved 2 ratings.');
    toasted.catch(() => undefined); // awaited below, once the answer is checked
    const [started] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/admin/seasons') && response.request().method() === 'POST').catch(async (error: Error) => {
        throw new Error(`${error.message}\nNo POST /api/admin/seasons after the click; ${await formState()}`);
      }),
      confirm.getByRole('button', { name: 'Start season' }).click(),
    ]);
    const answer = `${started.status()} ${await started.text()}`;
    // A refusal comes with the server's health: "saved, but not caught up" would mean the read tables stopped following.
    expect(answer.startsWith('201 ') ? answer : `${answer} (health: ${JSON.stringify((await server.call('GET', '/api/health')).body)})`).toMatch(/^201 /);
    await toasted;

    // The current season ended; every rating moved halfway back to 1000.
    expect((await seasons()).map((season) => [season.name, season.current])).toEqual([
      ['Spring Split', true],
      ['Season 1', false],
    ]);
    const after = Object.fromEntries((await overall()).map((player) => [player.username, player.elo]));
    expect(after).toEqual({ Ace: softResetRating(before.Ace!, SOFT_RESET_PERCENT), Oldtimer: softResetRating(before.Oldtimer!, SOFT_RESET_PERCENT) });
    await list.locator('tbody tr', { hasText: 'Spring Split' }).getByText('Current').waitFor();

    await list.getByRole('button', { name: 'Rename Season 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename Season 1' });
    await dialog.getByLabel('Season name').fill('Winter Cup');
    await dialogSettled(page, 'Rename Season 1');
    const renamed = expectToast(page, 'Season renamed', 'Season 1 is now Winter Cup.');
    renamed.catch(() => undefined); // awaited below
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await renamed;
    await list.getByRole('button', { name: 'Rename Winter Cup' }).waitFor();
    expect((await seasons()).map((season) => season.name)).toEqual(['Spring Split', 'Winter Cup']);

    // Both are events in the audit log.
    const audit = await server.call('GET', '/api/admin/events?type=SeasonStarted,SeasonRenamed', { admin: true });
    expect(audit.body.events.map((event: { type: string }) => event.type)).toEqual(['SeasonRenamed', 'SeasonStarted']);

    for (const theme of THEMES) {
      await saveTheme(page, theme);
      await page.reload();
      expect(await currentTheme(page)).toBe(theme);
      await list.getByRole('button', { name: 'Rename Winter Cup' }).waitFor();
      await settle(page);
      await screenshot(page, `admin-seasons-${theme}`);
    }
    await saveTheme(page, 'light');

    // A match of the new season: Newcomer plays only in it.
    await recordMatch(server, { winningTeam: 'team2', team1: [matchPlayer('400000000000000001', 'Ace', 10, 12)], team2: [matchPlayer('400000000000000003', 'Newcomer', 12, 10)] });
    ids.Newcomer = (await overall()).find((player) => player.username === 'Newcomer')!.id;
  }, 120_000);

  test('the leaderboard switches from all time to the past season and to the current one', async () => {
    const [spring, winter] = await seasons();
    const board = async (seasonId: number) => (await server.call('GET', `/api/seasons/${seasonId}/leaderboard`)).body as LeaderboardEntry[];
    const [allTime, past, current] = [await overall(), await board(winter!.id), await board(spring!.id)];
    expect(past.map((entry) => entry.username).sort()).toEqual(['Ace', 'Oldtimer']);
    expect(current.map((entry) => entry.username).sort()).toEqual(['Ace', 'Newcomer']);

    await open('/tracker/leaderboard');
    const select = page.getByLabel('Season');
    await expectBoard(allTime.map((entry) => entry.username));
    expect(await select.inputValue()).toBe('all');
    expect(await select.locator('option').allTextContents()).toEqual(['All time', 'Current: Spring Split', 'Winter Cup']);

    await select.selectOption({ label: 'Winter Cup' });
    await page.waitForURL((url) => url.search === `?season=${winter!.id}`);
    await expectBoard(past.map((entry) => entry.username));
    // The past board ranks by the ratings the season ended with, before the soft reset.
    const ace = page.locator('tbody tr.leaderboard-row', { hasText: 'Ace' });
    await ace.getByText(String(past.find((entry) => entry.username === 'Ace')!.elo), { exact: true }).waitFor();
    await page.getByText('Final standings: a match of this season voided later does not change them.').waitFor();

    await select.selectOption({ label: 'Current: Spring Split' });
    await page.waitForURL((url) => url.search === `?season=${spring!.id}`);
    await expectBoard(current.map((entry) => entry.username));
    expect(await boardNames()).not.toContain('Oldtimer');

    // A link to the past season loads it directly, within the first-load budget.
    const kib = await firstLoadScriptKiB(server.baseUrl, `/tracker/leaderboard?season=${winter!.id}`, (fresh) =>
      fresh.locator('tbody tr.leaderboard-row', { hasText: 'Oldtimer' }).waitFor(),
    );
    expect(kib).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET_KIB);

    await shootBothThemes(page, 'leaderboard-past-season', async () => {
      await open(`/tracker/leaderboard?season=${winter!.id}`);
      await expectBoard(past.map((entry) => entry.username));
    });
  }, 120_000);

  test("the profile's season summary: each season with its final or current ELO, peak, W-L, matches, K/D, average score and rank", async () => {
    const lines = (await server.call('GET', `/api/players/${ids.Ace}/seasons`)).body as PlayerSeason[];
    expect(lines.map((line) => line.season.name)).toEqual(['Spring Split', 'Winter Cup']);
    const section = page.getByRole('dialog').getByRole('region', { name: 'Seasons' });
    const rows = section.getByTestId('player-season');
    const expectSummary = async () => {
      await rows.first().waitFor();
      expect(await rows.locator('th').allTextContents()).toEqual(['Spring SplitCurrent', 'Winter Cup']);
      for (const [index, line] of lines.entries()) {
        const cells = await rows.nth(index).locator('td').allTextContents();
        expect(cells).toEqual([
          String(line.finalElo), String(line.peakElo), `${line.wins}-${line.losses}${line.wins} wins, ${line.losses} losses`,
          String(line.matches), line.kdRatio.toFixed(2), String(Math.round(line.avgScore)), `#${line.rank}`,
        ]);
      }
    };
    await open(`/tracker/players?playerId=${ids.Ace}`);
    await expectSummary();

    // Oldtimer played only in the first season.
    await open(`/tracker/players?playerId=${ids.Oldtimer}`);
    await page.getByRole('dialog').getByText('Discord ID: 400000000000000002').waitFor();
    await rows.first().waitFor();
    expect(await rows.locator('th').allTextContents()).toEqual(['Winter Cup']);

    await shootBothThemes(page, 'profile-seasons', async () => {
      await open(`/tracker/players?playerId=${ids.Ace}`);
      await expectSummary();
      await section.scrollIntoViewIfNeeded();
    });
  }, 120_000);
});
