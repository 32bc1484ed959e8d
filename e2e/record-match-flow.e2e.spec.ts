import type { Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot, type Browser } from './support/browser.js';
import { startSiteServer, type TestApp } from './support/server.js';
import {
  blockExternalRequests,
  collectPageErrors,
  currentTheme,
  dialogSettled,
  dismissToasts,
  expectToast,
  matchPlayer,
  recordMatch,
  settle,
  toast,
  type Theme,
} from './support/site.js';

/**
 * Recording a match with the player lookup (issue 25): part of a known name offers the player,
 * picking fills both fields; a new Discord ID typed with a known name is flagged on its row and
 * confirmed before recording; a validation error marks and focuses the field at fault; the
 * success toast links to the new match's page, whose rating columns name the mode's ELO. The
 * changed screens are shot in light and dark at 1280 and 390 px (with the axe audit).
 */

const ACE = { discordId: '400000000000000001', username: 'Ace Sniper' };
const BLAZE = { discordId: '400000000000000002', username: 'Blaze' };
/** A Discord ID of the longest kind (19 digits) that no one has yet. */
const NEW_ID = '4999999999999999999';
const WARNING = `New Discord ID: 'Blaze' is already player ID 2 with Discord ID ${BLAZE.discordId}. Pick them from the list if it is the same person.`;

describe('Record Match with the player lookup in Chromium', () => {
  let server: TestApp;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  /** The match recorded through the form, once the toast's link has opened it. */
  let matchPath = '';

  const teamCard = (team: 1 | 2) => page.getByRole('group', { name: `Team ${team}`, exact: true });
  const row = (team: 1 | 2, index: number) => page.getByRole('group', { name: `Team ${team}, player ${index}`, exact: true });
  const field = (at: Locator, label: 'Discord ID' | 'Username') => at.getByRole('combobox', { name: label, exact: true });

  /** Switches the theme with the layout's toggle: the form keeps what was typed. */
  async function switchTheme(to: Theme) {
    if ((await currentTheme(page)) === to) return;
    await page.getByRole('button', { name: 'Toggle theme' }).first().click();
    await page.waitForFunction((theme) => document.documentElement.dataset.theme === theme, to);
  }

  async function shoot(name: string, prepare: () => Promise<void> = async () => {}) {
    for (const theme of ['light', 'dark'] as const) {
      await switchTheme(theme);
      await prepare();
      // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await settle(page);
      await screenshot(page, `${name}-${theme}`);
    }
    await switchTheme('light');
  }

  beforeAll(async () => {
    server = await startSiteServer();
    // Player #1 is Ace Sniper, player #2 Blaze.
    await recordMatch(server, {
      winningTeam: 'team1',
      team1: [matchPlayer(ACE.discordId, ACE.username, 12, 6)],
      team2: [matchPlayer(BLAZE.discordId, BLAZE.username, 6, 12)],
    });
    browser = await launchBrowser({ width: 1280, height: 900 });
    await blockExternalRequests(browser.context);
    page = browser.page;
    pageErrors = collectPageErrors(page);
    await page.goto(`${server.baseUrl}/tracker/record-match`);
    await page.getByRole('heading', { level: 1, name: 'Record Match' }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  afterEach(() => {
    expect(pageErrors).toEqual([]);
  });

  test('part of a known name offers the player; picking fills the Discord ID and the username', async () => {
    await page.getByRole('combobox', { name: 'Game Mode' }).selectOption({ label: 'Hardpoint' });
    await field(row(1, 1), 'Username').pressSequentially('snip');
    const option = page.getByRole('option', { name: new RegExp(`^${ACE.username}`) });
    await option.waitFor();
    expect(await field(row(1, 1), 'Username').getAttribute('aria-expanded')).toBe('true');
    await option.click();
    expect(await field(row(1, 1), 'Discord ID').inputValue()).toBe(ACE.discordId);
    expect(await field(row(1, 1), 'Username').inputValue()).toBe(ACE.username);
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
  });

  test('a new Discord ID typed with a known name is flagged on its row; all 19 digits show at 1280 px', async () => {
    await field(row(2, 1), 'Discord ID').fill(NEW_ID);
    await field(row(2, 1), 'Username').fill(BLAZE.username);
    await row(2, 1).getByText(WARNING, { exact: true }).waitFor();
    const discordId = field(row(2, 1), 'Discord ID');
    expect(await discordId.evaluate((input: HTMLInputElement) => input.scrollWidth - input.clientWidth)).toBeLessThanOrEqual(0);
    // Team 2 wins: its button says so, Team 1's offers the choice again.
    await teamCard(2).getByRole('button', { name: 'Set as Winner' }).click();
    expect(await teamCard(2).getByRole('button', { name: 'Winner', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await teamCard(1).getByRole('button', { name: 'Set as Winner' }).getAttribute('aria-pressed')).toBe('false');
  });

  test('a validation error marks the field at fault and focuses it; the screen in light and dark', async () => {
    await teamCard(1).getByRole('button', { name: 'Add Player' }).click();
    await page.getByRole('button', { name: 'Record Match' }).click();
    await expectToast(page, 'Validation Error', 'All players must have a Discord ID and username.');
    const missing = field(row(1, 2), 'Discord ID');
    expect(await missing.getAttribute('aria-invalid')).toBe('true');
    expect(await missing.evaluate((input) => input === document.activeElement)).toBe(true);
    await row(1, 2).getByText('Discord ID is required. Username is required.', { exact: true }).waitFor();
    await dismissToasts(page);

    // Shot with the lookup open under the marked row, the new-ID warning below.
    await shoot('public-record-match-lookup-desktop', async () => {
      // Typed again after the theme's toggle took the focus: the list opens as one types.
      await field(row(1, 2), 'Username').fill('');
      await field(row(1, 2), 'Username').fill('a');
      await page.getByRole('option', { name: new RegExp(`^${ACE.username}`) }).waitFor();
    });
    await row(1, 2).getByRole('button', { name: 'Remove player' }).click();
    await row(1, 2).waitFor({ state: 'detached' });
  });

  test('asks before recording the flagged row, records, and the toast links to the match page', async () => {
    await page.getByRole('button', { name: 'Record Match' }).click();
    const title = 'New Discord IDs for known names';
    await dialogSettled(page, title);
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.getByText(`Team 2, player 1: 'Blaze' (new Discord ID ${NEW_ID}) is already player ID 2 with Discord ID ${BLAZE.discordId}.`).waitFor();
    await screenshot(page, 'public-record-match-new-id-confirm-light');

    const posted = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/matches');
    await dialog.getByRole('button', { name: 'Record anyway' }).click();
    const answer = await posted;
    expect(answer.status()).toBe(201);
    const { matchId } = (await answer.json()) as { matchId: number };
    matchPath = `/tracker/matches/${matchId}`;

    await expectToast(page, 'Match Recorded', 'ELO ratings have been updated successfully');
    const link = toast(page).getByRole('link', { name: 'View match' });
    expect(await link.getAttribute('href')).toBe(matchPath);
    await link.click();
    await page.waitForURL(`**${matchPath}`);
    await page.getByRole('heading', { level: 1, name: `Match #${matchId}` }).waitFor();
    // The new player kept the typed name and got its own id; the ratings are Hardpoint's.
    const winners = page.getByRole('region', { name: 'Team 2, winner' });
    await winners.getByRole('columnheader', { name: 'Hardpoint ELO Before' }).waitFor();
    await winners.getByRole('columnheader', { name: 'Hardpoint ELO After' }).waitFor();
    await winners.getByRole('row', { name: /Blaze/ }).waitFor();
    await shoot('public-match-ratings-desktop');
  });

  test('at 390 px: the lookup, the warning and the match page, light and dark', async () => {
    const phone = await launchBrowser({ width: 390, height: 844 });
    const phoneErrors = collectPageErrors(phone.page);
    const desktop = page;
    try {
      await blockExternalRequests(phone.context);
      page = phone.page;
      await page.goto(`${server.baseUrl}/tracker/record-match`);
      await page.getByRole('heading', { level: 1, name: 'Record Match' }).waitFor();
      // NEW_ID is the new Blaze's now: another new one, with Ace Sniper's name.
      await field(row(1, 1), 'Discord ID').fill('4999999999999999998');
      await field(row(1, 1), 'Username').fill(ACE.username);
      await row(1, 1)
        .getByText(`New Discord ID: 'Ace Sniper' is already player ID 1 with Discord ID ${ACE.discordId}. Pick them from the list if it is the same person.`)
        .waitFor();
      expect(await field(row(1, 1), 'Discord ID').evaluate((input: HTMLInputElement) => input.scrollWidth - input.clientWidth)).toBeLessThanOrEqual(0);
      await shoot('public-record-match-lookup-phone', async () => {
        await field(row(2, 1), 'Username').fill('');
        await field(row(2, 1), 'Username').fill('bla');
        await page.getByRole('option', { name: /^Blaze/ }).first().waitFor();
      });

      await page.goto(server.baseUrl + matchPath);
      // A phone gets a card per player: the mode's ELO Before, then After.
      await page.getByRole('region', { name: 'Team 2, winner' }).getByTestId('match-card').first().getByText('Hardpoint ELO After', { exact: true }).waitFor();
      await shoot('public-match-ratings-phone');
      expect(phoneErrors).toEqual([]);
    } finally {
      page = desktop;
      await phone.close();
    }
  });
});
