import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usernameKey, type LeaderboardEntry } from '@team/contracts';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { makePlayer, leaderboardOf } from '@/test/fixtures';
import { mockFetch, type MockAnswer, type RecordedRequest } from '@/test/mock-fetch';
import { stubPhoneWidth } from '@/test/phone-width';
import { renderWithProviders } from '@/test/render';
import { Leaderboard } from './Leaderboard';
import { PROVISIONAL_EXPLANATION } from './ProvisionalTag';

const players = [
  makePlayer({ username: 'Ace', elo: 1850, wins: 20, losses: 5, winRate: 80, kdRatio: 1.756, totalMatches: 25 }),
  makePlayer({ username: 'Blaze', elo: 1620, wins: 12, losses: 8, winRate: 60, kdRatio: 1.2, totalMatches: 20 }),
  makePlayer({ username: 'Cobra', elo: 1410, wins: 9, losses: 9, winRate: 50, kdRatio: 0.95, totalMatches: 18 }),
  ...Array.from({ length: 3 }, (_, i) => makePlayer({ username: `Mid${i}`, elo: 1300 - i, wins: 3, losses: 4, winRate: 42.857, kdRatio: 0.8, totalMatches: 7 })),
];

/**
 * The server's paged board (GET /api/players/leaderboard?limit=&offset=[&mode=]: the slice, and
 * the board's size in X-Total-Count) and its namesakes (GET /api/players/namesakes?ids=), over
 * whole boards by mode ('' for overall).
 */
function serveBoards(boards: Record<string, LeaderboardEntry[]>, routes: Record<string, MockAnswer> = {}) {
  const everyone = new Map(Object.values(boards).flat().map((entry) => [entry.id, entry]));
  const page = ({ url }: RecordedRequest): MockAnswer => {
    const query = new URL(url, 'http://localhost').searchParams;
    const board = boards[query.get('mode') ?? ''] ?? [];
    const offset = Number(query.get('offset') ?? 0);
    const limit = query.has('limit') ? Number(query.get('limit')) : board.length;
    return { body: board.slice(offset, offset + limit), headers: { 'X-Total-Count': String(board.length) } };
  };
  const namesakes = ({ url }: RecordedRequest): MockAnswer => {
    const ids = new URL(url, 'http://localhost').searchParams.get('ids')!.split(',').map(Number);
    const keys = new Set(ids.map((id) => everyone.get(id)).flatMap((entry) => (entry ? [usernameKey(entry.username)] : [])));
    return { body: [...everyone.values()].filter((entry) => keys.has(usernameKey(entry.username))).map(({ id, username, discordId }) => ({ id, username, discordId })) };
  };
  const mocked = mockFetch({ 'GET /api/players/leaderboard': page, 'GET /api/players/namesakes': namesakes, ...routes });
  const boardReads = () => mocked.requests.filter((request) => request.url.startsWith('/api/players/leaderboard')).map((request) => request.url);
  return { ...mocked, boardReads };
}

const serveBoard = (board: LeaderboardEntry[]) => serveBoards({ '': board });

describe('Leaderboard', () => {
  it('shows the empty state when there are no players', async () => {
    serveBoard([]);
    renderWithProviders(<Leaderboard modeId={null} onSelect={() => {}} />);
    expect(await screen.findByText('No players yet. Record your first match to get started!')).toBeInTheDocument();
  });

  it('shows the top three as podium cards with their figures', async () => {
    serveBoard(leaderboardOf(players));
    renderWithProviders(<Leaderboard modeId={null} onSelect={() => {}} />);
    const podium = await screen.findByRole('region', { name: 'Top 3' });
    const ace = within(within(podium).getByRole('button', { name: /Rank #1(?!\d).*Ace/ }));
    expect(ace.getByText('Rank #1')).toBeInTheDocument();
    expect(ace.getByText('Vengeful')).toBeInTheDocument();
    expect(ace.getByText('1850')).toBeInTheDocument();
    expect(ace.getByText('(80.0%)')).toBeInTheDocument();
    expect(ace.getByText('20-5', { exact: false })).toBeInTheDocument();
    expect(ace.getByText('1.76', { exact: false })).toBeInTheDocument();
    expect(ace.getByRole('img', { name: '1st place' })).toHaveAttribute('data-medal', 'gold');
    expect(within(podium).getByRole('button', { name: /Rank #2(?!\d).*Blaze/ }).querySelector('[data-medal]')).toHaveAttribute('data-medal', 'silver');
    expect(within(podium).getByRole('button', { name: /Rank #3(?!\d).*Cobra/ }).querySelector('[data-medal]')).toHaveAttribute('data-medal', 'bronze');
  });

  it('counts a podium player’s matches in words that fit the number: “1 match”, “25 matches”', async () => {
    const newcomer = makePlayer({ username: 'Dawn', elo: 1900, wins: 1, losses: 0, winRate: 100, kdRatio: 2, totalMatches: 1 });
    serveBoard(leaderboardOf([newcomer, ...players]));
    renderWithProviders(<Leaderboard modeId={null} onSelect={() => {}} />);
    const podium = await screen.findByRole('region', { name: 'Top 3' });
    const dawn = within(within(podium).getByRole('button', { name: /Rank #1(?!\d).*Dawn/ }));
    expect(dawn.getByText('match', { exact: true }).parentElement).toHaveTextContent(/^1 match$/);
    const ace = within(within(podium).getByRole('button', { name: /Rank #2(?!\d).*Ace/ }));
    expect(ace.getByText('matches', { exact: true }).parentElement).toHaveTextContent(/^25 matches$/);
  });

  it('lists every player in the All Rankings table with highlighted top rows and coloured K/D', async () => {
    serveBoard(leaderboardOf(players));
    renderWithProviders(<Leaderboard modeId={null} onSelect={() => {}} />);
    const table = await screen.findByRole('table');
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Rank', 'Player', 'Tier', 'ELO', 'W/L', 'K/D', 'Matches']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(6);
    expect(rows[0]).toHaveClass('top-1');
    expect(rows[2]).toHaveClass('top-3');
    expect(rows[3]).not.toHaveClass('top-3');
    expect(within(rows[1]!).getByText('1.20')).toHaveClass('text-win');
    expect(within(rows[2]!).getByText('0.95')).toHaveClass('text-loss');
    expect(within(rows[5]!).getByText('(42.9%)')).toBeInTheDocument();
    // Rank 6 is past the Vengeful ranks: its ELO band shows.
    expect(within(rows[5]!).getByText('Silver')).toBeInTheDocument();
  });

  it('opens a profile from a podium card or a table row', async () => {
    const onSelect = vi.fn();
    serveBoard(leaderboardOf(players));
    renderWithProviders(<Leaderboard modeId={null} onSelect={onSelect} />);
    await userEvent.click(await screen.findByRole('button', { name: /Rank #2(?!\d).*Blaze/ }));
    expect(onSelect).toHaveBeenLastCalledWith(players[1]!.id);
    await userEvent.click(within(screen.getByRole('table')).getByText('Mid1'));
    expect(onSelect).toHaveBeenLastCalledWith(players[4]!.id);
  });

  it('opens a profile from a focused row with Enter', async () => {
    const onSelect = vi.fn();
    serveBoard(leaderboardOf(players));
    renderWithProviders(<Leaderboard modeId={null} onSelect={onSelect} />);
    const row = within(await screen.findByRole('table')).getByText('Cobra').closest('tr')!;
    row.focus();
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(players[2]!.id);
  });

  it('pages a long board by 50 and keeps the ranks running', async () => {
    const many = Array.from({ length: 120 }, (_, i) => makePlayer({ username: `Player${i + 1}`, elo: 2000 - i }));
    const { boardReads } = serveBoard(leaderboardOf(many));
    renderWithProviders(<Leaderboard modeId={null} onSelect={() => {}} />);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    const pager = screen.getByRole('navigation', { name: 'Rankings pages' });
    expect(within(pager).getByText('1–50 of 120')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Page 3' }));
    await within(table).findByText('Player101');
    expect(boardReads().at(-1)).toBe('/api/players/leaderboard?limit=50&offset=100');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(20);
    expect(within(rows[0]!).getByText('Player101')).toBeInTheDocument();
    expect(rows[0]!.textContent).toContain('#101');
    expect(within(pager).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Previous' }));
    expect(await within(table).findByText('Player51')).toBeInTheDocument();
  });

  it('shows a window of page numbers on a board of thousands, not a button per page', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => makePlayer({ username: `Player${i + 1}`, elo: 9000 - i }));
    const { boardReads } = serveBoard(leaderboardOf(many));
    renderWithProviders(<Leaderboard modeId={null} onSelect={() => {}} />);
    const table = await screen.findByRole('table');
    const pager = screen.getByRole('navigation', { name: 'Rankings pages' });
    // A page is read, not the board: the total comes from X-Total-Count.
    expect(boardReads()).toEqual(['/api/players/leaderboard?limit=50&offset=0']);
    expect(within(pager).getByText('1–50 of 5,000')).toBeInTheDocument();
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await within(table).findByText('Player51')).toBeInTheDocument();
    expect(boardReads()).toEqual(['/api/players/leaderboard?limit=50&offset=0', '/api/players/leaderboard?limit=50&offset=50']);
    expect(within(pager).getByText('51–100 of 5,000')).toBeInTheDocument();
    // The podium is page 1's top three still.
    const podium = screen.getByRole('region', { name: 'Top 3' });
    expect(within(podium).getAllByRole('button').map((card) => within(card).getByText(/^Player\d+$/).textContent)).toEqual(['Player1', 'Player2', 'Player3']);
    expect(within(table).queryByText('Player1')).toBeNull();
    await userEvent.click(within(pager).getByRole('button', { name: 'Page 1' }));
    expect(await within(table).findByText('Player1')).toBeInTheDocument();
    const pageNames = () => within(pager).getAllByRole('button', { name: /^Page \d+$/ }).map((button) => button.getAttribute('aria-label'));
    expect(pageNames()).toEqual(['Page 1', 'Page 2', 'Page 3', 'Page 100']);
    await userEvent.click(within(pager).getByRole('button', { name: 'Page 3' }));
    await within(table).findByText('Player101');
    expect(pageNames()).toEqual(['Page 1', 'Page 2', 'Page 3', 'Page 4', 'Page 5', 'Page 100']);
    expect(within(pager).getAllByText('…')).toHaveLength(1);
    // A gap of one page shows that page's number rather than an ellipsis standing for it.
    await userEvent.click(within(pager).getByRole('button', { name: 'Page 5' }));
    expect(pageNames()).toEqual(['Page 1', 'Page 2', 'Page 3', 'Page 4', 'Page 5', 'Page 6', 'Page 7', 'Page 100']);
    await userEvent.click(within(pager).getByRole('button', { name: 'Page 7' }));
    expect(pageNames()).toEqual(['Page 1', 'Page 5', 'Page 6', 'Page 7', 'Page 8', 'Page 9', 'Page 100']);
    expect(within(pager).getAllByText('…')).toHaveLength(2);
    expect(await within(table).findByText('Player301')).toBeInTheDocument();
    await userEvent.click(within(pager).getByRole('button', { name: 'Page 100' }));
    expect(pageNames()).toEqual(['Page 1', 'Page 98', 'Page 99', 'Page 100']);
    expect(within(pager).getByText('4,951–5,000 of 5,000')).toBeInTheDocument();
    expect(await within(table).findByText('Player5000')).toBeInTheDocument();
    expect(boardReads().at(-1)).toBe('/api/players/leaderboard?limit=50&offset=4950');
    expect(boardReads().every((url) => url.includes('limit=50'))).toBe(true);
  });

  it('has no pager for a board of 50 or fewer', async () => {
    serveBoard(leaderboardOf(players));
    renderWithProviders(<Leaderboard modeId={null} onSelect={() => {}} />);
    await screen.findByRole('table');
    expect(screen.queryByRole('navigation', { name: 'Rankings pages' })).toBeNull();
  });

  it("reads a mode's pool with ?mode=, a page of it", async () => {
    const { boardReads } = serveBoards({ '': leaderboardOf(players), 2: [] });
    renderWithProviders(<Leaderboard modeId={2} onSelect={() => {}} />);
    await screen.findByText('No players yet. Record your first match to get started!');
    expect(boardReads()).toEqual(['/api/players/leaderboard?limit=50&offset=0&mode=2']);
  });

  it('keeps the page across the mode select; a shorter board shows its last page', async () => {
    const overall = leaderboardOf(Array.from({ length: 120 }, (_, i) => makePlayer({ username: `Player${i + 1}`, elo: 2000 - i })));
    const hardpoint = leaderboardOf(Array.from({ length: 60 }, (_, i) => makePlayer({ username: `Hard${i + 1}`, elo: 1900 - i })));
    const snd = leaderboardOf(Array.from({ length: 130 }, (_, i) => makePlayer({ username: `Snd${i + 1}`, elo: 1800 - i })));
    const { boardReads } = serveBoards({ '': overall, 1: hardpoint, 2: snd });
    function WithModeSelect() {
      const [modeId, setModeId] = useState<number | null>(null);
      return (
        <>
          <button type="button" onClick={() => setModeId(1)}>Hardpoint</button>
          <button type="button" onClick={() => setModeId(2)}>Search and Destroy</button>
          <Leaderboard modeId={modeId} onSelect={() => {}} />
        </>
      );
    }
    renderWithProviders(<WithModeSelect />);
    await screen.findByRole('table');
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Rankings pages' })).getByRole('button', { name: 'Page 3' }));
    expect(await within(screen.getByRole('table')).findByText('Player101')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Search and Destroy' }));
    expect(await screen.findByText('Snd101')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Rankings pages' })).getByText('101–130 of 130')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Hardpoint' }));
    expect(await screen.findByText('Hard51')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Rankings pages' });
    expect(within(pager).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByText('51–60 of 60')).toBeInTheDocument();
    expect(boardReads()).toContain('/api/players/leaderboard?limit=50&offset=50&mode=1');
    // Page 3 of a board of two pages is never asked for: page 1 says how long the board is.
    expect(boardReads()).not.toContain('/api/players/leaderboard?limit=50&offset=100&mode=1');
  });
});

// Issue 25: two players of one name, and a rating of too few matches to trust yet.
const namesakes = [
  makePlayer({ username: 'Shadow', discordId: '300000000000004821', elo: 1500, wins: 8, losses: 4, winRate: 66.7, kdRatio: 1.3, totalMatches: 12 }),
  makePlayer({ username: ' shadow ', discordId: '300000000000007310', elo: 1450, wins: 3, losses: 1, winRate: 75, kdRatio: 1.1, totalMatches: 4 }),
  makePlayer({ username: 'Lone', discordId: '300000000000001111', elo: 1400, wins: 3, losses: 2, winRate: 60, kdRatio: 0.9, totalMatches: 5 }),
  makePlayer({ username: 'Fresh', discordId: '300000000000002222', elo: 1016, wins: 1, losses: 0, winRate: 100, kdRatio: 2, totalMatches: 1 }),
];

function renderNamesakes() {
  serveBoard(leaderboardOf(namesakes));
  renderWithProviders(<Leaderboard modeId={null} onSelect={() => {}} />);
}

describe('Leaderboard: same names and provisional ratings', () => {
  it('tells two players of one name apart by the end of their Discord ID, the whole ID on hover', async () => {
    renderNamesakes();
    const rows = within(await screen.findByRole('table')).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Shadow ·…4821');
    expect(within(rows[0]!).getByText('·…4821')).toHaveAttribute('title', 'Discord ID 300000000000004821');
    expect(rows[1]).toHaveTextContent('shadow ·…7310');
    expect(rows[2]!.textContent).not.toContain('·…');
    // The podium tells them apart too.
    expect(within(screen.getByRole('region', { name: 'Top 3' })).getByRole('button', { name: /Rank #2(?!\d).*shadow ·…7310/ })).toBeInTheDocument();
  });

  it('tells namesakes apart across pages: a Shadow on page 1 and a shadow on page 3', async () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      i === 4 ? makePlayer({ username: 'Shadow', discordId: '300000000000004821', elo: 2000 - i })
      : i === 109 ? makePlayer({ username: ' shadow ', discordId: '300000000000007310', elo: 2000 - i })
      : makePlayer({ username: `Player${i + 1}`, elo: 2000 - i }),
    );
    const board = leaderboardOf(many);
    const { requests } = serveBoard(board);
    renderWithProviders(<Leaderboard modeId={null} onSelect={() => {}} />);
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('Shadow').closest('tr')).toHaveTextContent('Shadow ·…4821'));
    // The namesakes of the page's players (and the podium's) are asked for, not the whole board.
    const asked = requests.find((request) => request.url.startsWith('/api/players/namesakes'))!;
    expect(new URL(asked.url, 'http://localhost').searchParams.get('ids')!.split(',').map(Number).sort((a, b) => a - b)).toEqual(
      board.slice(0, 50).map((entry) => entry.id).sort((a, b) => a - b),
    );
    expect(within(table).getByText('Player6').closest('tr')!.textContent).not.toContain('·…');
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Rankings pages' })).getByRole('button', { name: 'Page 3' }));
    const far = (await within(table).findByText('shadow', { exact: false })).closest('tr')!;
    await waitFor(() => expect(far).toHaveTextContent('shadow ·…7310'));
  });

  it('marks fewer than 5 matches Provisional, explained in a tooltip, to a screen reader and under the board', async () => {
    renderNamesakes();
    const rows = within(await screen.findByRole('table')).getAllByRole('row').slice(1);
    const tagged = rows.map((row) => within(row).queryByText('Provisional') !== null);
    // 12, 4, 5 and 1 matches.
    expect(tagged).toEqual([false, true, false, true]);
    expect(within(rows[1]!).getByText('Provisional')).toHaveAttribute('title', PROVISIONAL_EXPLANATION);
    expect(rows[1]).toHaveTextContent('Provisional rating, fewer than 5 matches');
    expect(screen.getByText(PROVISIONAL_EXPLANATION, { exact: false })).toHaveClass('provisional-note');
  });

  it("counts a season board's matches: a regular with 3 matches in the season is provisional there", async () => {
    const season = leaderboardOf(namesakes.map((player) => ({ ...player, totalMatches: 3 }))).map((entry) => ({ ...entry, peakElo: entry.elo }));
    mockFetch({ 'GET /api/seasons/2/leaderboard': { body: season } });
    renderWithProviders(<Leaderboard modeId={null} seasonId={2} onSelect={() => {}} />);
    const rows = within(await screen.findByRole('table')).getAllByRole('row').slice(1);
    expect(rows.every((row) => within(row).queryByText('Provisional') !== null)).toBe(true);
    expect(rows[0]).toHaveTextContent('Shadow ·…4821');
  });

  it("reads a season's board whole and pages it here", async () => {
    const season = leaderboardOf(Array.from({ length: 60 }, (_, i) => makePlayer({ username: `Old${i + 1}`, elo: 1500 - i }))).map((entry) => ({ ...entry, peakElo: entry.elo }));
    const { requests } = mockFetch({ 'GET /api/seasons/2/leaderboard': { body: season } });
    renderWithProviders(<Leaderboard modeId={null} seasonId={2} onSelect={() => {}} />);
    const table = await screen.findByRole('table');
    const pager = screen.getByRole('navigation', { name: 'Rankings pages' });
    expect(within(pager).getByText('1–50 of 60')).toBeInTheDocument();
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(within(table).getAllByRole('row').slice(1).map((row) => within(row).getByText(/^Old\d+$/).textContent)).toEqual(season.slice(50).map((entry) => entry.username));
    expect(within(screen.getByRole('region', { name: 'Top 3' })).getByText('Old1')).toBeInTheDocument();
    expect(requests.map((request) => request.url)).toEqual(['/api/seasons/2/leaderboard']);
  });

  it('has no provisional note when every player has 5 matches or more', async () => {
    serveBoard(leaderboardOf(players));
    renderWithProviders(<Leaderboard modeId={null} onSelect={() => {}} />);
    await screen.findByRole('table');
    expect(screen.queryByText('Provisional')).toBeNull();
    expect(screen.queryByText(PROVISIONAL_EXPLANATION, { exact: false })).toBeNull();
  });
});

describe('Leaderboard on a phone', () => {
  it('shows All Rankings as a card per player with rank, name, ELO, tier, W/L, K/D and matches, and no table', async () => {
    stubPhoneWidth();
    renderNamesakes();
    const list = await screen.findByRole('list', { name: 'All Rankings' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    expect(cards[0]).toHaveClass('top-1');
    const second = within(cards[1]!);
    expect(second.getByText('#2', { exact: false })).toBeInTheDocument();
    expect(second.getByText('1450')).toBeInTheDocument();
    expect(second.getByText('ELO')).toBeInTheDocument();
    expect(second.getByText('Vengeful')).toBeInTheDocument();
    expect(second.getByText('3-1', { exact: false })).toBeInTheDocument();
    expect(second.getByText('(75.0%)')).toBeInTheDocument();
    expect(second.getByText('1.10')).toHaveClass('text-win');
    expect(cards[1]).toHaveTextContent('Matches 4');
    expect(cards[1]).toHaveTextContent('shadow ·…7310');
    expect(second.getByText('Provisional')).toBeInTheDocument();
  });

  it('opens a profile from a card', async () => {
    stubPhoneWidth();
    const onSelect = vi.fn();
    serveBoard(leaderboardOf(players));
    renderWithProviders(<Leaderboard modeId={null} onSelect={onSelect} />);
    const list = await screen.findByRole('list', { name: 'All Rankings' });
    await userEvent.click(within(list).getByRole('button', { name: /Mid1/ }));
    expect(onSelect).toHaveBeenLastCalledWith(players[4]!.id);
  });
});
