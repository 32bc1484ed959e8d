import type { Page } from 'playwright-core';
import type { CreatedAdminKey, LeaderboardEntry, SubmissionList, WebhookList } from '@team/contracts';
import { startReceiver, type TestReceiver } from '../backend/test/support/webhooks/test-receiver.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { screenshot, type Browser } from './support/browser.js';
import { startSiteServer, TEST_ADMIN_KEY, type TestApp } from './support/server.js';
import { currentTheme, dismissToasts, expectToast, matchPlayer, openSiteBrowser, saveTheme, settle, THEMES } from './support/site.js';

/**
 * Issue 43 in Chromium against the real server (PUBLIC_RECORDING=review, a real receiver on
 * 127.0.0.1 through WEBHOOK_ALLOW_PRIVATE): the owner creates a webhook, a match is recorded and
 * its delivery shows in the webhook's log; then a visitor submits a match, a moderator approves it
 * on the review queue, and the match is on the board. Each screen desktop and 390 px, light and
 * dark, checked with axe.
 */

const SIZES = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
] as const;

describe('webhooks and the review queue in Chromium', () => {
  let server: TestApp;
  let receiver: TestReceiver;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  let statusPath = '';

  const open = (path: string) => page.goto(server.baseUrl + path);
  const useKey = async (key: string | null) => {
    await page.evaluate((value) => (value ? localStorage.setItem('admin_key', value) : localStorage.removeItem('admin_key')), key);
  };

  /** Shoots the screen `open` loads in both themes at both sizes, each checked with axe. Leaves light and desktop. */
  async function shootAll(screen: string, load: () => Promise<void>): Promise<void> {
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      for (const theme of THEMES) {
        await saveTheme(page, theme);
        await load();
        expect(await currentTheme(page)).toBe(theme);
        await settle(page);
        await screenshot(page, `${screen}-${size.name}-${theme}`);
        await expectNoSeriousAxeViolations(page, `${screen} (${size.name}, ${theme})`);
      }
    }
    await saveTheme(page, 'light');
    await page.setViewportSize({ width: SIZES[0].width, height: SIZES[0].height });
  }

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startSiteServer({ PUBLIC_RECORDING: 'review', WEBHOOK_ALLOW_PRIVATE: 'true' });
    ({ browser, page, pageErrors } = await openSiteBrowser());
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await receiver?.close();
  });

  afterEach(() => {
    expect(pageErrors).toEqual([]);
  });

  test('the owner creates a webhook; a recorded match shows as delivered in its log', async () => {
    await open('/admin/webhooks');
    await useKey(TEST_ADMIN_KEY);
    await page.reload();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByText('No webhooks yet.').waitFor();
    await page.getByLabel('URL').fill(receiver.url('/discord'));
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await expectToast(page, 'Webhook created', `Deliveries go to ${receiver.url('/discord')}.`);
    const { webhooks } = (await server.call('GET', '/api/admin/webhooks', { admin: true })).body as WebhookList;
    expect(webhooks).toEqual([expect.objectContaining({ kind: 'discord', events: ['match-recorded'], paused: false })]);

    // A recorder key or above records at once in review mode; the owner's does.
    const recorded = await server.call('POST', '/api/matches', {
      admin: true,
      json: { winningTeam: 'team1', team1: [matchPlayer('430000000000000001', 'Harbor', 14, 6)], team2: [matchPlayer('430000000000000002', 'Quill', 6, 14)] },
    });
    expect(recorded.status).toBe(201);
    const [delivery] = await receiver.waitFor(1);
    expect(JSON.parse(delivery!.body).embeds[0].title).toBe(`Match #${recorded.body.matchId}: Team 1 won`);

    const card = page.getByRole('region', { name: `Webhook ${receiver.url('/discord')}` });
    await card.getByRole('button', { name: 'Deliveries' }).click();
    const log = card.getByRole('table');
    await log.getByText('Match recorded').waitFor({ timeout: 15_000 });
    await log.locator('.ant-tag', { hasText: 'delivered' }).waitFor({ timeout: 15_000 });
    await log.getByText(/HTTP 200 in \d+ ms/).waitFor();
    await dismissToasts(page);

    await shootAll('admin-webhooks', async () => {
      await page.reload();
      const shown = page.getByRole('region', { name: `Webhook ${receiver.url('/discord')}` });
      await shown.getByRole('button', { name: 'Deliveries' }).click();
      await shown.locator('.ant-tag', { hasText: 'delivered' }).waitFor();
    });
  });

  test('a visitor submits a match: the form says it is reviewed, and the status page says pending', async () => {
    await useKey(null);
    await open('/tracker/record-match');
    await page.getByText('Submissions are reviewed: a moderator approves each match before it changes any rating.').waitFor();
    const row = (team: 1 | 2) => page.getByRole('group', { name: `Team ${team}, player 1`, exact: true });
    const field = (team: 1 | 2, label: 'Discord ID' | 'Username') => row(team).getByRole('combobox', { name: label, exact: true });
    await field(1, 'Discord ID').fill('430000000000000011');
    await field(1, 'Username').fill('Visitor One');
    await field(2, 'Discord ID').fill('430000000000000012');
    await field(2, 'Username').fill('Visitor Two');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Record Match' }).click();
    await page.locator('.ant-notification-notice').getByText('Match Submitted', { exact: true }).waitFor({ timeout: 15_000 });
    const { submissions } = (await server.call('GET', '/api/admin/submissions?status=pending', { admin: true })).body as SubmissionList;
    expect(submissions.map((submission) => submission.match.team1[0]!.username)).toEqual(['Visitor One']);
    // Nothing is on the board yet.
    const board = (await server.call('GET', '/api/players/leaderboard')).body as LeaderboardEntry[];
    expect(board.map((entry) => entry.username)).not.toContain('Visitor One');

    await page.locator('.ant-notification-notice').getByRole('link', { name: 'View status' }).click();
    await page.getByText('Pending review').waitFor();
    statusPath = new URL(page.url()).pathname;
    expect(statusPath).toBe(`/tracker/submissions/${submissions[0]!.id}`);
    await dismissToasts(page);
    await shootAll('submission-pending', async () => {
      await open(statusPath);
      await page.getByText('Pending review').waitFor();
    });
  });

  test('a moderator approves it on the review queue, and the match is on the board', async () => {
    const moderator = (await server.call('POST', '/api/admin/keys', { admin: true, json: { name: 'Mona', role: 'moderator' } })).body as CreatedAdminKey;
    await open('/admin/review');
    await useKey(moderator.key);
    await page.reload();
    await page.getByRole('heading', { name: 'Review Queue', level: 1 }).waitFor();
    const submission = page.getByRole('region', { name: /^Submission / });
    await submission.getByText('Visitor One').waitFor();
    await shootAll('admin-review', async () => {
      await page.reload();
      await page.getByRole('region', { name: /^Submission / }).getByText('Visitor One').waitFor();
    });

    await page.getByRole('region', { name: /^Submission / }).getByRole('button', { name: 'Approve' }).click();
    await page.locator('.ant-notification-notice').getByText('Submission approved', { exact: true }).waitFor({ timeout: 15_000 });
    await page.getByText('Nothing is waiting for review.').waitFor();

    await open('/tracker/leaderboard');
    await page.locator('tbody tr.leaderboard-row', { hasText: 'Visitor One' }).waitFor({ timeout: 15_000 });
    await page.locator('tbody tr.leaderboard-row', { hasText: 'Visitor Two' }).waitFor();

    await open(statusPath);
    await page.getByText('Approved', { exact: true }).waitFor();
    await page.getByRole('link', { name: /^View match #\d+$/ }).waitFor();
  });
});
