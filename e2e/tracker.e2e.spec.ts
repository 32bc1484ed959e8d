import type { Locator, Page } from 'playwright-core';
import { screenshot, type Browser } from './support/browser.js';
import { startSiteServer, type TestApp } from './support/server.js';
import {
  dismissToasts,
  expectToast,
  horizontalOverflow,
  matchPlayer,
  recordMatch,
  settle,
  shootBothThemes,
  toast,
  openSiteBrowser,
} from './support/site.js';

/**
 * The ELO tracker (docs/product.md#screens-and-routes Dashboard, Leaderboard, Players, Player Profile dialog, Record
 * Match; §5 and §8 record-match rules; sidebar of §2 and §9) in Chromium against the real
 * server on a fresh database. Tests run in order: the empty tracker, the form's validation,
 * a match recorded through the form, then the screens that show it.
 */


/** A podium card is a button named by its content: "… Rank #2 … <username> …". */
const podiumCardName = (username: string, rank: number) => new RegExp(`Rank #${rank}(?!\\d).*${username}`);

interface ApiPlayer {
  id: number;
  username: string;
  discordId: string;
  elo: number;
  wins: number;
  losses: number;
  winRate: number;
  kdRatio: number;
  totalKills: number;
  totalDeaths: number;
  totalMatches: number;
  avgKills: number;
  avgDeaths: number;
  avgAssists: number;
  avgScore: number;
}

interface LeaderboardEntry extends ApiPlayer {
  rank: number;
}

/** The match recorded through the form: Hardpoint, Team 1 wins 250 to 180. */
const FORM_MATCH = {
  team1: [
    { discordId: '100000000000000101', username: 'Ace', kills: 20, deaths: 10, assists: 5, score: 3000, time: 120 },
    { discordId: '100000000000000102', username: 'Bolt', kills: 15, deaths: 12, assists: 8, score: 2500, time: 90 },
  ],
  team2: [
    { discordId: '100000000000000201', username: 'Cinder', kills: 12, deaths: 14, assists: 3, score: 2100, time: 60 },
    { discordId: '100000000000000202', username: 'Drift', kills: 8, deaths: 19, assists: 6, score: 1800, time: 30 },
  ],
};

describe('ELO tracker in Chromium', () => {
  let server: TestApp;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  /** Every POST /api/matches the page sent. */
  const matchPosts: string[] = [];

  const open = async (path: string) => {
    await page.goto(server.baseUrl + path);
  };
  const heading = (name: string) => page.getByRole('heading', { level: 1, name, exact: true });
  const statCard = (label: string) => page.getByRole('region', { name: label, exact: true });
  const teamCard = (team: 1 | 2) => page.getByRole('group', { name: `Team ${team}`, exact: true });
  const playerRow = (team: 1 | 2, index: number) => page.getByRole('group', { name: `Team ${team}, player ${index}`, exact: true });
  const dialog = () => page.getByRole('dialog');

  async function players(): Promise<ApiPlayer[]> {
    return (await server.call('GET', '/api/players')).body as ApiPlayer[];
  }
  async function leaderboard(): Promise<LeaderboardEntry[]> {
    return (await server.call('GET', '/api/players/leaderboard')).body as LeaderboardEntry[];
  }

  async function fillPlayer(row: Locator, player: Partial<(typeof FORM_MATCH.team1)[number]>) {
    if (player.discordId !== undefined) await row.getByLabel('Discord ID').fill(player.discordId);
    if (player.username !== undefined) await row.getByLabel('Username').fill(player.username);
    for (const [label, value] of [
      ['Kills', player.kills],
      ['Deaths', player.deaths],
      ['Assists', player.assists],
      ['Score', player.score],
      ['Time (seconds)', player.time],
    ] as const) {
      if (value !== undefined) await row.getByLabel(label, { exact: true }).fill(String(value));
    }
  }

  /** The Game Mode select (a native one: the phone's own picker). */
  const modeSelect = () => page.getByRole('combobox', { name: 'Game Mode' });

  /** Waits until the Game Mode select shows `name`. */
  async function expectMode(name: string) {
    await modeSelect().locator('option:checked', { hasText: name }).waitFor({ state: 'attached' });
  }

  async function chooseMode(name: string) {
    await modeSelect().selectOption({ label: name });
    await expectMode(name);
  }

  async function submitForm() {
    await page.getByRole('button', { name: 'Record Match' }).click();
  }

  /** Closes the Player Profile dialog with Escape and waits for it to go. */
  async function closeDialog() {
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
  }

  beforeAll(async () => {
    server = await startSiteServer();
    ({ browser, page, pageErrors } = await openSiteBrowser());
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/matches') matchPosts.push(request.postData() ?? '');
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  afterEach(() => {
    expect(pageErrors).toEqual([]);
  });

  test('empty tracker: dashboard cards, leaderboard and players empty states, sidebar links, not-found', async () => {
    await open('/tracker');
    await heading('Dashboard').waitFor();
    await page.getByRole('complementary').getByText('ELO Tracker', { exact: true }).waitFor();
    await statCard('Total Players').getByText('0', { exact: true }).waitFor();
    await statCard('Total Matches').getByText('0', { exact: true }).waitFor();
    await statCard('Average ELO').getByText('1000', { exact: true }).waitFor();
    for (const card of ['Top Players', 'Recent Matches', 'Rank Distribution']) {
      await page.locator('.panel', { has: page.getByText(card, { exact: true }) }).waitFor();
    }
    await page.locator('.panel', { hasText: 'Top Players' }).getByText('No players yet').waitFor();
    await page.locator('.panel', { hasText: 'Recent Matches' }).getByText('No matches yet').waitFor();
    await page.locator('.panel', { hasText: 'Rank Distribution' }).getByText('No players yet').waitFor();

    // Sidebar: four links, the active one on the exact path.
    const sidebar = page.getByRole('navigation', { name: 'ELO Tracker' });
    for (const label of ['Dashboard', 'Leaderboard', 'Players', 'Record Match']) await sidebar.getByRole('link', { name: label }).waitFor();
    await sidebar.getByRole('link', { name: 'Leaderboard' }).click();
    await heading('Leaderboard').waitFor();
    await page.getByText('Top ranked players by ELO rating', { exact: true }).waitFor();
    await page.getByText('No players yet. Record your first match to get started!', { exact: true }).waitFor();
    expect(await sidebar.getByRole('link', { name: 'Leaderboard' }).getAttribute('aria-current')).toBe('page');
    expect(await sidebar.locator('a[aria-current="page"]').count()).toBe(1);

    await sidebar.getByRole('link', { name: 'Players' }).click();
    await heading('Players').waitFor();
    await page.getByText('Browse all players and their statistics', { exact: true }).waitFor();
    await page.getByPlaceholder('Search players...').waitFor();
    await page.getByText('No players yet', { exact: true }).waitFor();

    await sidebar.getByRole('link', { name: 'Record Match' }).click();
    await heading('Record Match').waitFor();
    await page.getByText('Enter match results and performance stats to update ELO ratings.', { exact: true }).waitFor();

    // Any other path under /tracker: not-found inside the tracker layout.
    await open('/tracker/xyz');
    await heading('404 Page Not Found').waitFor();
    await sidebar.waitFor();
    await page.getByRole('button', { name: 'Back to Dashboard' }).click();
    await page.waitForURL('**/tracker/dashboard');
    await heading('Dashboard').waitFor();
  });

  test('Record Match form: defaults, rows, modes and the live K/D and KDA readout', async () => {
    await open('/tracker/record-match');
    await heading('Record Match').waitFor();
    await page.getByText('ELO is calculated using 70% win/loss and 30% performance metrics.').waitFor();
    await expectMode('No Mode (Overall ELO)');
    // Team 1 is the default winner; one player row per team, no remove button.
    await teamCard(1).getByText('Winner', { exact: true }).waitFor();
    expect(await teamCard(2).getByText('Winner', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Remove player' }).count()).toBe(0);
    expect(await playerRow(1, 1).getByLabel('Kills', { exact: true }).inputValue()).toBe('0');
    expect(await page.getByText('Final Score').count()).toBe(0);

    await teamCard(2).getByRole('button', { name: 'Set as Winner' }).click();
    await teamCard(2).getByText('Winner', { exact: true }).waitFor();
    expect(await teamCard(1).getByText('Winner', { exact: true }).count()).toBe(0);
    await teamCard(1).getByRole('button', { name: 'Set as Winner' }).click();
    await teamCard(1).getByText('Winner', { exact: true }).waitFor();

    await teamCard(1).getByRole('button', { name: 'Add Player' }).click();
    await playerRow(1, 2).waitFor();
    expect(await teamCard(1).getByRole('button', { name: 'Remove player' }).count()).toBe(2);
    expect(await teamCard(2).getByRole('button', { name: 'Remove player' }).count()).toBe(0);
    await playerRow(1, 2).getByRole('button', { name: 'Remove player' }).click();
    await playerRow(1, 2).waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Remove player' }).count()).toBe(0);

    // K/D and KDA = (kills + assists) / max(1, deaths).
    await fillPlayer(playerRow(1, 1), { kills: 9, deaths: 4, assists: 3 });
    await playerRow(1, 1).getByText('K/D: 2.25 · KDA: 3.00').waitFor();
    await fillPlayer(playerRow(1, 1), { deaths: 0 });
    await playerRow(1, 1).getByText('K/D: 9.00 · KDA: 12.00').waitFor();

    // A mode with a score limit: Final Score inputs with the limit, and the mode's own stat.
    for (const [mode, limit, stat] of [
      ['Control', 3, 'Captures'],
      ['Search and Destroy', 6, 'Plants/Defuses'],
      ['Hardpoint', 250, 'Time (seconds)'],
    ] as const) {
      await chooseMode(mode);
      for (const team of [1, 2] as const) {
        await teamCard(team).getByText(`Max: ${limit}`, { exact: true }).waitFor();
        await playerRow(team, 1).getByLabel(stat, { exact: true }).waitFor();
        expect(await teamCard(team).getByLabel('Final Score').getAttribute('max')).toBe(String(limit));
      }
    }
    await page.getByText('Enter the final score of each team: the score margin affects ELO gain/loss.').waitFor();
    // A Final Score that is no number becomes 0 (docs/product.md#validation). "-" in an empty number field is bad
    // input to Chromium: its value stays empty, so no change event comes.
    const score = teamCard(2).getByLabel('Final Score');
    await score.click();
    await page.keyboard.type('-');
    await score.blur();
    expect(await score.inputValue()).toBe('0');
    await chooseMode('No Mode (Overall ELO)');
    expect(await page.getByText('Final Score').count()).toBe(0);
  });

  test('each Record Match validation message blocks the submission; a server refusal shows its message', async () => {
    await open('/tracker/record-match');
    await heading('Record Match').waitFor();
    const eventsBefore = await server.eventCount();
    const postsBefore = matchPosts.length;

    // Rule 1: every player needs a Discord ID and a username.
    await fillPlayer(playerRow(1, 1), { discordId: '500' });
    await submitForm();
    await expectToast(page, 'Validation Error', 'All players must have a Discord ID and username.');
    expect(await toast(page).getAttribute('class')).toContain('toast-destructive');
    await dismissToasts(page);

    // Rule 2: kills or deaths for some players but not all.
    await fillPlayer(playerRow(1, 1), { username: 'Vex', kills: 5, deaths: 3 });
    await fillPlayer(playerRow(2, 1), { discordId: '600', username: 'Wren' });
    await submitForm();
    await expectToast(
      page,
      'Incomplete K/D Stats',
      'Either all players must have both kills and deaths, or leave K/D stats blank for everyone.',
    );
    await dismissToasts(page);

    // Rule 3: as many players with kills as with deaths.
    await fillPlayer(playerRow(1, 1), { deaths: 0 });
    await fillPlayer(playerRow(2, 1), { kills: 2, deaths: 6 });
    await submitForm();
    await expectToast(
      page,
      'Incomplete K/D Stats',
      'If you enter kills for a player, you must also enter deaths (and vice versa). K/D stats must be complete for all players or omitted entirely.',
    );
    await dismissToasts(page);

    // Only one toast at a time: a second submission replaces the first.
    await submitForm();
    await submitForm();
    await page.waitForFunction(() => document.querySelectorAll('.ant-notification-notice').length <= 1);
    await dismissToasts(page);

    expect(matchPosts.length).toBe(postsBefore);
    expect(await server.eventCount()).toBe(eventsBefore);

    // The server's own refusal (the same Discord ID twice) shows as Error with its message.
    await fillPlayer(playerRow(1, 1), { deaths: 3 });
    await fillPlayer(playerRow(2, 1), { discordId: '500' });
    await submitForm();
    await expectToast(page, 'Error', 'The same Discord ID appears more than once in this match.');
    expect(matchPosts.length).toBe(postsBefore + 1);
    expect(await server.eventCount()).toBe(eventsBefore);
    // The form keeps what was typed.
    expect(await playerRow(1, 1).getByLabel('Username').inputValue()).toBe('Vex');
    await dismissToasts(page);
  });

  test('records a full Hardpoint match through the form; the form resets', async () => {
    await open('/tracker/record-match');
    await heading('Record Match').waitFor();
    await chooseMode('Hardpoint');
    await teamCard(1).getByRole('button', { name: 'Add Player' }).click();
    await teamCard(2).getByRole('button', { name: 'Add Player' }).click();
    for (const team of [1, 2] as const) {
      const roster = team === 1 ? FORM_MATCH.team1 : FORM_MATCH.team2;
      for (const [index, player] of roster.entries()) await fillPlayer(playerRow(team, index + 1), player);
    }
    await teamCard(1).getByLabel('Final Score').fill('250');
    await teamCard(2).getByLabel('Final Score').fill('180');
    await teamCard(2).getByRole('button', { name: 'Set as Winner' }).click();
    await teamCard(1).getByRole('button', { name: 'Set as Winner' }).click();
    await teamCard(1).getByText('Winner', { exact: true }).waitFor();
    await playerRow(1, 1).getByText('K/D: 2.00 · KDA: 2.50').waitFor();
    await settle(page);
    await screenshot(page, 'public-record-match-filled-light');

    const posted = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/api/matches'));
    await submitForm();
    expect((await posted).status()).toBe(201);
    await expectToast(page, 'Match Recorded', 'ELO ratings have been updated successfully');
    expect(await toast(page).getAttribute('class')).not.toContain('toast-destructive');

    const body = JSON.parse(matchPosts.at(-1)!);
    expect(body).toMatchObject({
      modeId: 1,
      winningTeam: 'team1',
      team1Score: 250,
      team2Score: 180,
      team1: [
        { discordId: '100000000000000101', username: 'Ace', kills: 20, deaths: 10, assists: 5, score: 3000, hardpointTime: 120 },
        { discordId: '100000000000000102', username: 'Bolt', kills: 15, deaths: 12, assists: 8, score: 2500, hardpointTime: 90 },
      ],
      team2: [
        { discordId: '100000000000000201', username: 'Cinder', kills: 12, deaths: 14, assists: 3, score: 2100, hardpointTime: 60 },
        { discordId: '100000000000000202', username: 'Drift', kills: 8, deaths: 19, assists: 6, score: 1800, hardpointTime: 30 },
      ],
    });

    // Reset: one empty player per team, winner Team 1, no mode, no scores.
    await expectMode('No Mode (Overall ELO)');
    await playerRow(1, 2).waitFor({ state: 'detached' });
    expect(await playerRow(2, 2).count()).toBe(0);
    expect(await playerRow(1, 1).getByLabel('Discord ID').inputValue()).toBe('');
    expect(await playerRow(2, 1).getByLabel('Username').inputValue()).toBe('');
    expect(await playerRow(1, 1).getByLabel('Kills', { exact: true }).inputValue()).toBe('0');
    expect(await page.getByText('Final Score').count()).toBe(0);
    await teamCard(1).getByText('Winner', { exact: true }).waitFor();

    const recorded = await players();
    expect(recorded.map((player) => player.username).sort()).toEqual(['Ace', 'Bolt', 'Cinder', 'Drift']);
    // A mode's match moves that mode's ratings, not the overall ELO.
    expect(recorded.every((player) => player.elo === 1000)).toBe(true);
    const hardpoint = (await server.call('GET', '/api/players/leaderboard?mode=1')).body as LeaderboardEntry[];
    expect(hardpoint.find((entry) => entry.username === 'Ace')!.elo).toBeGreaterThan(1000);
    expect(hardpoint.find((entry) => entry.username === 'Drift')!.elo).toBeLessThan(1000);

    // A second match, without a mode, through the API: Echo joins, Team 2 wins.
    await recordMatch(server, {
      winningTeam: 'team2',
      team1: [matchPlayer('100000000000000101', 'Ace', 6, 9), matchPlayer('100000000000000301', 'Echo', 4, 8)],
      team2: [matchPlayer('100000000000000201', 'Cinder', 10, 5), matchPlayer('100000000000000202', 'Drift', 7, 5)],
    });
  });

  test('Leaderboard: podium of three, All Rankings table, a row opens the Player Profile dialog', async () => {
    const ranking = await leaderboard();
    expect(ranking).toHaveLength(5);
    // The screen reads pages of the board and its namesakes, never the whole board.
    const reads: string[] = [];
    const onRequest = (request: { url(): string }) => {
      const { pathname, search } = new URL(request.url());
      if (pathname === '/api/players/leaderboard' || pathname === '/api/players/namesakes') reads.push(pathname + search);
    };
    page.on('request', onRequest);
    await open('/tracker/leaderboard');
    await heading('Leaderboard').waitFor();
    const podium = page.getByRole('region', { name: 'Top 3' });
    await podium.getByRole('button', { name: podiumCardName(ranking[0]!.username, 1) }).waitFor();

    const medals = ['gold', 'silver', 'bronze'];
    for (const entry of ranking.slice(0, 3)) {
      const card = podium.getByRole('button', { name: podiumCardName(entry.username, entry.rank) });
      const text = await card.textContent();
      expect(text).toContain(`Rank #${entry.rank}`);
      expect(text).toContain(String(entry.elo));
      expect(text).toContain(`${entry.wins}-${entry.losses} (${entry.winRate.toFixed(1)}%)`);
      expect(text).toContain(`K/D ${entry.kdRatio.toFixed(2)}`);
      expect(text).toContain(`${entry.totalMatches} ${entry.totalMatches === 1 ? 'match' : 'matches'}`);
      // Ranks 1–5 are the special Vengeful tier.
      expect(await card.locator('.tier-badge').getAttribute('data-tier')).toBe('Vengeful');
      expect(await card.getAttribute('class')).toContain(`podium-${medals[entry.rank - 1]}`);
    }
    expect(await podium.getByRole('button').count()).toBe(3);

    const table = page.locator('.rankings-panel', { hasText: 'All Rankings' }).locator('table');
    const headers = await table.locator('thead th').allTextContents();
    expect(headers.map((header) => header.trim())).toEqual(['Rank', 'Player', 'Tier', 'ELO', 'W/L', 'K/D', 'Matches']);
    const rows = table.locator('tbody tr.leaderboard-row');
    expect(await rows.count()).toBe(5);
    for (const [index, entry] of ranking.entries()) {
      const cells = (await rows.nth(index).locator('td').allTextContents()).map((cell) => cell.trim());
      expect(cells).toEqual([
        `#${entry.rank}`,
        // Fewer than 5 matches: the name carries the Provisional tag (issue 25).
        entry.totalMatches < 5 ? `${entry.username} Provisional rating, fewer than 5 matches` : entry.username,
        'Vengeful',
        String(entry.elo),
        `${entry.wins}-${entry.losses} (${entry.winRate.toFixed(1)}%)`,
        entry.kdRatio.toFixed(2),
        String(entry.totalMatches),
      ]);
      // The top three rows are highlighted; K/D is coloured by whether it is at least 1.
      const rowClass = (await rows.nth(index).getAttribute('class')) ?? '';
      if (entry.rank <= 3) expect(rowClass).toContain(`top-${entry.rank}`);
      else expect(rowClass).not.toMatch(/top-\d/);
      expect(await rows.nth(index).locator(entry.kdRatio >= 1 ? '.kd-good' : '.kd-bad').count()).toBe(1);
    }

    // The rating pool switch shows a mode's ranking and keeps it in ?mode=.
    const hardpoint = (await server.call('GET', '/api/players/leaderboard?mode=1')).body as LeaderboardEntry[];
    const pools = page.getByRole('radiogroup', { name: 'Rating pool' });
    await pools.getByRole('radio', { name: 'Hardpoint' }).click();
    await page.waitForURL('**/tracker/leaderboard?mode=1');
    await page.waitForFunction(
      (names) => [...document.querySelectorAll('tbody tr.leaderboard-row td:nth-child(2) strong')].map((cell) => cell.textContent).join() === names,
      hardpoint.map((entry) => entry.username).join(),
    );
    expect(await rows.count()).toBe(4);
    await rows.first().getByText(String(hardpoint[0]!.elo), { exact: true }).waitFor();
    page.off('request', onRequest);
    const boardReads = reads.filter((url) => url.startsWith('/api/players/leaderboard'));
    expect(boardReads).toEqual(['/api/players/leaderboard?limit=50&offset=0', '/api/players/leaderboard?limit=50&offset=0&mode=1']);
    expect(reads.some((url) => url.startsWith('/api/players/namesakes?ids='))).toBe(true);
    expect(await pools.getByRole('radio', { name: 'Hardpoint' }).getAttribute('aria-checked')).toBe('true');
    await pools.getByRole('radio', { name: 'Overall' }).click();
    await page.waitForURL((url) => url.search === '');
    await rows.nth(4).waitFor();

    // A table row opens the profile; so does a podium card.
    const last = ranking.at(-1)!;
    await rows.nth(4).click();
    await dialog().getByText(`Discord ID: ${last.discordId}`).waitFor();
    await closeDialog();
    await podium.getByRole('button', { name: podiumCardName(ranking[1]!.username, 2) }).click();
    await dialog().getByText(`Discord ID: ${ranking[1]!.discordId}`).waitFor();
    await closeDialog();
  });

  test('Player Profile dialog: stats, Match History with Final Score, Teammates and Opponents', async () => {
    const ace = (await players()).find((player) => player.username === 'Ace')!;
    const rank = (await leaderboard()).find((entry) => entry.id === ace.id)!.rank;
    await open('/tracker/leaderboard');
    await page.getByRole('region', { name: 'Top 3' }).waitFor();
    await page.locator('tbody tr.leaderboard-row', { hasText: 'Ace' }).click();
    const profile = dialog();
    await profile.getByText(`Discord ID: ${ace.discordId}`).waitFor();
    await profile.locator('.profile-username', { hasText: 'Ace' }).waitFor();
    expect(await profile.locator('.profile-header .tier-badge').getAttribute('data-tier')).toBe('Vengeful');
    expect(rank).toBeLessThanOrEqual(5);

    const stat = async (label: string) => (await profile.locator(`[data-stat="${label}"] dd`).textContent())?.trim();
    expect(await stat('ELO Rating')).toBe(`${ace.elo}Overall ELO — matches recorded without a mode`);
    expect(await stat('Win Rate')).toBe(`${ace.winRate.toFixed(1)}%${ace.wins}-${ace.losses}`);
    expect(await stat('K/D Ratio')).toBe(`${ace.kdRatio.toFixed(2)}${ace.totalKills} kills / ${ace.totalDeaths} deaths`);
    expect(await stat('Total Matches')).toBe('2Games played');
    expect(await stat('Avg Kills')).toBe(ace.avgKills.toFixed(1));
    expect(await stat('Avg Deaths')).toBe(ace.avgDeaths.toFixed(1));
    expect(await stat('Avg Assists')).toBe(ace.avgAssists.toFixed(1));
    expect(await stat('Avg Score')).toBe(String(Math.round(ace.avgScore)));

    await profile.getByRole('heading', { name: 'Match History' }).waitFor();
    const entries = profile.getByTestId('match-history-entry');
    await entries.first().waitFor();
    expect(await entries.count()).toBe(2);
    const hardpoint = entries.filter({ hasText: 'Hardpoint' });
    const overall = entries.filter({ hasNotText: 'Hardpoint' });
    const hardpointText = (await hardpoint.textContent()) ?? '';
    expect(hardpointText).toContain('Win');
    expect(hardpointText).toContain('Final Score Team 1 250 vs Team 2 180');
    expect(await hardpoint.locator('.final-score-team.winner').textContent()).toBe('Team 1 250');
    expect(hardpointText).toContain('K/D/A: 20/10/5');
    expect(hardpointText).toContain('Score: 3000');
    expect(hardpointText).toContain('Team: Team 1');
    expect(hardpointText).toContain('Teammates: Bolt');
    expect(hardpointText).toContain('Opponents: Cinder, Drift');
    expect(hardpointText).toMatch(/ELO After: \d+/);
    expect(await hardpoint.locator('.elo-change-up').textContent()).toMatch(/^ \+\d+$/);
    // The dashboard and leaderboard variant leaves out the per-match K/D and mode stats.
    expect(hardpointText).not.toContain('HP Time');

    const overallText = (await overall.textContent()) ?? '';
    expect(overallText).toContain('Loss');
    expect(overallText).not.toContain('Final Score');
    expect(overallText).toContain('Teammates: Echo');
    expect(await overall.locator('.elo-change-down').textContent()).toMatch(/^ -\d+$/);

    // The history scrolls inside a fixed height.
    expect(await profile.locator('.match-history-scroll').evaluate((list) => getComputedStyle(list).overflowY)).toMatch(/auto|scroll/);
    await profile.getByRole('button', { name: 'Close' }).click();
    await profile.waitFor({ state: 'hidden' });
  });

  test('Dashboard: stat cards, Top Players, Recent Matches and Rank Distribution; a top player opens the profile', async () => {
    const [all, ranking, stats] = await Promise.all([
      players(),
      leaderboard(),
      server.call('GET', '/api/stats/global').then((answer) => answer.body as { avgElo: number }),
    ]);
    await open('/tracker/dashboard');
    await heading('Dashboard').waitFor();
    await statCard('Total Players').getByText(String(all.length), { exact: true }).waitFor();
    await statCard('Total Matches').getByText('2', { exact: true }).waitFor();
    await statCard('Average ELO').getByText(String(Math.round(stats.avgElo)), { exact: true }).waitFor();

    const top = page.locator('.panel', { hasText: 'Top Players' });
    const topRows = top.getByRole('button');
    await topRows.first().waitFor();
    expect(await topRows.count()).toBe(5);
    for (const [index, entry] of ranking.slice(0, 5).entries()) {
      const text = (await topRows.nth(index).textContent()) ?? '';
      expect(text).toContain(`#${index + 1}`);
      expect(text).toContain(entry.username);
      expect(text).toContain(`${entry.wins}-${entry.losses}`);
      expect(text).toContain(String(entry.elo));
    }

    const recent = page.locator('.panel', { hasText: 'Recent Matches' }).locator('li.recent-match');
    await recent.first().waitFor();
    expect(await recent.count()).toBe(2);
    // Newest first: the overall match Team 2 won, then the Hardpoint match.
    // A match without a mode says so, and which rating it moved.
    expect(await recent.nth(0).textContent()).toMatch(/^No mode match #\d+Overall ELO.*Team 1Ace, Echo.*Team 2WinnerCinder, Drift$/);
    expect(await recent.nth(1).textContent()).toMatch(/^Hardpoint.*Team 1 250WinnerAce, Bolt.*Team 2 180Cinder, Drift$/);

    const distribution = page.locator('.panel', { hasText: 'Rank Distribution' });
    await distribution.locator('.rank-distribution-counts li', { hasText: 'Vengeful' }).getByText('5', { exact: true }).waitFor();
    // The SVG bars: each tier's bar is titled with its count.
    await distribution.locator('.bar-chart-plot rect').first().waitFor();
    expect(await distribution.locator('.bar-chart-plot title').allTextContents()).toContain('Vengeful: 5 players');

    await topRows.nth(0).click();
    await dialog().getByText(`Discord ID: ${ranking[0]!.discordId}`).waitFor();
    await dialog().getByTestId('match-history-entry').first().waitFor();
    await closeDialog();
    expect(await dialog().count()).toBe(0);
  });

  test('Players: cards, the search box filters by username, ?playerId= opens the profile with match details', async () => {
    const all = await players();
    await open('/tracker/players');
    await heading('Players').waitFor();
    const cards = page.locator('.player-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(5);

    const ace = all.find((player) => player.username === 'Ace')!;
    const aceCard = page.getByRole('button', { name: /^Ace\b/ });
    const aceText = (await aceCard.textContent()) ?? '';
    expect(aceText).toContain('2 matches played');
    expect(aceText).toContain(`ELO${ace.elo}`);
    expect(aceText).toContain(`Win Rate${ace.winRate.toFixed(1)}%`);
    expect(aceText).toContain(`K/D${ace.kdRatio.toFixed(2)}`);
    expect(aceText).toContain(`Record${ace.wins}-${ace.losses}`);
    expect(aceText).toContain(`Avg Score${Math.round(ace.avgScore)}`);

    const search = page.getByPlaceholder('Search players...');
    await search.fill('R');
    await page.waitForFunction(() => document.querySelectorAll('.player-card').length === 2);
    expect((await cards.locator('.player-card-name').allTextContents()).sort()).toEqual(['Cinder', 'Drift']);
    await search.fill('aCE');
    await page.waitForFunction(() => document.querySelectorAll('.player-card').length === 1);
    await aceCard.waitFor();
    await search.fill('nobody');
    await page.getByText('No players found matching your search', { exact: true }).waitFor();
    expect(await cards.count()).toBe(0);
    await search.fill('');
    await page.waitForFunction(() => document.querySelectorAll('.player-card').length === 5);

    // A card opens the profile with per-match K/D and the mode's stat.
    await aceCard.click();
    const hardpoint = dialog().getByTestId('match-history-entry').filter({ hasText: 'Hardpoint' });
    await hardpoint.waitFor();
    const text = (await hardpoint.textContent()) ?? '';
    expect(text).toContain('K/D: 2.00');
    expect(text).toContain('HP Time: 120s');
    const overall = dialog().getByTestId('match-history-entry').filter({ hasNotText: 'Hardpoint' });
    expect(await overall.textContent()).toContain('K/D: 0.67');
    expect(await overall.textContent()).not.toContain('HP Time');
    await closeDialog();

    // A link with ?playerId= opens that profile on load; closing drops the parameter.
    const echo = all.find((player) => player.username === 'Echo')!;
    await open(`/tracker/players?playerId=${echo.id}`);
    await dialog().getByText(`Discord ID: ${echo.discordId}`).waitFor();
    await dialog().locator('.profile-username', { hasText: 'Echo' }).waitFor();
    await closeDialog();
    expect(new URL(page.url()).search).toBe('');
    await cards.first().waitFor();
  });

  test('sidebar: collapse is kept in the sidebar_state cookie across reloads; Ctrl+B toggles it', async () => {
    await open('/tracker/dashboard');
    await heading('Dashboard').waitFor();
    const sidebar = page.locator('aside.tracker-sidebar');
    expect(await sidebar.getAttribute('data-state')).toBe('expanded');
    await page.getByRole('complementary').getByText('ELO Tracker', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await page.locator('aside.tracker-sidebar[data-state="collapsed"]').waitFor();
    const cookie = async () => (await browser.context.cookies(server.baseUrl)).find((entry) => entry.name === 'sidebar_state');
    const saved = await cookie();
    expect(saved?.value).toBe('false');
    // Kept for 7 days.
    const days = (saved!.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    await page.reload();
    await heading('Dashboard').waitFor();
    expect(await sidebar.getAttribute('data-state')).toBe('collapsed');
    // Collapsed to icons: the links keep their names, the title its icon only.
    expect(Math.round((await sidebar.boundingBox())!.width)).toBe(48);
    await page.getByRole('navigation', { name: 'ELO Tracker' }).getByRole('link', { name: 'Leaderboard' }).waitFor();
    expect(await page.getByRole('complementary').getByText('ELO Tracker', { exact: true }).count()).toBe(0);
    await settle(page);
    await screenshot(page, 'public-dashboard-collapsed-light');

    await page.keyboard.press('Control+b');
    await page.locator('aside.tracker-sidebar[data-state="expanded"]').waitFor();
    expect((await cookie())?.value).toBe('true');
    await settle(page);
    expect(Math.round((await sidebar.boundingBox())!.width)).toBe(256);
    await page.keyboard.press('Control+B');
    await page.locator('aside.tracker-sidebar[data-state="collapsed"]').waitFor();
    await page.reload();
    await page.locator('aside.tracker-sidebar[data-state="collapsed"]').waitFor();
    await page.keyboard.press('Control+b');
    await page.locator('aside.tracker-sidebar[data-state="expanded"]').waitFor();
    expect((await cookie())?.value).toBe('true');
  });

  test('at 375 px the sidebar is a slide-over panel and every tracker screen fits the width', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    try {
      await open('/tracker/dashboard');
      await heading('Dashboard').waitFor();
      expect(await page.locator('aside.tracker-sidebar').count()).toBe(0);
      expect(await page.getByRole('navigation', { name: 'ELO Tracker' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
      const panel = page.locator('.tracker-sidebar-drawer');
      await panel.getByText('ELO Tracker', { exact: true }).waitFor();
      await settle(page);
      // 18rem wide on mobile.
      expect(Math.round((await panel.boundingBox())!.width)).toBe(288);
      await screenshot(page, 'public-tracker-mobile-sidebar-light');
      await panel.getByRole('link', { name: 'Leaderboard' }).click();
      await heading('Leaderboard').waitFor();
      await panel.waitFor({ state: 'hidden' });

      // Ctrl+B opens it on mobile too.
      await page.keyboard.press('Control+b');
      await panel.getByRole('link', { name: 'Players' }).click();
      await heading('Players').waitFor();
      await panel.waitFor({ state: 'hidden' });

      for (const [path, title] of [
        ['/tracker/dashboard', 'Dashboard'],
        ['/tracker/leaderboard', 'Leaderboard'],
        ['/tracker/players', 'Players'],
        ['/tracker/record-match', 'Record Match'],
      ] as const) {
        await open(path);
        await heading(title).waitFor();
        await page.waitForLoadState('networkidle');
        expect([path, await horizontalOverflow(page)]).toEqual([path, 0]);
      }
      await settle(page);
      await screenshot(page, 'public-record-match-mobile-light');
      await open('/tracker/leaderboard');
      await page.getByRole('region', { name: 'Top 3' }).waitFor();
      await settle(page);
      await screenshot(page, 'public-leaderboard-mobile-light');
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  });

  test('screenshots of every tracker screen in light and dark', async () => {
    await shootBothThemes(page, 'dashboard', async () => {
      await open('/tracker/dashboard');
      await page.locator('.panel', { hasText: 'Recent Matches' }).locator('li.recent-match').first().waitFor();
      await page.locator('.bar-chart-plot rect').first().waitFor();
    });
    await shootBothThemes(page, 'leaderboard', async () => {
      await open('/tracker/leaderboard');
      await page.locator('tbody tr.leaderboard-row').first().waitFor();
    });
    await shootBothThemes(page, 'players', async () => {
      await open('/tracker/players');
      await page.locator('.player-card').first().waitFor();
    });
    const ace = (await players()).find((player) => player.username === 'Ace')!;
    // The rating history draws one line per rating pool Ace played in.
    const aceHistory = (await server.call('GET', `/api/players/${ace.id}/matches`)).body as Array<{ match: { mode: { name: string } | null } }>;
    const pools = [...new Set(aceHistory.map((record) => record.match.mode?.name ?? 'Overall'))].sort();
    expect(pools.length).toBeGreaterThan(1);
    await shootBothThemes(page, 'profile', async () => {
      await open(`/tracker/players?playerId=${ace.id}`);
      await dialog().getByTestId('match-history-entry').first().waitFor();
      await dialog().locator('.line-chart-legend li').first().waitFor();
      expect(await dialog().locator('.line-chart-line').count()).toBe(pools.length);
      expect((await dialog().locator('.line-chart-legend li').allTextContents()).sort()).toEqual(pools);
    });
    await shootBothThemes(page, 'record-match', async () => {
      await open('/tracker/record-match');
      await heading('Record Match').waitFor();
      await chooseMode('Hardpoint');
      await page.keyboard.press('Escape');
    });
    await shootBothThemes(page, 'tracker-404', async () => {
      await open('/tracker/xyz');
      await heading('404 Page Not Found').waitFor();
    });
  });

  test('navigation: a new screen opens at its top, Back and Forward restore the position; the open profile is in the address', async () => {
    // Enough players for the leaderboard to scroll 1,200 px.
    for (let m = 10; m < 20; m++) {
      const line = (n: number, username: string) => matchPlayer(`1000000000000${m}${n}0`, username, 5 + n, 3);
      await recordMatch(server, { winningTeam: 'team1', team1: [line(1, `Scroll${m}a`), line(2, `Scroll${m}b`)], team2: [line(3, `Scroll${m}c`), line(4, `Scroll${m}d`)] });
    }
    const frames = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
    // A click in the page, not Playwright's, which would scroll the link into view first.
    const follow = (href: string) => page.evaluate((path) => document.querySelector<HTMLAnchorElement>(`.tracker-sidebar a[href="${path}"]`)!.click(), href);

    await open('/tracker/leaderboard');
    await page.locator('tbody tr.leaderboard-row').nth(40).waitFor();
    await page.evaluate(() => window.scrollTo(0, 1200));
    await page.waitForFunction(() => Math.round(window.scrollY) === 1200);
    await frames();
    await follow('/tracker/players');
    await heading('Players').waitFor();
    await page.locator('.player-card').first().waitFor();
    expect(await scrollY()).toBe(0);

    await page.goBack();
    await heading('Leaderboard').waitFor();
    await page.waitForFunction(() => Math.round(window.scrollY) === 1200, undefined, { timeout: 10_000 });
    await page.goForward();
    await heading('Players').waitFor();
    await page.waitForFunction(() => Math.round(window.scrollY) === 0, undefined, { timeout: 10_000 });

    // The profile dialog: opening it sets ?playerId= (a new entry), Back closes it, Forward opens it again.
    await page.goBack();
    await heading('Leaderboard').waitFor();
    const row = page.locator('tbody tr.leaderboard-row').nth(2);
    const name = (await row.locator('td').nth(1).locator('strong').textContent())!;
    await row.click();
    await dialog().getByRole('heading', { name, exact: true }).waitFor();
    await page.waitForURL(/\/tracker\/leaderboard\?playerId=\d+$/);
    await page.goBack();
    await dialog().waitFor({ state: 'hidden' });
    expect(new URL(page.url()).search).toBe('');
    await page.goForward();
    await dialog().getByRole('heading', { name, exact: true }).waitFor();
    await closeDialog();
    expect(new URL(page.url()).search).toBe('');
  });

  test('How ratings work (/tracker/ratings), linked from the sidebar, in light and dark, desktop and 390 px', async () => {
    await open('/tracker/dashboard');
    await page.getByRole('navigation', { name: 'ELO Tracker' }).getByRole('link', { name: 'How ratings work' }).click();
    await heading('How ratings work').waitFor();
    expect(new URL(page.url()).pathname).toBe('/tracker/ratings');
    expect(await page.getByTestId('example-line').allTextContents()).toHaveLength(4);
    await page.getByRole('navigation', { name: 'ELO Tracker' }).getByRole('link', { name: 'Compare' }).waitFor();
    const ratings = async () => {
      await open('/tracker/ratings');
      await page.getByRole('heading', { name: 'Worked example' }).waitFor();
    };
    await shootBothThemes(page, 'ratings', ratings);
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await shootBothThemes(page, 'ratings-mobile', async () => {
        await ratings();
        expect(await horizontalOverflow(page)).toBe(0);
      });
      await shootBothThemes(page, 'leaderboard-mode-mobile', async () => {
        await open('/tracker/leaderboard?mode=1');
        await page.getByText("Hardpoint ELO — Hardpoint matches only. W/L, K/D, averages and matches are Hardpoint's too.").waitFor();
      });
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  });
});
