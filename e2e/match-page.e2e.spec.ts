import type { Locator, Page } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { screenshot, screenshotDir, type Browser } from './support/browser.js';
import { startSiteServer, type TestApp } from './support/server.js';
import {
  firstLoadScriptKiB,
  horizontalOverflow,
  FIRST_LOAD_JS_BUDGET_KIB,
  matchPlayer,
  recordMatch,
  shootBothThemes,
  openSiteBrowser,
  saveTheme,
  settle,
  THEMES,
} from './support/site.js';

/**
 * Match pages (issue 14): opened from Recent Matches by a click, loaded directly from a
 * shared link, a voided match with its badge and reason, and an unknown id on the tracker's
 * not-found screen. Each page is shot in light and dark (with the axe audit).
 */


describe('match pages in Chromium', () => {
  let server: TestApp;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];

  const open = (path: string) => page.goto(server.baseUrl + path);
  const heading = (name: string) => page.getByRole('heading', { level: 1, name, exact: true });

  beforeAll(async () => {
    server = await startSiteServer();
    ({ browser, page, pageErrors } = await openSiteBrowser());
    // Match 1, overall, voided below; match 2, Hardpoint on Dust II, Team 1 wins 250 to 180.
    await recordMatch(server, {
      winningTeam: 'team2',
      team1: [matchPlayer('300000000000000001', 'Vandal', 9, 11)],
      team2: [matchPlayer('300000000000000002', 'Wraith', 14, 6)],
    });
    await recordMatch(server, {
      modeId: 1,
      map: 'Dust II',
      winningTeam: 'team1',
      team1Score: 250,
      team2Score: 180,
      team1: [
        { ...matchPlayer('300000000000000001', 'Vandal', 20, 10, 5, 3000), hardpointTime: 120 },
        { ...matchPlayer('300000000000000003', 'Xenon', 15, 12, 8, 2500), hardpointTime: 90 },
      ],
      team2: [
        { ...matchPlayer('300000000000000002', 'Wraith', 12, 14, 3, 2100), hardpointTime: 60 },
        { ...matchPlayer('300000000000000004', 'Yarrow', 8, 19, 6, 1800), hardpointTime: 30 },
      ],
    });
    const voided = await server.call('POST', '/api/admin/matches/1/void', { json: { reason: 'Played on the wrong map' }, admin: true });
    if (voided.status !== 200) throw new Error(`void answered ${voided.status}`);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  afterEach(() => {
    expect(pageErrors).toEqual([]);
  });

  test('opens a match from Recent Matches: mode, final score, both teams, the winner; light and dark', async () => {
    await open('/tracker/dashboard');
    const recent = page.locator('.panel', { hasText: 'Recent Matches' });
    // The voided match is gone from Recent Matches; the counting one links to its page.
    const link = recent.getByRole('link', { name: 'Hardpoint match #2' });
    await link.waitFor();
    expect(await recent.getByRole('link').count()).toBe(1);
    await link.click();
    await page.waitForURL('**/tracker/matches/2');
    await heading('Match #2').waitFor();
    await page.getByText(/^Hardpoint · .* · Team 1 won$/).waitFor();
    // The map the match was recorded with, beside the mode (issue 21).
    await page.getByText(/^Hardpoint · Map: Dust II · /).waitFor();
    await page.getByText('Final Score 250 vs 180').waitFor();
    const winners = page.getByRole('region', { name: 'Team 1, winner' });
    await winners.getByText('Winner', { exact: true }).waitFor();
    await winners.getByRole('row', { name: /Vandal/ }).getByRole('cell', { name: '20/10/5' }).waitFor();
    await page.getByRole('region', { name: 'Team 2' }).getByRole('row', { name: /Yarrow/ }).waitFor();
    expect(await page.getByRole('note', { name: 'Voided match' }).count()).toBe(0);

    // A player's name opens the profile.
    await winners.getByRole('link', { name: 'Xenon' }).click();
    await page.waitForURL('**/tracker/players?playerId=3');
    await page.getByRole('dialog').getByText('Xenon').first().waitFor();

    await shootBothThemes(page, 'match', async () => {
      await open('/tracker/matches/2');
      await page.getByRole('region', { name: 'Team 2' }).getByRole('row', { name: /Yarrow/ }).waitFor();
    });
  });

  test('a shared link loads directly within the first-load budget; a voided match shows its badge and reason', async () => {
    const kib = await firstLoadScriptKiB(server.baseUrl, '/tracker/matches/1', async (fresh) => {
      const note = fresh.getByRole('note', { name: 'Voided match' });
      await note.getByText('Voided', { exact: true }).waitFor();
      await note.getByText(/Played on the wrong map/).waitFor();
      await fresh.getByRole('heading', { level: 1, name: 'Match #1' }).waitFor();
      await fresh.getByRole('region', { name: 'Team 2, winner' }).getByRole('row', { name: /Wraith/ }).waitFor();
    });
    expect(kib).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET_KIB);

    await shootBothThemes(page, 'match-voided', async () => {
      await open('/tracker/matches/1');
      await page.getByRole('note', { name: 'Voided match' }).getByText(/Played on the wrong map/).waitFor();
    });
  });

  test('Copy link on a match page and on a profile puts the shareable address on the clipboard; desktop and phone, light and dark', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
    const shots: { name: string; path: string; ready: () => Promise<unknown>; copied: string }[] = [
      {
        name: 'match-copy-link',
        path: '/tracker/matches/2',
        ready: () => heading('Match #2').waitFor(),
        copied: `${server.baseUrl}/tracker/matches/2`,
      },
      {
        name: 'profile-copy-link',
        path: '/tracker/players?playerId=3',
        ready: () => page.getByRole('dialog').getByText('Xenon').first().waitFor(),
        copied: `${server.baseUrl}/tracker/players?playerId=3`,
      },
    ];
    try {
      for (const shot of shots) {
        for (const size of [{ width: 1280, height: 860 }, { width: 390, height: 844 }]) {
          await page.setViewportSize(size);
          for (const theme of THEMES) {
            await saveTheme(page, theme);
            await page.evaluate(() => navigator.clipboard.writeText(''));
            await open(shot.path);
            await shot.ready();
            await page.getByRole('button', { name: 'Copy link' }).click();
            await page.getByRole('button', { name: 'Link copied' }).waitFor();
            expect(await clipboard()).toBe(shot.copied);
            await settle(page);
            await screenshot(page, `public-${shot.name}-${size.width}-${theme}`, { fullPage: shot.name.startsWith('match') });
            // The label comes back for the next copy.
            await page.getByRole('button', { name: 'Copy link' }).waitFor({ timeout: 15_000 });
          }
        }
      }
    } finally {
      await saveTheme(page, 'light');
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  });

  test('a shared match link previews with its share card: the og:image read by plain HTTP is a 1200 × 630 PNG (saved beside the screenshots)', async () => {
    const html = await (await fetch(`${server.baseUrl}/tracker/matches/2`)).text();
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(image).toMatch(/\/og\/matches\/2\.png\?v=/);
    // The card's address is on PUBLIC_URL (unset here: the request's origin).
    const card = await fetch(`${server.baseUrl}${new URL(image!.replace(/&amp;/g, '&')).pathname}${new URL(image!.replace(/&amp;/g, '&')).search}`);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await card.arrayBuffer());
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    fs.mkdirSync(screenshotDir, { recursive: true });
    fs.writeFileSync(path.join(screenshotDir, 'share-card-match.png'), png);
  });

  test('an unknown or malformed id shows the tracker not-found screen', async () => {
    for (const path of ['/tracker/matches/999', '/tracker/matches/abc']) {
      await open(path);
      await heading('404 Page Not Found').waitFor();
      await page.getByRole('navigation', { name: 'ELO Tracker' }).waitFor();
    }
    await page.getByRole('button', { name: 'Back to Dashboard' }).click();
    await page.waitForURL('**/tracker/dashboard');
  });

  test('on a 390 px phone each team is a card per player, ELO Before ahead of ELO After, and a match without stats shows dashes; light and dark', async () => {
    // Match 3: recorded without any stats.
    await recordMatch(server, {
      winningTeam: 'team1',
      team1: [{ discordId: '300000000000000001', username: 'Vandal' }],
      team2: [{ discordId: '300000000000000002', username: 'Wraith' }],
    });
    const figures = (card: Locator) =>
      card.evaluate((element) => [...element.querySelectorAll('dt')].map((dt) => `${dt.textContent}=${dt.nextElementSibling!.textContent}`));
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await shootBothThemes(page, 'match-mobile', async () => {
        await open('/tracker/matches/2');
        await heading('Match #2').waitFor();
        const vandal = page.getByTestId('match-card').filter({ hasText: 'Vandal' });
        await vandal.waitFor();
        expect(await page.locator('.match-table').count()).toBe(0);
        const shown = await figures(vandal);
        expect(shown.map((pair) => pair.split('=')[0])).toEqual(['K/D/A', 'Score', 'HP Time', 'Hardpoint ELO Before', 'Hardpoint ELO After']);
        expect(shown[0]).toBe('K/D/A=20/10/5');
        expect(await horizontalOverflow(page)).toBe(0);
      });
      await shootBothThemes(page, 'match-no-stats-mobile', async () => {
        await open('/tracker/matches/3');
        await heading('Match #3').waitFor();
        const vandal = page.getByTestId('match-card').filter({ hasText: 'Vandal' });
        await vandal.waitFor();
        expect((await figures(vandal)).slice(0, 2)).toEqual(['K/D/A=-', 'Score=-']);
      });
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
    // The desktop table shows the dashes too.
    await open('/tracker/matches/3');
    const row = page.getByRole('region', { name: 'Team 1, winner' }).getByRole('row', { name: /Vandal/ });
    await row.waitFor();
    expect((await row.getByRole('cell').allTextContents()).slice(0, 2)).toEqual(['-', '-']);
  });
});
