import v8 from 'node:v8';
import fc from 'fast-check';
import { rankOrder, rankPlayers, tierFor, type Player } from '@team/contracts';
import { RankedBoard } from './ranked-board.js';

// The board after a match (issue 44): the board before with the match's players moved, never
// ranked again. It must be the board rankPlayers makes of the same players, and make no entry.

const player = (id: number, elo: number, wins: number, username: string): Player => ({
  id,
  discordId: `d${id}`,
  username,
  elo,
  wins,
  losses: 0,
  totalKills: 0,
  totalDeaths: 0,
  totalAssists: 0,
  totalScore: 0,
  totalMatches: wins,
  winRate: 0,
  kdRatio: 0,
  avgKills: 0,
  avgDeaths: 0,
  avgAssists: 0,
  avgScore: 0,
});

const arbitraryPlayer = (maxId: number) =>
  fc.record({ id: fc.integer({ min: 1, max: maxId }), elo: fc.integer({ min: 900, max: 1100 }), wins: fc.integer({ min: 0, max: 3 }), username: fc.constantFrom('a', 'B', 'b', 'é', 'zed') });

describe('RankedBoard', () => {
  it('is, after players are replaced, added or dropped, the board rankPlayers makes of them', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(arbitraryPlayer(400), { selector: (p) => p.id, maxLength: 60 }),
        fc.array(fc.boolean(), { maxLength: 60 }),
        fc.uniqueArray(arbitraryPlayer(500), { selector: (p) => p.id, maxLength: 10 }),
        (before, drops, moves) => {
          const players = before.map((p) => player(p.id, p.elo, p.wins, p.username));
          const fresh = moves.map((p) => player(p.id, p.elo, p.wins, `p${p.id}`));
          const dropped = players.filter((_, i) => drops[i]).map((p) => p.id);
          const replaced = new Set([...dropped, ...fresh.map((p) => p.id)]);
          const board = new RankedBoard('overall', 1, rankOrder(players));
          const after = board.withPlayersReplaced(2, replaced, fresh);
          const expected = rankPlayers(players.filter((p) => !replaced.has(p.id)).concat(fresh));
          expect(after.entries()).toEqual(expected);
          expect(Array.from(after.ids)).toEqual(expected.map((entry) => entry.id));
          expect(after.slice(1, 4)).toEqual(expected.slice(1, 4));
          for (const entry of expected) expect(after.entryOf(entry.id)).toEqual(entry);
          expect(after.position).toBe(2);
        },
      ),
    );
  });

  it('keeps every other player as it was, and leaves the board before unchanged', () => {
    const players = rankOrder([1400, 1300, 1200, 1100, 1000, 900, 800, 700].map((elo, i) => player(i + 1, elo, 0, `player${i + 1}`)));
    const board = new RankedBoard('overall', 1, players);
    const before = board.entries().map((entry) => ({ ...entry }));
    // Player 7 (rank 7) overtakes player 6 and player 5.
    const after = board.withPlayersReplaced(2, new Set([7]), [player(7, 1050, 1, 'player7')]);
    expect(after.entries().map((entry) => [entry.id, entry.rank, entry.tier])).toEqual([
      [1, 1, 'Vengeful'], [2, 2, 'Vengeful'], [3, 3, 'Vengeful'], [4, 4, 'Vengeful'], [7, 5, 'Vengeful'], [5, 6, 'Bronze'], [6, 7, 'Iron'], [8, 8, 'Iron'],
    ]);
    for (const id of [1, 2, 3, 4, 5, 6, 8]) expect(after.players.find((p) => p.id === id)).toBe(players.find((p) => p.id === id));
    expect(board.entries()).toEqual(before);
    expect(Array.from(board.ids)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // An event that moves no player: the next position shares the players and their ids.
    const same = board.withPlayersReplaced(3, new Set(), []);
    expect([same.position, same.players, same.ids]).toEqual([3, board.players, board.ids]);
    expect(same.players).toBe(board.players);
  });

  it('makes no entry until one is asked for, and a page makes only its own', () => {
    const players = rankOrder(Array.from({ length: 1000 }, (_, i) => player(i + 1, 1000 + (i % 37), i % 5, `p${i}`)));
    const board = new RankedBoard('overall', 1, players).withPlayersReplaced(2, new Set([3]), [player(3, 1500, 9, 'p2')]);
    expect(board.slice(0, 2).map((entry) => [entry.id, entry.rank])).toEqual([[3, 1], [rankOrder(players.filter((p) => p.id !== 3))[0]!.id, 2]]);
    expect(board.entryOf(3)).toMatchObject({ rank: 1, tier: 'Vengeful' });
    expect(board.entryOf(5000)).toBeUndefined();
    expect(board.entries()).toHaveLength(1000);
    // Nor keeps any: a whole view keeps its bytes, and 100,000 kept entries were 28 MB beside them.
    expect(board.entries()).not.toBe(board.entries());
    const view = board.view('leaderboard', (ranked) => ranked.entries());
    expect(JSON.parse(view.body.toString('utf8'))).toEqual(board.entries());
  });
});

describe("RankedBoard's entries", () => {
  // contracts' rankedEntry made `{ ...player, rank, tier }`, which gave each entry a hidden class
  // of its own (dictionary properties, then a map and descriptors each): the whole board of
  // 100,000 players was 81 MB of heap and 720 ms to make, against 28 MB and 110 ms for entries
  // that share one (docs/performance.md, "Scale curve").
  const sameMap = (() => {
    v8.setFlagsFromString('--allow-natives-syntax');
    // V8's intrinsic needs the flag when the function is parsed, so it is made from text.
    return new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
  })();

  it('share one hidden class, and keep the player fields in order with rank and tier after them', () => {
    // Fields that hold whole numbers for some players and fractions for others, as toPlayer's do.
    const players = Array.from({ length: 200 }, (_, i) => ({
      ...player(i + 1, 1200 - i, i % 7, `p${i}`),
      winRate: i % 3 ? 33.3 : 0,
      kdRatio: i % 2 ? 1.25 : 1,
      avgKills: i % 4 ? 1.5 : 2,
    }));
    const entries = new RankedBoard('overall', 1, players).entries();
    // Against the last one's: a field that held whole numbers first and fractions later moves the class on once.
    expect(entries.filter((entry) => !sameMap(entry, entries.at(-1)!)).length).toBeLessThanOrEqual(1);
    expect(Object.keys(entries[9]!)).toEqual([...Object.keys(players[9]!), 'rank', 'tier']);
    expect(entries[9]).toEqual({ ...players[9], rank: 10, tier: tierFor(players[9]!.elo, 10).name });
  });
});
