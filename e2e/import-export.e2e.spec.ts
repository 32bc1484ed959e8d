import type { Page } from 'playwright-core';
import { IMPORT_TEMPLATES, type LeaderboardEntry } from '@team/contracts';
import { screenshot, type Browser } from './support/browser.js';
import { startSiteServer, TEST_ADMIN_KEY, type TestApp } from './support/server.js';
import { currentTheme, expectToast, saveTheme, settle, THEMES, type Theme, openSiteBrowser } from './support/site.js';

/**
 * The admin's Import & Export screen (issue 15) in Chromium against the real server on a fresh
 * database: a file with bad rows is refused by its dry run with line numbers and nothing is
 * written; a good file in the template's format is imported with the progress bar, and the
 * leaderboard then ranks its players.
 */


const templateLines = IMPORT_TEMPLATES.csv.trimEnd().split('\n');

/** The template's two matches and a third, later one: 3 matches, 12 rows. */
const GOOD_CSV = [
  ...templateLines,
  'scrim-2024-05-02-1,2024-05-02T19:00:00Z,Search and Destroy,,2,4,6,1,111111111111111111,Viper,9,11,2,1400,,,1',
  'scrim-2024-05-02-1,2024-05-02T19:00:00Z,Search and Destroy,,2,4,6,1,222222222222222222,Ghost,7,12,3,1200,,,0',
  'scrim-2024-05-02-1,2024-05-02T19:00:00Z,Search and Destroy,,2,4,6,2,333333333333333333,Nova,13,8,1,1900,,,2',
  'scrim-2024-05-02-1,2024-05-02T19:00:00Z,Search and Destroy,,2,4,6,2,555555555555555555,Wren,10,7,4,1700,,,1',
].join('\n');

/** The template with a blank username on line 3 and a word for kills on line 5. */
const BAD_CSV = templateLines
  .map((line, index) => (index === 2 ? line.replace(',Ghost,', ',,') : index === 4 ? line.replace(',14,21,', ',ten,21,') : line))
  .join('\n');

const BAD_PROBLEMS = [
  ['3', 'username', 'Username is required.'],
  ['5', 'kills', 'Kills must be a whole number from 0 to 1,000,000.'],
];

describe('import and export in Chromium', () => {
  let server: TestApp;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];

  const importScreen = () => page.getByRole('region', { name: 'Import matches' });
  const problemTable = () => page.getByRole('table', { name: 'Problems in the file' });
  const progressBar = () => page.getByRole('progressbar', { name: 'Import progress' });
  const choose = (name: string, text: string) =>
    page.getByLabel('File to import').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  const leaderboard = async () => (await server.call('GET', '/api/players/leaderboard')).body as LeaderboardEntry[];
  const totalMatches = async () => (await server.call('GET', '/api/stats/global')).body.totalMatches as number;

  /** Reloads the screen in `theme` (the stored admin key keeps the session). */
  const reloadIn = async (theme: Theme) => {
    await saveTheme(page, theme);
    await page.reload();
    await page.getByRole('heading', { name: 'Import & Export', level: 1 }).waitFor();
    expect(await currentTheme(page)).toBe(theme);
  };

  const checkBadFile = async () => {
    await choose('bad rows.csv', BAD_CSV);
    await problemTable().waitFor();
    const rows = problemTable().locator('tbody tr.ant-table-row');
    await rows.nth(BAD_PROBLEMS.length - 1).waitFor();
    const cells = await Promise.all((await rows.all()).map((row) => row.locator('td').allTextContents()));
    expect(cells).toEqual(BAD_PROBLEMS);
    await importScreen().getByText('2 problems in bad rows.csv: nothing can be imported until they are fixed.').waitFor();
    expect(await importScreen().getByRole('button', { name: 'Import', exact: true }).count()).toBe(0);
  };

  beforeAll(async () => {
    server = await startSiteServer();
    ({ browser, page, pageErrors } = await openSiteBrowser());
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  afterEach(() => {
    expect(pageErrors).toEqual([]);
  });

  test('the admin logs in; a file with bad rows is refused by its dry run with line numbers and nothing is written', async () => {
    await page.goto(`${server.baseUrl}/admin/import-export`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.getByLabel('Admin Key').fill(TEST_ADMIN_KEY);
    await page.getByLabel('Admin Key').press('Enter');
    await page.getByRole('heading', { name: 'Import & Export', level: 1 }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('admin_key'))).toBe(TEST_ADMIN_KEY);

    // The templates and the exports are links to the API; the template is the import's format.
    const link = (name: string) => page.getByRole('link', { name, exact: true }).getAttribute('href');
    expect(await link('CSV template')).toBe('/api/export/templates/matches.csv');
    expect(await link('JSON template')).toBe('/api/export/templates/matches.json');
    expect(await link('Players (CSV)')).toBe('/api/export/players.csv');
    expect(await link('Matches with players (CSV, the import format)')).toBe('/api/export/matches.csv');
    expect(await link('Matches with players (JSON, the import format)')).toBe('/api/export/matches.json');
    await page.getByRole('button', { name: 'Event log (NDJSON, admin only)' }).waitFor();
    expect((await server.call('GET', '/api/export/templates/matches.csv')).body).toBe(IMPORT_TEMPLATES.csv);

    const events = await server.eventCount();
    for (const theme of THEMES) {
      await reloadIn(theme);
      await checkBadFile();
      await settle(page);
      await screenshot(page, `admin-import-errors-${theme}`);
    }
    // Only dry runs: nothing was written.
    expect(await server.eventCount()).toBe(events);
    expect(await totalMatches()).toBe(0);
    expect(await leaderboard()).toEqual([]);
  }, 120_000);

  test('a good file: dry run, Import, the progress bar reaches 100% with the summary, and the leaderboard ranks its players', async () => {
    await reloadIn('light');
    await choose('season one.csv', GOOD_CSV);
    await importScreen().getByText('season one.csv: 3 matches (12 rows) are valid.').waitFor();
    await importScreen().getByText('3 to record, 0 already imported.').waitFor();
    expect(await problemTable().count()).toBe(0);

    await importScreen().getByRole('button', { name: 'Import', exact: true }).click();
    await expectToast(page, 'Import finished', '3 matches recorded, 0 already imported.');
    expect(await progressBar().getAttribute('aria-valuenow')).toBe('100');
    await importScreen().getByText(/^3 of 3 matches: 3 recorded, 0 skipped as already imported in \d+\.\d s\.$/).waitFor();
    expect(await importScreen().getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);
    await settle(page);
    await screenshot(page, 'admin-import-done-light');

    expect(await totalMatches()).toBe(3);
    const board = await leaderboard();
    expect(board.map((entry) => entry.username).sort()).toEqual(['Ghost', 'Nova', 'Rook, the "wall"', 'Viper', 'Wren']);

    // The same file again (in the dark theme): every match is skipped, nothing new is written.
    const events = await server.eventCount();
    await reloadIn('dark');
    await choose('season one.csv', GOOD_CSV);
    await importScreen().getByText('0 to record, 3 already imported.').waitFor();
    await importScreen().getByRole('button', { name: 'Import', exact: true }).click();
    await expectToast(page, 'Import finished', '0 matches recorded, 3 already imported.');
    expect(await progressBar().getAttribute('aria-valuenow')).toBe('100');
    await importScreen().getByText(/^3 of 3 matches: 0 recorded, 3 skipped as already imported in \d+\.\d s\.$/).waitFor();
    await settle(page);
    await screenshot(page, 'admin-import-done-dark');
    expect(await server.eventCount()).toBe(events);
    await saveTheme(page, 'light');

    // The public leaderboard ranks the imported players as the API does.
    await page.goto(`${server.baseUrl}/tracker/leaderboard`);
    await page.waitForFunction(
      (expected) => [...document.querySelectorAll('tbody tr.leaderboard-row td:nth-child(2) strong')].map((cell) => cell.textContent).join('|') === expected,
      board.map((entry) => entry.username).join('|'),
    );
  }, 120_000);
});
