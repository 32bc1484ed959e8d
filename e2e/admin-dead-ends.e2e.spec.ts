import type { AuditPage } from '@team/contracts';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.js';
import { startSiteServer, TEST_ADMIN_KEY, type TestApp } from './support/server.js';
import { blockExternalRequests, collectPageErrors, dialogSettled, dismissToasts, expectToast, matchPlayer, recordMatch } from './support/site.js';

/**
 * Issue 25's admin dead ends: Void on the match page itself, the audit log naming players and
 * pages and finding "Match #N", the merge's styled confirm, the Page Builder's blocks on the
 * home page, and the polished screens (operations, import & export, the footer, the home
 * page's top players) shot in light and dark, at 1280 and 390 px, each checked with axe.
 */

type Theme = 'light' | 'dark';

interface BrowserOptions {
  width?: number;
  height?: number;
  colorScheme?: Theme;
  /** With the owner's key stored (a stored key means logged in, docs/product.md#states-and-transitions), or as a visitor. */
  admin?: boolean;
}

/** Runs `steps` on a fresh browser's page, closes it, and expects the page threw nothing. */
async function inBrowser({ admin = true, ...options }: BrowserOptions, steps: (page: Page) => Promise<void>): Promise<void> {
  const browser = await launchBrowser(options);
  const errors = collectPageErrors(browser.page);
  try {
    await blockExternalRequests(browser.context);
    // Top documents only: an HTML block's sandboxed frame may not touch local storage (it would throw).
    if (admin) {
      await browser.context.addInitScript((key) => {
        if (window.top === window) window.localStorage.setItem('admin_key', key);
      }, TEST_ADMIN_KEY);
    }
    await steps(browser.page);
  } finally {
    await browser.close();
  }
  expect(errors).toEqual([]);
}

const auditRows = (page: Page) => page.locator('.audit-table tr.ant-table-row');

/** How many cards each row of a grid holds, top to bottom. */
async function cardsPerRow(page: Page, selector: string): Promise<number[]> {
  return page.locator(selector).evaluateAll((cards) => {
    const rows = new Map<number, number>();
    for (const card of cards) {
      const top = Math.round(card.getBoundingClientRect().top);
      rows.set(top, (rows.get(top) ?? 0) + 1);
    }
    return [...rows.entries()].sort(([a], [b]) => a - b).map(([, count]) => count);
  });
}

/** Elements matching `selector` whose box runs past their `container`'s (a card's edge). */
async function spilling(page: Page, container: string, selector: string): Promise<string[]> {
  return page.locator(container).evaluateAll(
    (boxes, inner) =>
      boxes.flatMap((box) => {
        const edge = box.getBoundingClientRect();
        return [...box.querySelectorAll(inner)]
          .filter((element) => element.getBoundingClientRect().right > edge.right + 0.5)
          .map((element) => element.textContent ?? '');
      }),
    selector,
  );
}

describe('admin dead ends in Chromium', () => {
  let server: TestApp;
  let ids: Record<string, number>;

  beforeAll(async () => {
    server = await startSiteServer();
    // Seven accounts: Shadow twice (a second Discord ID), and the others once.
    await recordMatch(server, {
      winningTeam: 'team1',
      team1: [matchPlayer('5001', 'Shadow', 12, 4), matchPlayer('7001', 'Nova', 9, 6)],
      team2: [matchPlayer('6001', 'Rival', 4, 12), matchPlayer('7002', 'Blaze', 6, 9)],
    });
    await recordMatch(server, {
      winningTeam: 'team2',
      team1: [matchPlayer('5002', 'Shadow', 7, 8), matchPlayer('7003', 'Echo', 5, 9)],
      team2: [matchPlayer('6001', 'Rival', 10, 6), matchPlayer('7004', 'Ghost', 8, 5)],
    });
    const players = (await server.call('GET', '/api/players')).body as { id: number; discordId: string }[];
    ids = Object.fromEntries(players.map((player) => [player.discordId, player.id]));
    // The home page's own blocks (the Page Builder's system page Home, id 1): a text block and a small HTML block.
    const block = { pageId: 1, layout: 'full', padding: 'medium', textAlign: 'left', videoUrl: null, imageUrl: null, buttonText: null, buttonUrl: null, buttonStyle: 'primary' };
    for (const extra of [
      { blockType: 'text', order: 0, title: 'Tryouts are open', content: '<p>Sign up on Discord before Friday.</p>' },
      { blockType: 'html', order: 1, title: 'Small widget', content: '<p>One line of trusted HTML</p>' },
    ]) {
      const saved = await server.call('POST', '/api/blocks', { json: { ...block, ...extra }, admin: true });
      if (saved.status >= 300) throw new Error(`POST /api/blocks answered ${saved.status}: ${JSON.stringify(saved.body)}`);
    }
  });

  afterAll(async () => {
    await server?.close();
  });

  test('an admin voids a match from its page, which then shows the Voided badge; a visitor sees no Void', async () => {
    await inBrowser({ admin: false }, async (page) => {
      await page.goto(`${server.baseUrl}/tracker/matches/1`);
      await page.getByRole('heading', { level: 1, name: 'Match #1' }).waitFor();
      await page.getByRole('region', { name: /Team 1/ }).waitFor();
      expect(await page.getByRole('button', { name: 'Void match' }).count()).toBe(0);
    });

    await inBrowser({}, async (page) => {
      await page.goto(`${server.baseUrl}/tracker/matches/1`);
      await page.getByRole('heading', { level: 1, name: 'Match #1' }).waitFor();
      await page.getByRole('button', { name: 'Void match' }).click();
      const dialog = page.getByRole('dialog', { name: 'Void match #1' });
      await dialogSettled(page, 'Void match #1');
      await screenshot(page, 'dead-ends-match-void-dialog-light');
      await dialog.getByRole('textbox', { name: 'Reason' }).fill('Recorded twice');
      const toast = expectToast(page, 'Success', 'Match #1 voided');
      await dialog.getByRole('button', { name: 'Void match' }).click();
      await toast;
      const note = page.getByRole('note', { name: 'Voided match' });
      await note.getByText('Recorded twice').waitFor();
      await page.getByRole('button', { name: 'Void match' }).waitFor({ state: 'detached' });
      await screenshot(page, 'dead-ends-match-voided-light');
      const voided = (await server.call('GET', '/api/matches/1')).body as { voided: { reason: string } | null };
      expect(voided.voided?.reason).toBe('Recorded twice');
    });
  });

  test('the audit log finds "Match #1" and names the players it links to', async () => {
    await inBrowser({}, async (page) => {
      await page.goto(`${server.baseUrl}/admin/audit`);
      await page.getByRole('heading', { name: 'Audit Log' }).waitFor();
      await page.getByLabel('Search').fill('Match #1');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.waitForURL(/\/admin\/audit\?q=Match(\+|%20)%231$/);
      await page.waitForFunction(() => document.querySelectorAll('.audit-table tr.ant-table-row').length === 2);
      expect(await auditRows(page).allTextContents()).toEqual([
        expect.stringContaining('Match #1 voided: Recorded twice'),
        expect.stringContaining('Match #1 recorded: Team 1 won, 4 players'),
      ]);
      // Players are linked by name, with their id.
      const shadow = auditRows(page).last().getByRole('link', { name: `Shadow (#${ids['5001']})` });
      expect(await shadow.getAttribute('href')).toBe(`/tracker/players?playerId=${ids['5001']}`);
      await auditRows(page).getByRole('link', { name: `Nova (#${ids['7001']})` }).first().waitFor();
    });
  });

  test('merges through the styled confirm; the audit names both accounts and undoes it in plain words', async () => {
    // The suggested primary is the group's first account (after the void, the one with the match left).
    const groups = (await server.call('GET', '/api/players/duplicates', { admin: true })).body as { username: string; players: { id: number; discordId: string }[] }[];
    const [primary, duplicate] = groups.find((group) => group.username === 'Shadow')!.players;
    await inBrowser({}, async (page) => {
      await page.goto(`${server.baseUrl}/admin/merge-players`);
      const group = page.getByRole('region', { name: 'Duplicates of Shadow' });
      await group.getByRole('group', { name: 'Account #2' }).getByRole('button', { name: /Merge into Account #1/ }).click();
      await dialogSettled(page, 'Are you sure you want to merge these accounts?');
      const confirm = page.getByRole('dialog').filter({ hasText: 'Are you sure you want to merge these accounts?' });
      expect(await confirm.getByRole('listitem').allTextContents()).toEqual([
        `Primary (KEEP): Shadow (ID ${primary!.id}, Discord ID ${primary!.discordId})`,
        `Duplicate (DELETE): Shadow (ID ${duplicate!.id}, Discord ID ${duplicate!.discordId})`,
      ]);
      expect(await confirm.textContent()).toContain('you can revert the merge from the Audit log');
      await screenshot(page, 'dead-ends-merge-confirm-light', { fullPage: false });
      const merged = expectToast(page, 'Success', 'Players merged successfully');
      await confirm.getByRole('button', { name: 'Merge', exact: true }).click();
      await merged;
      await group.waitFor({ state: 'detached' });

      await page.goto(`${server.baseUrl}/admin/audit?type=PlayersMerged`);
      const row = auditRows(page).first();
      await row.getByText(`Player "Shadow" (#${duplicate!.id}) merged into "Shadow" (#${primary!.id})`).waitFor();
      await row.getByRole('button', { name: /expand row/i }).click();
      await page.getByRole('button', { name: 'Revert merge' }).click();
      const popover = page.locator('.ant-popover');
      await popover.getByText('Undo this merge?').waitFor();
      expect(await popover.textContent()).toContain(`Shadow (#${duplicate!.id}) gets its own account and matches back`);
      const reverted = expectToast(page, 'Success', `Merge reverted: Shadow (#${duplicate!.id}) has its own account again`);
      await popover.getByRole('button', { name: 'Revert merge' }).click();
      await reverted;
    });
    const accounts = (await server.call('GET', '/api/players')).body as { username: string }[];
    expect(accounts.filter((account) => account.username === 'Shadow')).toHaveLength(2);
  });

  test.each([
    [1280, 900],
    [390, 844],
  ])('at %i px the home page shows its Page Builder blocks, an HTML frame that fits its content, full rows of top players and the footer', async (width, height) => {
    await inBrowser({ admin: false, width, height }, async (page) => {
      await page.goto(server.baseUrl + '/');
      const blocks = page.getByRole('region', { name: 'More on the Home page' });
      await blocks.getByText('Sign up on Discord before Friday.').waitFor();
      // The frame reports its content's height: one short paragraph, well under a frame's default 150 px.
      await page.waitForFunction(() => {
        const frame = document.querySelector('.page-blocks iframe.html-block-frame');
        const frameHeight = frame?.getBoundingClientRect().height ?? 0;
        return frameHeight > 10 && frameHeight < 100;
      });
      await page.locator('.top-player-card', { hasText: 'Ghost' }).waitFor();
      const rows = await cardsPerRow(page, '.top-player-card');
      expect(rows.reduce((sum, count) => sum + count, 0)).toBe(6);
      expect(new Set(rows).size).toBe(1); // every row as full as the first
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'ELO Tracker' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    });
  });

  describe.each([
    ['light', 'desktop', 1280, 900],
    ['dark', 'desktop', 1280, 900],
    ['light', 'phone', 390, 844],
    ['dark', 'phone', 390, 844],
  ] as const)('the changed screens in %s at %s size', (theme, size, width, height) => {
    test('match page with Void, audit log, import & export, operations and the home page with its footer', async () => {
      await inBrowser({ width, height, colorScheme: theme }, async (page) => {
        const shot = (name: string) => screenshot(page, `dead-ends-${name}-${theme}-${size}`);
        await page.goto(`${server.baseUrl}/tracker/matches/2`);
        await page.getByRole('button', { name: 'Void match' }).waitFor();
        await shot('match-page');

        await page.goto(`${server.baseUrl}/admin/audit?q=${encodeURIComponent('Match #2')}`);
        await auditRows(page).getByText('Match #2 recorded').waitFor();
        await shot('audit');

        await page.goto(`${server.baseUrl}/admin/import-export`);
        await page.getByRole('button', { name: /Choose a file to import, or drop it here/ }).waitFor();
        await page.getByRole('link', { name: 'Players (CSV)' }).waitFor();
        await shot('import-export');

        await page.goto(`${server.baseUrl}/admin/operations`);
        await page.getByRole('region', { name: 'Projection seasons' }).waitFor();
        // Table names and times stay inside their cards.
        expect(await spilling(page, '.ops-cards .ant-card', 'dd, code, time')).toEqual([]);
        await shot('operations');

        await page.goto(`${server.baseUrl}/`);
        await page.locator('.top-player-card', { hasText: 'Ghost' }).waitFor();
        await page.getByRole('contentinfo').waitFor();
        await shot('home');
      });
    });

    test('/admin (issue 40 item 9): the login, then the admin home with the screens, the newest audit event and the projector health', async () => {
      const newest = ((await server.call('GET', '/api/admin/events?limit=1', { admin: true })).body as AuditPage).events[0]!;
      await inBrowser({ admin: false, width, height, colorScheme: theme }, async (page) => {
        const shot = (name: string) => screenshot(page, `admin-home-${name}-${theme}-${size}`);
        // Answered as an admin screen (200), no longer the 404 of an unknown page.
        const answer = await page.goto(`${server.baseUrl}/admin`);
        expect(answer?.status()).toBe(200);
        await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
        await shot('login');
        await page.getByLabel('Admin Key').fill(TEST_ADMIN_KEY);
        await page.getByLabel('Admin Key').press('Enter');
        await page.getByRole('heading', { level: 1, name: 'Admin Home' }).waitFor();
        expect(await page.title()).toMatch(/^Admin/);
        // The login's toast, closed before the shot: left to expire (5 s), it faded out between
        // the screenshot and axe on a busy machine, and axe read its half-transparent text.
        await expectToast(page, 'Authenticated', 'You can now use the admin screens');
        await dismissToasts(page);

        // The owner's screens, in the admin links' order; the links start with this home.
        const yours = page.getByRole('region', { name: 'Your screens' });
        expect(await yours.getByRole('link').allTextContents()).toEqual(OWNER_SCREENS);
        const nav = page.getByRole('navigation', { name: 'Admin screens' });
        expect(await nav.getByRole('link').allTextContents()).toEqual(['Admin Home', ...OWNER_SCREENS]);

        // The newest event of the log first, linked into the audit log.
        const recent = page.getByRole('region', { name: 'Recent events' });
        const first = recent.getByRole('listitem').first().getByRole('link', { name: newest.summary, exact: true });
        await first.waitFor();
        expect(await recent.getByRole('listitem').count()).toBeLessThanOrEqual(10);

        // The projector's health: the log's head, read tables up to date.
        const health = page.getByRole('region', { name: 'Projector health' });
        await health.getByText('Up to date').waitFor();
        await health.getByText('OK', { exact: true }).waitFor();
        await health.getByRole('link', { name: 'Open Operations' }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
        await shot('owner');

        await first.click();
        await page.waitForURL(/\/admin\/audit\?type=/);
        await auditRows(page).first().getByText(newest.summary, { exact: true }).waitFor();
      });
    });
  });
});

/** Every admin screen the owner may use, as the admin links list them after the admin home. */
const OWNER_SCREENS = [
  'Content Editor',
  'Page Builder',
  'Merge Players',
  'Seasons',
  'Fixtures',
  'Audit Log',
  'Operations',
  'Import & Export',
  'Review Queue',
  'Webhooks',
  'Admin Keys',
  'Site Settings',
  'Media Library',
];
