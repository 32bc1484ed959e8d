import type { Page } from 'playwright-core';
import type { Fixture } from '@team/contracts';
import { createAdminKey } from '../backend/test/support/admin-keys.js';
import { one, readHead } from '../backend/test/support/seo/seo-fixtures.js';
import { launchBrowser, screenshot, type Browser } from './support/browser.js';
import { startSiteServer, type TestApp } from './support/server.js';
import {
  blockExternalRequests,
  collectPageErrors,
  dialogSettled,
  expectToast,
  firstLoadScriptKiB,
  FIRST_LOAD_JS_BUDGET_KIB,
  horizontalOverflow,
  openSiteBrowser,
  settle,
  THEMES,
} from './support/site.js';

/**
 * The schedule (issue 42) in Chromium against the real server, in order on one site: a
 * moderator schedules a fixture on /admin/fixtures, the home page counts down to it, the
 * moderator records its result, and /schedule, the fixture's page and its link preview (read by
 * plain HTTP, as a chat app's fetcher reads it) show the result. The public screens are shot at
 * 1280 and 390 px, light and dark, each checked with axe.
 */

const OPPONENT = 'Night Owls';
const SIZES = [
  ['desktop', 1280, 860],
  ['phone', 390, 844],
] as const;

describe('the schedule in Chromium', () => {
  let server: TestApp;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  let moderatorKey: string;
  let fixture: Fixture;

  const open = (path: string) => page.goto(server.baseUrl + path);
  const fixtures = async () => (await server.call('GET', '/api/fixtures?status=upcoming')).body.fixtures.concat((await server.call('GET', '/api/fixtures?status=past')).body.fixtures) as Fixture[];

  /** The admin screen with the moderator's key stored, as after signing in. */
  async function openAdminFixtures(): Promise<void> {
    await open('/admin/fixtures');
    await page.evaluate((key) => localStorage.setItem('admin_key', key), moderatorKey);
    await page.reload();
    await page.getByRole('heading', { name: 'Fixtures', level: 1 }).waitFor();
  }

  /** Each public screen in light and dark at desktop and phone size, in a browser of its own: no horizontal scrolling, and axe. */
  async function shootEverySize(name: string, path: string, ready: (shown: Page) => Promise<void>): Promise<void> {
    for (const [size, width, height] of SIZES) {
      for (const theme of THEMES) {
        const shooter = await launchBrowser({ width, height, colorScheme: theme });
        const errors = collectPageErrors(shooter.page);
        try {
          await blockExternalRequests(shooter.context);
          await shooter.page.goto(server.baseUrl + path);
          await ready(shooter.page);
          await settle(shooter.page);
          expect({ name, size, theme, overflow: await horizontalOverflow(shooter.page) }).toEqual({ name, size, theme, overflow: 0 });
          await screenshot(shooter.page, `schedule-${name}-${theme}-${size}`);
          expect(errors).toEqual([]);
        } finally {
          await shooter.close();
        }
      }
    }
  }

  beforeAll(async () => {
    server = await startSiteServer();
    moderatorKey = (await createAdminKey(server, 'Mona the moderator', 'moderator')).key;
    ({ browser, page, pageErrors } = await openSiteBrowser());
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  afterEach(() => {
    expect(pageErrors).toEqual([]);
  });

  test('a moderator schedules a fixture on /admin/fixtures', async () => {
    await openAdminFixtures();
    await page.getByRole('button', { name: 'Schedule fixture' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule a fixture' });
    await dialog.getByLabel('Opponent', { exact: true }).fill(OPPONENT);
    await dialog.getByLabel('Event or tournament (optional)').fill('Spring Cup');
    // Two days and a bit from now, as the start time field takes it: in the browser's own zone.
    const startsAtLocal = await page.evaluate(() => {
      const at = new Date(Date.now() + 2 * 86_400_000 + 3 * 3_600_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
    });
    await dialog.getByLabel('Start time (your time zone)').fill(startsAtLocal);
    await dialog.getByLabel('Stream URL, Twitch or YouTube (optional)').fill('https://www.twitch.tv/teamchannel');
    await dialogSettled(page, 'Schedule a fixture');
    const toasted = expectToast(page, 'Success', 'Fixture scheduled');
    toasted.catch(() => undefined); // awaited below, once the answer is checked
    const [scheduled] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/admin/fixtures') && response.request().method() === 'POST'),
      dialog.getByRole('button', { name: 'Schedule' }).click(),
    ]);
    expect(`${scheduled.status()} ${await scheduled.text()}`).toMatch(/^201 /);
    // The moderator's own key made it: the audit log names the key.
    expect(scheduled.request().headers()['x-admin-key']).toBe(moderatorKey);
    await toasted;

    fixture = (await scheduled.json()) as Fixture;
    expect(fixture).toMatchObject({ opponent: OPPONENT, event: 'Spring Cup', format: 'bo3', status: 'upcoming', streamUrl: 'https://www.twitch.tv/teamchannel' });
    expect(Date.parse(fixture.startsAt) - Date.now()).toBeGreaterThan(2 * 86_400_000);
    const row = page.getByRole('region', { name: 'All fixtures' }).locator('tbody tr', { hasText: OPPONENT });
    await row.getByText('Upcoming').waitFor();
    const audit = await server.call('GET', '/api/admin/events?type=FixtureScheduled', { admin: true });
    expect(audit.body.events.map((event: { adminKey?: { name: string } }) => event.adminKey?.name)).toEqual(['Mona the moderator']);

    for (const theme of THEMES) {
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      await page.reload();
      await row.getByText('Upcoming').waitFor();
      await settle(page);
      await screenshot(page, `schedule-admin-fixtures-${theme}`);
    }
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
  }, 120_000);

  test('the home page shows the next match with a countdown', async () => {
    await open('/');
    const next = page.getByRole('region', { name: 'Next match' });
    await next.getByText(OPPONENT).waitFor();
    await next.getByText('Starts in').waitFor();
    const countdown = next.locator('.fixture-countdown');
    expect(await countdown.textContent()).toMatch(/^2d \d{1,2}h \d{2}m \d{2}s$/);
    // It ticks: the seconds move on by themselves.
    const first = await countdown.textContent();
    await page.waitForFunction((before) => document.querySelector('.fixture-countdown')?.textContent !== before, first, { timeout: 10_000 });
    expect(await next.getByRole('link').getAttribute('href')).toBe(`/schedule/${fixture.id}`);

    await shootEverySize('home', '/', (shown) => shown.getByRole('region', { name: 'Next match' }).getByText('Starts in').waitFor());
  }, 120_000);

  test('the moderator records the result: 2–1 over three maps, with the VOD', async () => {
    await openAdminFixtures();
    await page.getByRole('button', { name: `Record the result against ${OPPONENT}` }).click();
    const dialog = page.getByRole('dialog', { name: `Result against ${OPPONENT}` });
    await dialog.getByLabel('Maps won by the team').fill('2');
    await dialog.getByLabel(`Maps won by ${OPPONENT}`).fill('1');
    const maps = [
      ['Rio', '250', '180'],
      ['Vista', '3', '6'],
      ['Highrise', '6', '2'],
    ];
    for (const [index, [name, team, opponent]] of maps.entries()) {
      await dialog.getByRole('button', { name: 'Add map' }).click();
      await dialog.getByLabel(`Map ${index + 1}`, { exact: true }).fill(name!);
      await dialog.getByLabel('Team', { exact: true }).nth(index).fill(team!);
      await dialog.getByLabel('Opponent', { exact: true }).nth(index).fill(opponent!);
    }
    await dialog.getByLabel('VOD URL (optional)').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await dialogSettled(page, `Result against ${OPPONENT}`);
    const toasted = expectToast(page, 'Success', 'Result recorded');
    toasted.catch(() => undefined);
    const [recorded] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith(`/api/admin/fixtures/${fixture.id}/result`) && response.request().method() === 'POST'),
      dialog.getByRole('button', { name: 'Record result' }).click(),
    ]);
    expect(`${recorded.status()} ${await recorded.text()}`).toMatch(/^200 /);
    await toasted;
    const row = page.getByRole('region', { name: 'All fixtures' }).locator('tbody tr', { hasText: OPPONENT });
    await row.getByText('Played').waitFor();
    await row.getByText('2–1').waitFor();

    const [played] = (await fixtures()).filter((candidate) => candidate.id === fixture.id);
    expect(played).toMatchObject({
      status: 'played',
      result: {
        teamScore: 2,
        opponentScore: 1,
        maps: [
          { name: 'Rio', teamScore: 250, opponentScore: 180 },
          { name: 'Vista', teamScore: 3, opponentScore: 6 },
          { name: 'Highrise', teamScore: 6, opponentScore: 2 },
        ],
        vodUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      },
    });
  }, 120_000);

  test('/schedule, the fixture page and the home page show the result', async () => {
    await open('/schedule');
    const results = page.getByRole('region', { name: 'Results' });
    const card = results.getByRole('link', { name: new RegExp(`vs ${OPPONENT}`) });
    await card.getByText('2–1 win').waitFor();
    await page.getByRole('region', { name: 'Upcoming' }).getByText('No upcoming matches scheduled.').waitFor();
    // Times in the visitor's own zone, named.
    await page.getByText(/Times are shown in your time zone \(.+\)/).waitFor();

    await card.click();
    await page.waitForURL(`**/schedule/${fixture.id}`);
    await page.getByRole('heading', { name: new RegExp(`vs ${OPPONENT}$`), level: 1 }).waitFor();
    await page.locator('.fixture-page-result', { hasText: '2–1 win' }).waitFor();
    // Map, mode (none given), the team's score, the opponent's.
    const cells = await page.locator('.fixture-maps tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)));
    expect(cells).toEqual([
      ['Rio', '-', '250', '180'],
      ['Vista', '-', '3', '6'],
      ['Highrise', '-', '6', '2'],
    ]);

    await open('/');
    await page.getByRole('region', { name: 'Latest result' }).getByText('2–1 win').waitFor();
    expect(await page.getByRole('region', { name: 'Next match' }).count()).toBe(0);

    const kib = await firstLoadScriptKiB(server.baseUrl, '/schedule', (fresh) => fresh.getByRole('region', { name: 'Results' }).getByText('2–1 win').waitFor());
    expect(kib).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET_KIB);

    await shootEverySize('list', '/schedule', (shown) => shown.getByRole('region', { name: 'Results' }).getByText('2–1 win').waitFor());
    await shootEverySize('fixture', `/schedule/${fixture.id}`, (shown) => shown.locator('.fixture-maps').waitFor());
  }, 240_000);

  test('the link previews, read by plain HTTP, carry the opponent and the result', async () => {
    const html = async (path: string) => {
      const response = await fetch(server.baseUrl + path);
      expect(response.status).toBe(200);
      return readHead(await response.text());
    };
    const head = await html(`/schedule/${fixture.id}`);
    expect(one(head, 'og:title')).toMatch(new RegExp(` vs ${OPPONENT}$`));
    expect(one(head, 'og:description')).toMatch(/^Result: 2–1 \(win\) · Spring Cup · Bo3 · [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} [AP]M UTC$/);
    expect(one(head, 'og:url')).toMatch(new RegExp(`/schedule/${fixture.id}$`));
    expect(one(head, 'og:image')).toMatch(/\/og\//);
    expect(head.titles[0]).toMatch(new RegExp(`vs ${OPPONENT}`));

    const list = await html('/schedule');
    expect(one(list, 'og:title')).toBe('Schedule');
  });
});
