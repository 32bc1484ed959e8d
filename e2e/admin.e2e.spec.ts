import type { Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.js';
import { startSiteServer, TEST_ADMIN_KEY, type TestApp } from './support/server.js';
import { dialogSettled } from './support/site.js';

/**
 * The admin back office (docs/product.md#screens-and-routes Admin login, Content editor, Page builder, Player merge
 * tool) in Chromium against the real server on a fresh database.
 */

type Browser = Awaited<ReturnType<typeof launchBrowser>>;

function matchPlayer(discordId: string, username: string, kills: number, deaths: number) {
  return { discordId, username, kills, deaths, assists: 1, score: 100 };
}

async function login(page: Page, key = TEST_ADMIN_KEY) {
  await page.getByLabel('Admin Key').fill(key);
  await page.getByLabel('Admin Key').press('Enter');
}

/** Opens an admin screen with the right key already stored (a stored key means logged in). */
async function openAsAdmin(page: Page, url: string) {
  await page.goto(url);
  await page.evaluate((key) => localStorage.setItem('admin_key', key), TEST_ADMIN_KEY);
  await page.reload();
}

/** Picks Home, About or Roster in the content editor's page selector. */
async function choosePage(page: Page, label: 'Home' | 'About' | 'Roster') {
  await page.locator('.ant-segmented-item', { hasText: label }).click();
}

/** The toast on screen (one at a time, docs/product.md#who-it-is-for). */
function toast(page: Page): Locator {
  return page.locator('.ant-notification-notice').last();
}

async function expectToast(page: Page, title: string, description: string) {
  const notice = toast(page);
  await notice.getByText(title, { exact: true }).waitFor();
  await notice.getByText(description, { exact: true }).waitFor();
}

/** A Save is over once the editor has its reloaded copy and the button reads Save Changes again. */
async function waitForSaved(page: Page, description: string) {
  await expectToast(page, 'Success', description);
  await page.locator('button:has-text("Save Changes"):enabled').waitFor();
}

function sectionCard(page: Page, index: number): Locator {
  return page.getByTestId('section-card').nth(index);
}

async function waitForWrite(page: Page, method: string, pathEnd: string) {
  return page.waitForResponse((response) => response.request().method() === method && new URL(response.url()).pathname.endsWith(pathEnd));
}

describe('admin back office in Chromium', () => {
  let server: TestApp;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startSiteServer();
    // Two accounts per username, as when a player comes back with a new Discord ID.
    const seed = [
      { team1: [matchPlayer('5001', 'Shadow', 12, 4)], team2: [matchPlayer('6001', 'Rival', 4, 12)] },
      { team1: [matchPlayer('5002', 'Shadow', 9, 6)], team2: [matchPlayer('6001', 'Rival', 6, 9)] },
      { team1: [matchPlayer('7001', 'Ghost', 8, 8)], team2: [matchPlayer('7002', 'Ghost', 7, 9)] },
    ];
    for (const match of seed) {
      const answer = await server.call('POST', '/api/matches', { json: { winningTeam: 'team1', ...match } });
      expect(answer.status).toBe(201);
    }
    browser = await launchBrowser();
    page = browser.page;
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test('logs in and out of each admin screen; a stored key means logged in', async () => {
    await page.goto(server.baseUrl + '/admin/content');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await page.getByLabel('Admin Key').getAttribute('type')).toBe('password');
    await screenshot(page, 'admin-login-light');

    // An empty key does nothing.
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();

    await login(page);
    await page.getByRole('heading', { name: 'Content Editor' }).waitFor();
    await expectToast(page, 'Authenticated', 'You can now edit content');
    expect(await page.evaluate(() => localStorage.getItem('admin_key'))).toBe(TEST_ADMIN_KEY);

    await page.reload();
    await page.getByRole('heading', { name: 'Content Editor' }).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('admin_key'))).toBeNull();

    await page.goto(server.baseUrl + '/admin/pages');
    await login(page);
    await page.getByRole('heading', { name: 'Page Builder' }).waitFor();
    await expectToast(page, 'Authenticated', 'You can now manage pages');
    await page.getByRole('button', { name: 'Logout' }).click();

    await page.goto(server.baseUrl + '/admin/merge-players');
    await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
    await screenshot(page, 'admin-merge-login-light');
    await login(page);
    await page.getByRole('heading', { name: 'Merge Duplicate Players' }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
  });

  test('a stored wrong key is turned down by the server and logs the admin out', async () => {
    // The login checks a typed key (admin-keys.e2e.spec.ts); a key already stored is checked
    // by the screen's first call, as after the key was revoked or ADMIN_KEY changed.
    await page.goto(server.baseUrl + '/admin/content');
    await page.evaluate(() => localStorage.setItem('admin_key', 'not-the-admin-key'));
    await page.reload();
    await expectToast(page, 'Session expired', 'The admin key was rejected. Please log in again.');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('admin_key'))).toBeNull();
    const roster = await server.call('GET', '/api/content/roster');
    expect(roster.body).toEqual([]);
  });

  test('creates the default sections and formats one with bold, a size, a colour and a gradient', async () => {
    await page.goto(server.baseUrl + '/admin/content');
    await page.evaluate(() => localStorage.removeItem('admin_key'));
    await page.reload();
    await login(page);
    await choosePage(page, 'About');
    await page.getByText('0 sections').waitFor();
    await page.getByText('2 sections for home, 3 for about and 3 player profiles for roster', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Create Default Sections' }).click();
    await expectToast(page, 'Template Loaded', 'Added 3 default sections for about page');
    await page.getByText('3 sections').waitFor();
    await page.getByRole('button', { name: /Save Changes/ }).click();
    await waitForSaved(page, 'Content updated successfully');

    // The second rich-text editor of the first card is its Content.
    const card = sectionCard(page, 0).locator('.rich-text-editor').nth(1);
    const editor = card.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');

    // Type the words, then select each with the keyboard and format it from the toolbar.
    await page.keyboard.type('Bold Large Red Fire');
    await page.keyboard.press('Home');
    const selectNext = async (skip: number, characters: number) => {
      for (let i = 0; i < skip; i++) await page.keyboard.press('ArrowRight');
      for (let i = 0; i < characters; i++) await page.keyboard.press('Shift+ArrowRight');
    };
    await selectNext(0, 4);
    await card.getByRole('button', { name: 'Bold' }).click();

    await selectNext(2, 5);
    await card.locator('.ql-size .ql-picker-label').click();
    await card.locator('.ql-size .ql-picker-item[data-value="24px"]').click();

    await selectNext(2, 3);
    await card.locator('.ql-color .ql-picker-label').click();
    await card.locator('.ql-color .ql-picker-item[data-value="#dc2626"]').click();

    await selectNext(2, 4);
    await card.getByRole('button', { name: /Gradient/ }).click();
    await page.getByRole('button', { name: 'Fire gradient' }).click();

    await page.getByRole('button', { name: /Save Changes/ }).click();
    await waitForSaved(page, 'Content updated successfully');

    const stored = (await server.call('GET', '/api/content/about')).body as Array<{ section: string; content: string }>;
    expect(stored.map((section) => section.section)).toEqual(['our-story', 'our-mission', 'achievements']);
    const content = stored[0]!.content;
    expect(content).toContain('<strong>Bold</strong>');
    expect(content).toMatch(/<span style="font-size:\s?24px;?">Large<\/span>/);
    expect(content).toMatch(/<span style="color:\s?(#dc2626|rgb\(220, 38, 38\));?">Red<\/span>/);
    expect(content).toMatch(/<span [^>]*class="gradient-text"[^>]*>Fire<\/span>/);
    expect(content).toContain('linear-gradient(to right, rgb(161, 98, 7) 0%, rgb(234, 88, 12) 50%, rgb(220, 38, 38) 100%)');

    // The public page, after a reload, shows the formatting.
    await page.goto(server.baseUrl + '/about');
    await page.reload();
    const body = page.locator('.content-section-body').first();
    await body.getByText('Bold').waitFor();
    const looks = await body.evaluate((root) => {
      const find = (text: string) =>
        [...root.querySelectorAll<HTMLElement>('*')].find((el) => el.textContent === text && el.children.length === 0)!;
      const style = (text: string) => getComputedStyle(find(text));
      return {
        bold: Number(style('Bold').fontWeight),
        size: style('Large').fontSize,
        colour: style('Red').color,
        gradient: style('Fire').backgroundImage,
        fill: style('Fire').getPropertyValue('-webkit-text-fill-color'),
      };
    });
    expect(looks.bold).toBeGreaterThanOrEqual(600);
    expect(looks.size).toBe('24px');
    expect(looks.colour).toBe('rgb(220, 38, 38)');
    expect(looks.gradient).toContain('linear-gradient');
    expect(looks.fill).toBe('rgba(0, 0, 0, 0)');
    await screenshot(page, 'admin-content-public-about');
  });

  test('reorders sections by dragging and saves the order at once', async () => {
    await openAsAdmin(page, server.baseUrl + '/admin/content');
    await page.getByRole('heading', { name: 'Content Editor' }).waitFor();
    await page.getByRole('button', { name: 'Create Default Sections' }).click();
    await expectToast(page, 'Template Loaded', 'Added 2 default sections for home page');
    await page.getByRole('button', { name: /Save Changes/ }).click();
    await waitForSaved(page, 'Content updated successfully');
    await page.getByLabel('Drag section stats-overview').waitFor();
    // Saved sections have their ids: the fields are fixed now.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="section-card"] input[disabled]').length === 2);
    await screenshot(page, 'admin-content-editor-light');

    // The second card starts below the fold: bring its handle on screen, as a user would.
    await page.getByLabel('Drag section stats-overview').scrollIntoViewIfNeeded();
    const from = await page.getByLabel('Drag section stats-overview').boundingBox();
    const to = await page.getByLabel('Drag section hero').boundingBox();
    const reordered = waitForWrite(page, 'POST', '/api/content/home/reorder');
    await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
    await page.mouse.down();
    await page.mouse.move(from!.x + from!.width / 2, from!.y - 10, { steps: 5 });
    await page.mouse.move(to!.x + to!.width / 2, to!.y + to!.height / 2 - 20, { steps: 20 });
    await page.mouse.up();
    expect((await reordered).status()).toBeLessThan(300);

    const ids = await page.getByLabel('Section ID').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(ids).toEqual(['stats-overview', 'hero']);
    const stored = (await server.call('GET', '/api/content/home')).body as Array<{ section: string }>;
    expect(stored.map((section) => section.section)).toEqual(['stats-overview', 'hero']);

    await page.reload();
    await page.getByLabel('Drag section hero').waitFor();
    const reloaded = await page.getByLabel('Section ID').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(reloaded).toEqual(['stats-overview', 'hero']);
  });

  test('builds a page from one block of each type, previews it and deletes it', async () => {
    await openAsAdmin(page, server.baseUrl + '/admin/pages');
    await page.getByRole('heading', { name: 'Page Builder' }).waitFor();
    await page.getByText('No Page Selected').waitFor();

    await page.getByRole('button', { name: /New Page/ }).click();
    const dialog = page.getByRole('dialog');
    await dialogSettled(page, 'Create New Page');
    // Watched from before the click: the toast closes itself 5 s after it opens.
    const refused = expectToast(page, 'Error', 'Please enter both slug and title');
    refused.catch(() => undefined); // awaited below
    await dialog.getByRole('button', { name: 'Create Page' }).click();
    await refused;
    await dialog.getByLabel('Page Title').fill('Tournament Results');
    await dialog.getByLabel('URL Slug').pressSequentially('Tournament Results');
    expect(await dialog.getByLabel('URL Slug').inputValue()).toBe('tournament-results');
    await dialog.getByText('Will be accessible at: /tournament-results').waitFor();
    await dialog.getByRole('button', { name: 'Create Page' }).click();
    await expectToast(page, 'Success', 'Page created successfully');
    await page.getByRole('heading', { name: 'Tournament Results' }).waitFor();

    for (const type of ['Text', 'Video', 'Image', 'HTML', 'Button', 'Spacer']) {
      await page.getByRole('button', { name: `Add ${type} block` }).click();
    }
    const block = (index: number) => page.getByTestId('block-card').nth(index);
    await block(0).getByLabel('Title').fill('Season recap');
    await block(0).getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('We took first place.');
    await block(1).getByLabel('Video URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await block(2).getByLabel('Image URL', { exact: true }).fill(server.baseUrl + '/favicon.svg');
    await block(2).getByLabel('Title').fill('Team photo');
    await block(3).getByText('Only use trusted HTML.').waitFor();
    await block(3).getByLabel('Content').fill('<p id="trusted">Trusted HTML block</p>');
    await block(4).getByLabel('Button Text').fill('See the leaderboard');
    await block(4).getByLabel('Button URL').fill('/tracker/leaderboard');
    await block(4).locator('.ant-radio-button-wrapper', { hasText: 'Outline' }).click();
    await block(4).locator('.ant-radio-button-wrapper', { hasText: 'Center' }).click();

    // Move the button above the HTML block, then remove the spacer.
    expect(await block(0).getByRole('button', { name: 'Move up' }).isDisabled()).toBe(true);
    expect(await block(5).getByRole('button', { name: 'Move down' }).isDisabled()).toBe(true);
    await block(4).getByRole('button', { name: 'Move up' }).click();
    await block(5).getByRole('button', { name: 'Remove block' }).click();
    const labels = await page.getByTestId('block-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')));
    expect(labels).toEqual(['Block 1: Text', 'Block 2: Video', 'Block 3: Image', 'Block 4: Button', 'Block 5: HTML']);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'admin-page-builder-light');

    await page.getByRole('button', { name: /Save Changes/ }).click();
    await waitForSaved(page, 'Page content saved successfully');

    const saved = (await server.call('GET', '/api/pages/tournament-results')).body as {
      contentBlocks: Array<{ blockType: string; order: number; buttonStyle: string | null; textAlign: string }>;
    };
    const blocks = [...saved.contentBlocks].sort((a, b) => a.order - b.order);
    expect(blocks.map((b) => [b.blockType, b.order])).toEqual([
      ['text', 0],
      ['video', 1],
      ['image', 2],
      ['button', 3],
      ['html', 4],
    ]);
    expect(blocks[3]).toMatchObject({ buttonStyle: 'outline', textAlign: 'center' });

    // Preview opens /{slug} in a new tab.
    const [preview] = await Promise.all([browser.context.waitForEvent('page'), page.getByRole('link', { name: /Preview/ }).click()]);
    await preview.waitForLoadState();
    expect(new URL(preview.url()).pathname).toBe('/tournament-results');
    await preview.getByText('Season recap').waitFor();
    await preview.getByText('We took first place.').waitFor();
    await preview.getByText('Team photo').waitFor();
    await preview.getByRole('link', { name: 'See the leaderboard' }).waitFor();
    await preview.locator('iframe.html-block-frame').waitFor();
    expect(await preview.locator('iframe[src*="youtube"]').count()).toBe(1);
    await screenshot(preview, 'admin-page-builder-preview');
    await preview.close();

    await page.getByRole('button', { name: /Delete Page/ }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Success', 'Page deleted successfully');
    await page.getByText('No Page Selected').waitFor();
    expect((await server.call('GET', '/api/pages/tournament-results')).status).toBe(404);

    // System pages cannot be deleted: the button is hidden.
    const system = page.locator('.page-list-item', { hasText: 'System' }).first();
    if ((await system.count()) > 0) {
      await system.click();
      await page.getByRole('button', { name: /Save Changes/ }).waitFor();
      expect(await page.getByRole('button', { name: /Delete Page/ }).count()).toBe(0);
    }
  });

  test('merges two accounts with the same username and moves the history', async () => {
    const players = (await server.call('GET', '/api/players')).body as Array<{ id: number; username: string; discordId: string }>;
    const primary = players.find((p) => p.discordId === '5001')!;
    expect(players.filter((p) => p.username === 'Shadow')).toHaveLength(2);

    await page.goto(server.baseUrl + '/admin/merge-players');
    await page.evaluate(() => localStorage.removeItem('admin_key'));
    await page.reload();
    await login(page);
    const group = page.getByRole('region', { name: 'Duplicates of Shadow' });
    await group.waitFor();
    await page.getByText("Merging moves all of the duplicate's match history to the primary account.").waitFor();
    const first = group.getByRole('group', { name: 'Account #1' });
    await first.getByText('Suggested Primary').waitFor();
    expect(await first.getByRole('link', { name: /View Profile/ }).getAttribute('href')).toBe(`/tracker/players?id=${primary.id}`);
    expect(await first.getByRole('link', { name: /View Profile/ }).getAttribute('target')).toBe('_blank');
    await screenshot(page, 'admin-merge-players-light');

    // The confirm is a styled dialog, like the other admin confirms, not the browser's.
    await group.getByRole('group', { name: 'Account #2' }).getByRole('button', { name: /Merge into Account #1/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Are you sure you want to merge these accounts?' });
    await dialogSettled(page, 'Are you sure you want to merge these accounts?');
    const confirmText = await confirm.textContent();
    expect(confirmText).toContain('Primary (KEEP): Shadow');
    expect(confirmText).toContain('Duplicate (DELETE): Shadow');
    expect(confirmText).toContain('All match history will be moved to the primary account');
    await confirm.getByRole('button', { name: 'Merge', exact: true }).click();
    await expectToast(page, 'Success', 'Players merged successfully');
    await page.getByRole('region', { name: 'Duplicates of Shadow' }).waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Duplicates of Ghost' }).waitFor();

    const history = (await server.call('GET', `/api/players/${primary.id}/matches`)).body as unknown[];
    expect(history).toHaveLength(2);

    await page.goto(`${server.baseUrl}/tracker/players?id=${primary.id}`);
    await page.getByRole('dialog').getByText('Shadow').first().waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="match-history-entry"]').length === 2);

    // The admin can revert the merge from the profile too: the duplicate stands again with its match.
    const merged = page.getByRole('region', { name: 'Merged accounts' });
    await merged.getByRole('button', { name: 'Revert merge' }).waitFor();
    expect(await merged.locator('li').allTextContents()).toEqual([expect.stringMatching(/^Shadow \(ID \d+\)/)]);
    await merged.getByRole('button', { name: 'Revert merge' }).click();
    await page.locator('.ant-popover').getByRole('button', { name: 'Revert merge' }).click();
    await expectToast(page, 'Success', 'Merge reverted');
    await merged.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="match-history-entry"]').length === 1);
    const accounts = (await server.call('GET', '/api/players')).body as Array<{ username: string }>;
    expect(accounts.filter((account) => account.username === 'Shadow')).toHaveLength(2);
  });

  test("shows the server's error when a merge is refused", async () => {
    await openAsAdmin(page, server.baseUrl + '/admin/merge-players');
    const group = page.getByRole('region', { name: 'Duplicates of Ghost' });
    await group.waitFor();
    // The two Ghost accounts played against each other, so they cannot be one person.
    const merge = waitForWrite(page, 'POST', '/api/players/merge');
    await group.getByRole('group', { name: 'Account #2' }).getByRole('button', { name: /Merge into Account #1/ }).click();
    await dialogSettled(page, 'Are you sure you want to merge these accounts?');
    await page.getByRole('dialog').getByRole('button', { name: 'Merge', exact: true }).click();
    const answer = await merge;
    expect(answer.status()).toBe(409);
    const { error } = (await answer.json()) as { error: string };
    await expectToast(page, 'Error', error);
    await group.waitFor();
  });

  test('renders each admin screen in dark mode', async () => {
    const dark = await launchBrowser({ colorScheme: 'dark' });
    try {
      const darkPage = dark.page;
      await darkPage.goto(server.baseUrl + '/admin/content');
      await darkPage.getByRole('heading', { name: 'Admin Login' }).waitFor();
      expect(await darkPage.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      await screenshot(darkPage, 'admin-login-dark');

      await login(darkPage);
      await darkPage.getByLabel('Drag section hero').waitFor();
      await darkPage.locator('button:has-text("Save Changes"):enabled').waitFor();
      await screenshot(darkPage, 'admin-content-editor-dark');

      await darkPage.goto(server.baseUrl + '/admin/pages');
      await darkPage.getByRole('heading', { name: 'Page Builder' }).waitFor();
      await darkPage.getByRole('button', { name: /New Page/ }).click();
      await darkPage.getByRole('dialog').getByLabel('Page Title').fill('Dark Page');
      await darkPage.getByRole('dialog').getByLabel('URL Slug').fill('dark-page');
      await darkPage.getByRole('dialog').getByRole('button', { name: 'Create Page' }).click();
      await darkPage.getByRole('heading', { name: 'Dark Page' }).waitFor();
      for (const type of ['Text', 'Button', 'HTML']) await darkPage.getByRole('button', { name: `Add ${type} block` }).click();
      await darkPage.getByRole('dialog').waitFor({ state: 'hidden' });
      await darkPage.evaluate(() => window.scrollTo(0, 0));
      // The pointer leaves the page: where the last click left it, it would hover whatever scrolled under it.
      await darkPage.mouse.move(0, 0);
      await screenshot(darkPage, 'admin-page-builder-dark');

      await darkPage.goto(server.baseUrl + '/admin/merge-players');
      await darkPage.getByRole('heading', { name: 'Merge Duplicate Players' }).waitFor();
      await darkPage.locator('.merge-groups, .admin-empty').first().waitFor();
      await screenshot(darkPage, 'admin-merge-players-dark');
    } finally {
      await dark.close();
    }
    expect(pageErrors).toEqual([]);
  });
});
