import type { Page } from 'playwright-core';
import type { AdminKeySummary, AuditPage } from '@team/contracts';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { launchBrowser, screenshot, type Browser } from './support/browser.js';
import { startSiteServer, TEST_ADMIN_KEY, type TestApp } from './support/server.js';
import { dialogSettled, dismissToasts, expectToast, matchPlayer, openSiteBrowser, settle } from './support/site.js';

/**
 * Named admin keys (issue 23) in Chromium against the real server: the owner makes an editor key
 * on the Admin Keys screen, the editor logs in with it, edits a section and finds their name on
 * that edit in the audit log; a wrong key stays on the login; a key sees only its role's screens;
 * and with PUBLIC_RECORDING=recorders the Record Match form asks for a recorder key.
 */

async function login(page: Page, key: string): Promise<void> {
  await page.getByLabel('Admin Key').fill(key);
  await page.getByLabel('Admin Key').press('Enter');
}

async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByLabel('Admin Key').waitFor();
}

describe('admin keys in Chromium', () => {
  let server: TestApp;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  let editorKey = '';

  const open = (path: string) => page.goto(server.baseUrl + path);

  beforeAll(async () => {
    server = await startSiteServer();
    ({ browser, page, pageErrors } = await openSiteBrowser());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  afterEach(() => expect(pageErrors).toEqual([]));

  test('a wrong key shows the error and stays on the login, storing nothing', async () => {
    await open('/admin/content');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    const checked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/admin/session');
    await login(page, 'not-the-admin-key-at-all');
    expect((await checked).status()).toBe(401);
    await expectToast(page, 'Error', 'The admin key is not valid.');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Content Editor' }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('admin_key'))).toBeNull();
    await dismissToasts(page);
  });

  test('the owner creates an editor key on the Admin Keys screen and sees it once (light and dark, axe)', async () => {
    await open('/admin/keys');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await login(page, TEST_ADMIN_KEY);
    await page.getByRole('heading', { name: 'Admin Keys' }).waitFor();
    await page.getByText('Owner · owner').waitFor();

    await page.getByLabel('Name').fill('Alice');
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.locator('.ant-select-item-option', { hasText: /^editor/i }).first().click();
    await page.getByRole('button', { name: 'Create Key' }).click();
    await dialogSettled(page, 'New admin key');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Copy this key now. It is not shown again.').waitFor();
    editorKey = await dialog.getByLabel('Key').inputValue();
    expect(editorKey).toMatch(/^vk_[A-Za-z0-9_-]{32}$/);
    await screenshot(page, 'admin-keys-created-light');
    await expectNoSeriousAxeViolations(page, 'the new admin key dialog');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.content()).not.toContain(editorKey);

    const keys = (await server.call('GET', '/api/admin/keys', { admin: true })).body as AdminKeySummary[];
    expect(keys).toEqual([expect.objectContaining({ name: 'Alice', role: 'editor', status: 'active' })]);
    await page.getByRole('cell', { name: 'Alice', exact: true }).first().waitFor();
    await dismissToasts(page);
    await settle(page);
    await screenshot(page, 'admin-keys-light');
    await expectNoSeriousAxeViolations(page, 'Admin Keys (light)');

    const dark = await launchBrowser({ colorScheme: 'dark' });
    try {
      await dark.page.goto(server.baseUrl + '/admin/keys');
      await dark.page.evaluate((key) => localStorage.setItem('admin_key', key), TEST_ADMIN_KEY);
      await dark.page.reload();
      await dark.page.getByRole('cell', { name: 'Alice', exact: true }).first().waitFor();
      expect(await dark.page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      await settle(dark.page);
      await screenshot(dark.page, 'admin-keys-dark');
      await expectNoSeriousAxeViolations(dark.page, 'Admin Keys (dark)');
    } finally {
      await dark.close();
    }
    await logout(page);
  });

  test('the editor logs in with the new key, edits a section, and finds their name on it in the audit log', async () => {
    expect(editorKey).not.toBe('');
    await open('/admin/content');
    await login(page, editorKey);
    await page.getByRole('heading', { name: 'Content Editor' }).waitFor();
    await expectToast(page, 'Authenticated', 'You can now edit content');
    await page.getByText('Alice · editor').waitFor();
    // The navigation offers only what an editor may use.
    const nav = page.getByRole('navigation', { name: 'Admin screens' });
    await nav.getByRole('link', { name: 'Page Builder' }).waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Admin Home', 'Content Editor', 'Page Builder', 'Audit Log', 'Site Settings', 'Media Library']);

    await page.locator('.ant-segmented-item', { hasText: 'About' }).click();
    await page.getByRole('button', { name: 'Create Default Sections' }).click();
    const saved = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/content');
    await page.getByRole('button', { name: /Save Changes/ }).click();
    expect((await saved).status()).toBe(201);
    await expectToast(page, 'Success', 'Content updated successfully');

    const audit = (await server.call('GET', '/api/admin/events?type=ContentSectionCreated', { admin: true })).body as AuditPage;
    expect(audit.events.length).toBeGreaterThan(0);
    expect(audit.events.every((event) => event.adminKey?.name === 'Alice')).toBe(true);

    await nav.getByRole('link', { name: 'Audit Log' }).click();
    await page.getByRole('heading', { name: 'Audit Log' }).waitFor();
    const aliceButton = page.getByRole('button', { name: 'Alice' }).first();
    await aliceButton.waitFor();
    await aliceButton.click();
    await page.waitForURL(/key=k[0-9a-f]{10}/);
    await screenshot(page, 'admin-audit-by-key-light');
  });

  test('a screen the key cannot use says which role it needs', async () => {
    await open('/admin/seasons');
    await page.getByRole('heading', { name: 'Not available with this key' }).waitFor();
    await page.getByText('The Seasons screen needs the moderator role. Your key "Alice" has the editor role.').waitFor();
    await logout(page);
  });

  test('a revoked key is logged out on its next request', async () => {
    const [alice] = (await server.call('GET', '/api/admin/keys', { admin: true })).body as AdminKeySummary[];
    await open('/admin/content');
    await login(page, editorKey);
    await page.getByRole('heading', { name: 'Content Editor' }).waitFor();
    expect((await server.call('POST', `/api/admin/keys/${alice!.id}/revoke`, { admin: true })).status).toBe(200);
    await page.reload();
    await expectToast(page, 'Session expired', 'The admin key was rejected. Please log in again.');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('admin_key'))).toBeNull();
  });
});

describe('PUBLIC_RECORDING=recorders in Chromium', () => {
  let server: TestApp;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    server = await startSiteServer({ PUBLIC_RECORDING: 'recorders' });
    ({ browser, page, pageErrors } = await openSiteBrowser());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  afterEach(() => expect(pageErrors).toEqual([]));

  test('the Record Match form asks for a recorder key, then records with it', async () => {
    const created = await server.call('POST', '/api/admin/keys', { admin: true, json: { name: 'Ref Rita', role: 'recorder' } });
    expect(created.status).toBe(201);
    const recorderKey = (created.body as { key: string }).key;

    await page.goto(server.baseUrl + '/tracker/record-match');
    await page.getByRole('heading', { name: 'Recorder Login' }).waitFor();
    await page.getByText('Recording matches on this site needs a recorder key.').waitFor();
    await screenshot(page, 'public-record-match-recorder-login-light');
    await expectNoSeriousAxeViolations(page, 'Record Match, recorder login');
    await login(page, recorderKey);
    await expectToast(page, 'Authenticated', 'You can now record matches');
    await page.getByText('Recording as Ref Rita (recorder)').waitFor();

    const row = (team: 1 | 2) => page.getByRole('group', { name: `Team ${team}, player 1`, exact: true });
    const first = matchPlayer('230000000000000001', 'Keyed One', 5, 3);
    const second = matchPlayer('230000000000000002', 'Keyed Two', 3, 5);
    for (const [team, player] of [[1, first], [2, second]] as const) {
      await row(team).getByLabel('Discord ID').fill(player.discordId);
      await row(team).getByLabel('Username').fill(player.username);
    }
    const posted = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/matches');
    await page.getByRole('button', { name: 'Record Match' }).click();
    const answer = await posted;
    expect(answer.status()).toBe(201);
    expect(answer.request().headers()['x-admin-key']).toBe(recorderKey);
    await expectToast(page, 'Match Recorded', 'ELO ratings have been updated successfully');

    const audit = (await server.call('GET', '/api/admin/events?type=MatchRecorded', { admin: true })).body as AuditPage;
    expect(audit.events.map((event) => event.metadata.adminKey?.name)).toEqual(['Ref Rita']);
    // Without a key the server refuses, whatever the page shows.
    expect((await server.call('POST', '/api/matches', { json: { winningTeam: 'team1', team1: [first], team2: [second] } })).status).toBe(401);
  });
});
