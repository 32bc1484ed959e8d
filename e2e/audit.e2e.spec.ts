import type { Page } from 'playwright-core';
import { settleAnimations } from './support/animations.js';
import { launchBrowser, screenshot } from './support/browser.js';
import { startSiteServer, TEST_ADMIN_KEY, type TestApp } from './support/server.js';

type Browser = Awaited<ReturnType<typeof launchBrowser>>;

const match = (winner: string, loser: string) => ({
  winningTeam: 'team1',
  team1: [{ discordId: `${winner}-discord`, username: winner, kills: 0, deaths: 0, assists: 0, score: 0 }],
  team2: [{ discordId: `${loser}-discord`, username: loser, kills: 0, deaths: 0, assists: 0, score: 0 }],
});

/** Logs in the way a returning admin is: a stored key (docs/product.md#states-and-transitions). */
async function adminBrowser(colorScheme: 'light' | 'dark'): Promise<Browser> {
  const browser = await launchBrowser({ colorScheme });
  await browser.context.addInitScript((key) => window.localStorage.setItem('admin_key', key), TEST_ADMIN_KEY);
  return browser;
}

/**
 * The History drawer once it has slid in (its right edge on the viewport's). Captured at
 * viewport size: the drawer is fixed to the viewport, which a full-page capture stretches.
 */
async function drawerScreenshot(page: Page, name: string) {
  const width = page.viewportSize()!.width;
  for (let tries = 0; tries < 50; tries++) {
    const box = await page.getByRole('dialog').boundingBox();
    if (box && Math.abs(box.x + box.width - width) < 1) break;
    await page.waitForTimeout(100);
  }
  await page.waitForTimeout(100);
  await screenshot(page, name, { fullPage: false });
}

const auditRows = (page: Page) => page.locator('.audit-table tr.ant-table-row');

describe('audit log and operations in Chromium', () => {
  let server: TestApp;
  let browser: Browser;
  let sectionId: number;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startSiteServer();
    for (const [winner, loser] of [['Alpha', 'Bravo'], ['Bravo', 'Alpha']] as const) {
      const recorded = await server.call('POST', '/api/matches', { json: match(winner, loser) });
      expect(recorded.status).toBe(201);
    }
    const created = await server.call('POST', '/api/content', {
      admin: true,
      json: { page: 'about', section: 'our-story', title: '<p>Our Story</p>', content: '<p>We started in 2019 as friends.</p>', imageUrl: null },
    });
    expect(created.status).toBe(201);
    sectionId = created.body.id;
    const edited = await server.call('PUT', `/api/content/${sectionId}`, {
      admin: true,
      json: { title: '<p>Our Story</p>', content: '<p>We started playing in 2020 as rivals.</p>', imageUrl: null },
    });
    expect(edited.status).toBe(200);
    browser = await adminBrowser('light');
    browser.page.on('pageerror', (error) => pageErrors.push(error.message));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test('lists every event, filters by type through the URL and expands one into its JSON', async () => {
    const { page } = browser;
    await page.goto(`${server.baseUrl}/admin/audit`);
    await page.getByRole('heading', { name: 'Audit Log' }).waitFor();
    await page.getByText('Section "Our Story" on the About page edited (content)').waitFor();
    expect(await auditRows(page).count()).toBeGreaterThanOrEqual(4);
    await screenshot(page, 'audit-light');

    await page.getByLabel('Event types').click();
    await page.keyboard.type('MatchRecorded');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/\/admin\/audit\?type=MatchRecorded$/);
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('.audit-table tr.ant-table-row')];
      return rows.length === 2 && rows.every((row) => row.textContent?.includes('MatchRecorded'));
    });
    expect(await auditRows(page).allTextContents()).toEqual([
      expect.stringContaining('Match #2 recorded'),
      expect.stringContaining('Match #1 recorded'),
    ]);
    // Players are linked by name and id ("Alpha (#1)").
    const profile = auditRows(page).first().getByRole('link', { name: /^(Alpha|Bravo) \(#\d+\)$/ }).first();
    expect(await profile.getAttribute('href')).toMatch(/^\/tracker\/players\?playerId=\d+$/);
    expect(await profile.getAttribute('target')).toBe('_blank');

    await auditRows(page).first().getByRole('button', { name: /expand row/i }).click();
    const json = page.locator('pre.audit-json');
    await json.waitFor();
    const event = JSON.parse((await json.textContent())!);
    expect(event).toMatchObject({ type: 'MatchRecorded', streamId: 'ladder', metadata: { actor: 'public' } });
    await screenshot(page, 'audit-expanded-light');

    await page.goto(`${server.baseUrl}/admin/audit?type=PlayersMerged`);
    await page.getByText('No events match these filters.').waitFor();
  }, 120_000);

  test('the tracker opens from the audit log without a reload (its sidebar once crashed on the way)', async () => {
    const { page } = browser;
    await page.goto(`${server.baseUrl}/admin/audit`);
    await page.getByRole('heading', { name: 'Audit Log' }).waitFor();
    // A navigation inside the app: the tracker's layout loads after the audit screen's modules.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/tracker/leaderboard');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { level: 1, name: 'Leaderboard' }).waitFor();
    await page.getByRole('link', { name: 'Record Match' }).waitFor();
    expect(await page.getByText('Something went wrong').count()).toBe(0);
  }, 60_000);

  test('restores an earlier version of a section from its history and the public page shows it', async () => {
    const { page } = browser;
    await page.goto(`${server.baseUrl}/admin/audit?type=ContentEdited`);
    await page.getByRole('button', { name: 'History of Section our-story (about page)' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('History: Section our-story (about page)').waitFor();
    await drawer.getByRole('listitem', { name: 'Version 2' }).waitFor();
    const diff = drawer.getByLabel('Changes from version 1 to version 2');
    expect(await diff.locator('ins').allTextContents()).toEqual(['playing', '2020', 'rivals.']);
    expect(await diff.locator('del').allTextContents()).toEqual(['2019', 'friends.']);
    await drawerScreenshot(page, 'audit-history-light');

    await drawer.getByRole('listitem', { name: 'Version 1' }).getByRole('button', { name: /Restore this version/ }).click();
    await page.getByText('Restore version 1?').waitFor();
    // The confirm zooms in: on a busy machine the click was aimed mid-zoom, missed its button,
    // and the confirm stayed open with nothing sent (seen in a CI rehearsal). Clicked once still.
    await settleAnimations(page);
    await page.getByRole('button', { name: 'Restore', exact: true }).click();
    await page.getByText('Version restored').waitFor();
    await drawer.getByRole('listitem', { name: 'Version 3' }).waitFor();

    const versions = await server.call('GET', `/api/admin/content/${sectionId}/versions`, { admin: true });
    expect(versions.body.at(-1).section.content).toBe('<p>We started in 2019 as friends.</p>');

    await page.goto(`${server.baseUrl}/about`);
    await page.getByText('We started in 2019 as friends.').waitFor();
    expect(await page.getByText('We started playing in 2020 as rivals.').count()).toBe(0);
  }, 120_000);

  test('rebuilds the read models and shows the progress until it is complete', async () => {
    const { page } = browser;
    const head = (await server.call('GET', '/api/admin/operations', { admin: true })).body.head as number;
    await page.goto(`${server.baseUrl}/admin/operations`);
    await page.getByRole('heading', { name: 'Operations' }).waitFor();
    await page.getByRole('region', { name: 'Event log' }).getByText(String(head), { exact: true }).waitFor();
    await screenshot(page, 'operations-light');

    await page.getByRole('button', { name: 'Rebuild read models' }).click();
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.locator('.ant-modal-confirm-title', { hasText: 'Rebuild the read models?' }).waitFor();
    expect(await dialog.textContent()).toContain('The site stays online');
    await dialog.getByRole('button', { name: 'Rebuild', exact: true }).click();

    // The progress bar shows from the moment the server accepts the rebuild, until it ends.
    await page.getByRole('status', { name: 'Rebuild progress' }).locator('.ant-progress').waitFor();
    await page.getByText('Rebuild started').waitFor();
    await page.getByText('Rebuild complete').waitFor({ timeout: 60_000 });
    const summary = await page.locator('.ant-alert-success').textContent();
    expect(summary).toMatch(new RegExp(`Replayed ${head} events in [\\d.]+ s`));
    expect(await page.getByRole('status', { name: 'Rebuild progress' }).count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'operations-rebuilt-light');

    // The public pages read the swapped-in tables: the restored section is still there.
    const about = await server.call('GET', '/api/content/about');
    expect(about.body.map((section: { content: string }) => section.content)).toContain('<p>We started in 2019 as friends.</p>');
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('voids a match from the audit log, shows the board at that point, and the ratings return', async () => {
    const { page } = browser;
    const before = (await server.call('GET', '/api/players/leaderboard')).body as { username: string; elo: number }[];
    const afterFirst = Object.fromEntries(
      ((await server.call('GET', '/api/players/leaderboard?asOf=1')).body as { username: string; elo: number }[]).map((p) => [p.username, p.elo]),
    );
    expect(before.map((p) => p.elo)).not.toEqual(Object.values(afterFirst));

    await page.goto(`${server.baseUrl}/admin/audit?type=MatchRecorded`);
    await auditRows(page).first().getByText('Match #2 recorded').waitFor();
    await auditRows(page).first().getByRole('button', { name: /expand row/i }).click();
    // Time travel: the board right after match #2, as the event left it.
    const board = page.getByRole('region', { name: /Leaderboard as of position/ });
    await board.getByText('Alpha').waitFor();
    // A name opens that player's profile as of the same position, read-only.
    await board.getByRole('button', { name: 'Alpha' }).click();
    const past = page.getByRole('dialog').filter({ hasText: /As of log position \d+/ });
    await past.getByText('Match History').waitFor();
    expect(await past.getByRole('button', { name: /Void/ }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await past.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Void match' }).click();
    const dialog = page.getByRole('dialog', { name: 'Void match #2' });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Recorded with the wrong teams');
    await dialog.getByRole('button', { name: 'Void match' }).click();
    await page.getByText('Match #2 voided').waitFor();

    // Every participant is back at the rating match #1 left them with.
    const after = Object.fromEntries(
      ((await server.call('GET', '/api/players/leaderboard')).body as { username: string; elo: number }[]).map((p) => [p.username, p.elo]),
    );
    expect(after).toEqual(afterFirst);
    await page.goto(`${server.baseUrl}/tracker/leaderboard`);
    await page.getByRole('table').getByText(String(afterFirst.Alpha)).first().waitFor();
    const audit = await server.call('GET', '/api/admin/events?type=MatchVoided', { admin: true });
    expect(audit.body.events[0]).toMatchObject({ type: 'MatchVoided', actor: 'admin', summary: 'Match #2 voided: Recorded with the wrong teams' });
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test("reverts a player's profile edit from the audit log: the links and avatar from before it, as a new audited edit", async () => {
    const { page } = browser;
    const players = (await server.call('GET', '/api/players')).body as { id: number; username: string }[];
    const alpha = players.find((player) => player.username === 'Alpha')!.id;
    const edit = (json: unknown) => server.call('PUT', `/api/admin/players/${alpha}/profile`, { admin: true, json });
    expect((await edit({ socials: { twitch: 'https://www.twitch.tv/alpha' } })).status).toBe(200);
    expect((await edit({ avatarUrl: 'https://cdn.example.com/alpha.png', socials: { x: 'https://x.com/alpha' } })).status).toBe(200);

    await page.goto(`${server.baseUrl}/admin/audit?type=PlayerProfileEdited`);
    await page.waitForFunction(() => document.querySelectorAll('.audit-table tr.ant-table-row').length === 2);
    const row = auditRows(page).first();
    await row.getByText(`Profile of player "Alpha" (#${alpha}) edited`).waitFor();
    await row.getByRole('button', { name: /expand row/i }).click();
    await page.getByRole('button', { name: 'Revert profile edit' }).click();
    const popover = page.locator('.ant-popover');
    await popover.getByText('Undo this profile edit?').waitFor();
    expect(await popover.textContent()).toMatch(new RegExp(`Alpha \\(#${alpha}\\) gets back the (avatar and social links|social links and avatar) from before this edit\\.`));
    await popover.getByRole('button', { name: 'Revert profile edit' }).click();
    await page.getByText(`Profile edit reverted for Alpha (#${alpha})`).waitFor();
    // The log is read again: the revert is its own row, by the admin key.
    await page.waitForFunction(() => document.querySelectorAll('.audit-table tr.ant-table-row').length === 3);

    const [card] = (await server.call('GET', `/api/players/cards?ids=${alpha}`)).body as { avatarUrl: string | null; socials: object }[];
    expect(card).toMatchObject({ avatarUrl: null, socials: { twitch: 'https://www.twitch.tv/alpha' } });
    const audit = await server.call('GET', '/api/admin/events?type=PlayerProfileEdited', { admin: true });
    expect(audit.body.events).toHaveLength(3);
    expect(audit.body.events[0]).toMatchObject({ actor: 'admin', data: { changes: { avatarUrl: null, socials: { twitch: 'https://www.twitch.tv/alpha' } } } });
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('both screens in the dark theme', async () => {
    const dark = await adminBrowser('dark');
    try {
      await dark.page.goto(`${server.baseUrl}/admin/audit`);
      await dark.page.getByText('Section "Our Story" on the About page edited (content)').first().waitFor();
      await screenshot(dark.page, 'audit-dark');
      await dark.page.getByRole('button', { name: 'History of Section our-story (about page)' }).first().click();
      await dark.page.getByRole('dialog').getByRole('listitem', { name: 'Version 3' }).waitFor();
      await drawerScreenshot(dark.page, 'audit-history-dark');

      await dark.page.goto(`${server.baseUrl}/admin/operations`);
      await dark.page.getByText('Rebuild complete').waitFor();
      await screenshot(dark.page, 'operations-dark');
    } finally {
      await dark.close();
    }
  }, 120_000);
});
