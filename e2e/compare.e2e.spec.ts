import type { Page } from 'playwright-core';
import type { LeaderboardEntry, PlayerComparison } from '@team/contracts';
import { screenshot, type Browser } from './support/browser.js';
import { startSiteServer, type TestApp } from './support/server.js';
import {
  firstLoadScriptKiB,
  FIRST_LOAD_JS_BUDGET_KIB,
  horizontalOverflow,
  matchPlayer,
  recordMatch,
  settle,
  shootBothThemes,
  openSiteBrowser,
} from './support/site.js';

/**
 * Head-to-head and the compare view (issue 14) in Chromium against the real server: the
 * profile's Head-to-Head section and its Compare action, the compare view reached from it and
 * by a shared link, its side-by-side figures against the API's, and its first-load weight.
 */


describe('head-to-head and compare in Chromium', () => {
  let server: TestApp;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  const ids: Record<string, number> = {};

  const open = (path: string) => page.goto(server.baseUrl + path);
  const dialog = () => page.getByRole('dialog');
  const statRow = (label: string) => page.locator(`.compare-stats tr[data-stat="${label}"] td`);

  beforeAll(async () => {
    server = await startSiteServer();
    const ace = matchPlayer('200000000000000001', 'Ace', 20, 10);
    const bolt = matchPlayer('200000000000000002', 'Bolt', 15, 12);
    const cinder = matchPlayer('200000000000000003', 'Cinder', 12, 14);
    const drift = matchPlayer('200000000000000004', 'Drift', 8, 19);
    await recordMatch(server, { winningTeam: 'team1', team1: [ace, bolt], team2: [cinder, drift] });
    await recordMatch(server, { winningTeam: 'team2', team1: [ace, drift], team2: [cinder, bolt] });
    await recordMatch(server, { modeId: 1, winningTeam: 'team1', team1Score: 250, team2Score: 180, team1: [ace, bolt], team2: [cinder, drift] });
    await recordMatch(server, { winningTeam: 'team1', team1: [cinder], team2: [ace] });
    for (const player of (await server.call('GET', '/api/players')).body as LeaderboardEntry[]) ids[player.username] = player.id;

    ({ browser, page, pageErrors } = await openSiteBrowser());
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  afterEach(() => {
    expect(pageErrors).toEqual([]);
  });

  /** The side-by-side rows show what the API says of both players. */
  async function expectSideBySide(a: string, b: string) {
    const comparison = (await server.call('GET', `/api/players/compare?a=${ids[a]}&b=${ids[b]}`)).body as PlayerComparison;
    await page.locator('.compare-stats').waitFor();
    expect(await page.locator('.compare-stats thead th').allTextContents()).toEqual(['Stat', a, b]);
    const [pa, pb] = [comparison.a.player, comparison.b.player];
    expect(await statRow('ELO Rating').allTextContents()).toEqual([String(pa.elo), String(pb.elo)]);
    expect(await statRow('Rank').allTextContents()).toEqual([`#${pa.rank}`, `#${pb.rank}`]);
    expect(await statRow('W-L').allTextContents()).toEqual([`${pa.wins}-${pa.losses}`, `${pb.wins}-${pb.losses}`]);
    expect(await statRow('K/D Ratio').allTextContents()).toEqual([pa.kdRatio.toFixed(2), pb.kdRatio.toFixed(2)]);
    expect(await statRow('Matches').allTextContents()).toEqual([String(pa.totalMatches), String(pb.totalMatches)]);
    const record = comparison.record;
    expect(await page.getByTestId('compare-record').textContent()).toContain(`${record.aWins} - ${record.bWins}`);
    const links = page.getByTestId('compare-match').getByRole('link');
    expect(await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))).toEqual(
      comparison.matches.map((match) => `/tracker/matches/${match.matchId}`),
    );
    // Both rating histories on one chart, with a legend.
    expect(await page.locator('.compare-chart .line-chart-line').evaluateAll((lines) => lines.map((line) => line.getAttribute('data-line')))).toEqual([a, b]);
    expect(await page.locator('.compare-chart .line-chart-legend li').allTextContents()).toEqual([a, b]);
  }

  test("the profile's head-to-head, a name opening that profile, and Compare with a second player picked by name", async () => {
    await open(`/tracker/players?playerId=${ids.Ace}`);
    const section = dialog().getByRole('region', { name: 'Head-to-Head' });
    const opponents = section.getByRole('list', { name: 'Top Opponents' });
    await opponents.getByTestId('head-to-head-entry').first().waitFor();
    // Cinder: met in all four matches (Ace won 2 of them); Drift in three.
    expect(await opponents.getByTestId('head-to-head-entry').first().textContent()).toContain('Cinder4 matches2-2');
    expect(await section.getByRole('list', { name: 'Top Teammates' }).getByTestId('head-to-head-entry').first().textContent()).toContain('Bolt2 matches2-0');
    await settle(page);
    await screenshot(page, 'public-profile-head-to-head-light');

    await opponents.getByRole('button', { name: 'Cinder' }).click();
    await dialog().getByText('Discord ID: 200000000000000003').waitFor();
    await section.getByRole('list', { name: 'Top Opponents' }).getByRole('button', { name: 'Ace' }).waitFor();

    await section.getByRole('link', { name: 'Compare' }).click();
    await page.waitForURL((url) => url.pathname === '/tracker/compare' && url.search === `?a=${ids.Cinder}`);
    await page.getByText('Choose a second player to compare with.').waitFor();
    await page.getByRole('textbox', { name: 'Search Player B' }).fill('ac');
    await page.getByRole('list', { name: 'Players found for Player B' }).getByRole('button', { name: /Ace/ }).click();
    await page.waitForURL((url) => url.search === `?a=${ids.Cinder}&b=${ids.Ace}`);
    await expectSideBySide('Cinder', 'Ace');
  });

  test('a shared link opens the comparison directly, within the first-load budget; light and dark, axe', async () => {
    await open(`/tracker/compare?a=${ids.Ace}&b=${ids.Cinder}`);
    await expectSideBySide('Ace', 'Cinder');
    // A fresh browser: this one has the scripts cached from the tests before.
    const kib = await firstLoadScriptKiB(server.baseUrl, `/tracker/compare?a=${ids.Ace}&b=${ids.Cinder}`, (fresh) =>
      fresh.locator('.compare-chart .line-chart-line').first().waitFor(),
    );
    expect(kib).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET_KIB);

    await shootBothThemes(page, 'compare', async () => {
      await open(`/tracker/compare?a=${ids.Ace}&b=${ids.Cinder}`);
      await page.locator('.compare-chart .line-chart-line').first().waitFor();
    });

    // On a phone the two sides still fit the width.
    await page.setViewportSize({ width: 375, height: 812 });
    try {
      await open(`/tracker/compare?a=${ids.Ace}&b=${ids.Cinder}`);
      await page.locator('.compare-chart .line-chart-line').first().waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  });

  test('the same player twice, an unknown player and an empty link each say what is wrong', async () => {
    await open(`/tracker/compare?a=${ids.Ace}&b=${ids.Ace}`);
    await page.getByText('Choose two different players: a player cannot be compared with themselves.').waitFor();
    await open(`/tracker/compare?a=${ids.Ace}&b=9999`);
    await page.getByText('Player 9999 not found.').waitFor();
    await open('/tracker/compare?a=x');
    await page.getByText('"x" is not a player id. Choose the players again.').waitFor();
    await open('/tracker/compare');
    await page.getByText('Choose two players to compare.').waitFor();
    await settle(page);
    await screenshot(page, 'public-compare-empty-light');
  });
});
