import fc from 'fast-check';
import {
  TIERS,
  TIER_NAMES,
  VENGEFUL_MAX_RANK,
  VENGEFUL_TIER,
  compareNames,
  compareRank,
  podiumMedal,
  rankDistribution,
  rankPlayers,
  tierFor,
  tierForElo,
  type RankKey,
} from './ranking.js';

const key = (id: number, elo: number, wins = 0, username = `player${id}`): RankKey => ({ id, elo, wins, username });

describe('TIERS', () => {
  it('lists the ELO bands of docs/product.md#entities, lowest first, without gaps', () => {
    expect(TIERS.map(({ name, min, max }) => [name, min, max])).toEqual([
      ['Iron', 0, 999],
      ['Bronze', 1000, 1199],
      ['Silver', 1200, 1399],
      ['Gold', 1400, 1599],
      ['Platinum', 1600, 1799],
      ['Master', 1800, null],
    ]);
  });

  it('gives every tier a colour, and Vengeful a gradient', () => {
    for (const tier of [...TIERS, VENGEFUL_TIER]) expect(tier.color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(VENGEFUL_TIER.name).toBe('Vengeful');
    expect(VENGEFUL_TIER.gradient).toMatch(/^linear-gradient\(/);
  });

  it('names all seven tiers, Vengeful first, then Master down to Iron', () => {
    expect(TIER_NAMES).toEqual(['Vengeful', 'Master', 'Platinum', 'Gold', 'Silver', 'Bronze', 'Iron']);
  });

  it('makes ranks 1 to 5 Vengeful', () => {
    expect(VENGEFUL_MAX_RANK).toBe(5);
  });
});

describe('tierForElo', () => {
  it.each([
    [0, 'Iron'],
    [999, 'Iron'],
    [1000, 'Bronze'],
    [1199, 'Bronze'],
    [1200, 'Silver'],
    [1399, 'Silver'],
    [1400, 'Gold'],
    [1599, 'Gold'],
    [1600, 'Platinum'],
    [1799, 'Platinum'],
    [1800, 'Master'],
    [3500, 'Master'],
    [999.5, 'Iron'],
    [-20, 'Iron'],
  ])('puts %d in %s', (elo, name) => {
    expect(tierForElo(elo).name).toBe(name);
  });
});

describe('tierFor', () => {
  it('is Vengeful at rank 5 and the ELO band at rank 6', () => {
    expect(tierFor(1000, 5)).toBe(VENGEFUL_TIER);
    expect(tierFor(1000, 6).name).toBe('Bronze');
  });

  it('is Vengeful from rank 1 whatever the ELO', () => {
    expect(tierFor(400, 1).name).toBe('Vengeful');
  });

  it('falls back to the ELO band without a valid rank', () => {
    expect(tierFor(1850, null).name).toBe('Master');
    expect(tierFor(1850, undefined).name).toBe('Master');
    expect(tierFor(1850, 0).name).toBe('Master');
  });
});

describe('compareRank', () => {
  const sortIds = (players: RankKey[]) => [...players].sort(compareRank).map((p) => p.id);

  it('puts the higher ELO first', () => {
    expect(sortIds([key(1, 1000), key(2, 1200), key(3, 1100)])).toEqual([2, 3, 1]);
  });

  it('breaks an ELO tie by wins, more first', () => {
    expect(sortIds([key(1, 1000, 2), key(2, 1000, 7)])).toEqual([2, 1]);
  });

  it('then by username, ignoring case', () => {
    expect(sortIds([key(1, 1000, 3, 'bravo'), key(2, 1000, 3, 'Alpha'), key(3, 1000, 3, 'charlie')])).toEqual([2, 1, 3]);
  });

  it('then by username exactly, when names differ only in case', () => {
    const lower = key(9, 1000, 3, 'ghost');
    const upper = key(1, 1000, 3, 'Ghost');
    expect(Math.sign(compareRank(lower, upper))).toBe(-Math.sign(compareRank(upper, lower)));
    expect(compareRank(lower, upper)).not.toBe(0);
  });

  it('then by id, lower first', () => {
    expect(sortIds([key(8, 1000, 3, 'same'), key(3, 1000, 3, 'same')])).toEqual([3, 8]);
  });

  it('is a total order: antisymmetric, and 0 only for the same id', () => {
    const arb = fc.record({
      id: fc.integer({ min: 1, max: 5 }),
      elo: fc.integer({ min: 990, max: 1010 }),
      wins: fc.integer({ min: 0, max: 2 }),
      username: fc.constantFrom('a', 'A', 'b', 'é', 'E'),
    });
    fc.assert(
      fc.property(arb, arb, (a, b) => {
        expect(Math.sign(compareRank(a, b))).toBe(-Math.sign(compareRank(b, a)) || 0);
        if (compareRank(a, b) === 0) expect(a).toEqual(b);
      }),
    );
  });
});

describe('compareNames', () => {
  // What ranking meant before printable ASCII names had a table of their own.
  const caseless = new Intl.Collator('en', { sensitivity: 'accent' });
  const exact = new Intl.Collator('en', { sensitivity: 'variant' });
  const collated = (a: string, b: string) => Math.sign(caseless.compare(a, b) || exact.compare(a, b));
  const printable = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));

  it('orders every pair of printable ASCII characters as the collators do', () => {
    for (const a of printable) for (const b of printable) expect([a, b, Math.sign(compareNames(a, b))]).toEqual([a, b, collated(a, b)]);
  });

  it('orders printable ASCII names as the collators do: prefixes, case, digits and punctuation', () => {
    const name = (alphabet: string[]) => fc.array(fc.constantFrom(...alphabet), { maxLength: 10 }).map((chars) => chars.join(''));
    const names = fc.oneof(name(printable), name([...'aAbB-_ .1Zz']), name([..."oO0'-"]));
    fc.assert(
      fc.property(names, names, (a, b) => {
        expect(Math.sign(compareNames(a, b))).toBe(collated(a, b));
      }),
      { numRuns: 20_000 },
    );
  });

  it('uses the collators for any other name', () => {
    for (const [a, b] of [['é', 'e'], ['Élodie', 'elodie'], ['Zoë', 'Zoe'], ['ß', 'ss'], ['a\u0000', 'a'], ['名前', 'name']]) {
      expect([a, b, Math.sign(compareNames(a!, b!))]).toEqual([a, b, collated(a!, b!)]);
    }
  });
});

describe('rankPlayers', () => {
  it('sorts, numbers ranks from 1 and attaches tiers, keeping the other fields', () => {
    const players = [
      { ...key(1, 1250), extra: 'a' },
      { ...key(2, 1900), extra: 'b' },
      { ...key(3, 990), extra: 'c' },
    ];
    expect(rankPlayers(players)).toEqual([
      { ...players[1], rank: 1, tier: 'Vengeful' },
      { ...players[0], rank: 2, tier: 'Vengeful' },
      { ...players[2], rank: 3, tier: 'Vengeful' },
    ]);
  });

  it('gives ranks past 5 their ELO band', () => {
    const players = [1850, 1700, 1500, 1300, 1100, 1810, 1650, 1450, 1250, 1050, 900].map((elo, i) => key(i + 1, elo));
    expect(rankPlayers(players).map((p) => [p.rank, p.elo, p.tier])).toEqual([
      [1, 1850, 'Vengeful'],
      [2, 1810, 'Vengeful'],
      [3, 1700, 'Vengeful'],
      [4, 1650, 'Vengeful'],
      [5, 1500, 'Vengeful'],
      [6, 1450, 'Gold'],
      [7, 1300, 'Silver'],
      [8, 1250, 'Silver'],
      [9, 1100, 'Bronze'],
      [10, 1050, 'Bronze'],
      [11, 900, 'Iron'],
    ]);
  });

  it('does not reorder the array it is given', () => {
    const players = [key(1, 1000), key(2, 2000)];
    rankPlayers(players);
    expect(players.map((p) => p.id)).toEqual([1, 2]);
  });
});

describe('rankDistribution', () => {
  it('has every tier at 0 when there are no players', () => {
    expect(rankDistribution([])).toEqual({ Vengeful: 0, Master: 0, Platinum: 0, Gold: 0, Silver: 0, Bronze: 0, Iron: 0 });
  });

  it('counts the top 5 as Vengeful and the rest by ELO, zeros included', () => {
    const players = [2000, 1900, 1850, 1820, 1810, 1805, 1500, 1501, 999, 0].map((elo, i) => key(i + 1, elo));
    expect(rankDistribution(players)).toEqual({
      Vengeful: 5,
      Master: 1,
      Platinum: 0,
      Gold: 2,
      Silver: 0,
      Bronze: 0,
      Iron: 2,
    });
  });

  it('uses the tie-breaks to decide who is 5th', () => {
    const players = [key(1, 1900), key(2, 1900), key(3, 1900), key(4, 1900), key(5, 1000, 1), key(6, 1000, 2)];
    const distribution = rankDistribution(players);
    expect(distribution.Vengeful).toBe(5);
    expect(distribution.Bronze).toBe(1);
    expect(rankPlayers(players).find((p) => p.id === 5)?.tier).toBe('Bronze');
  });

  it('always counts every player once', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2500 }), { maxLength: 40 }), (elos) => {
        const distribution = rankDistribution(elos.map((elo, i) => key(i, elo)));
        expect(Object.keys(distribution).sort()).toEqual([...TIER_NAMES].sort());
        expect(Object.values(distribution).reduce((a, b) => a + b, 0)).toBe(elos.length);
        expect(distribution.Vengeful).toBe(Math.min(5, elos.length));
      }),
    );
  });
});

describe('podiumMedal', () => {
  it('gives gold, silver and bronze to ranks 1, 2 and 3 only', () => {
    expect([0, 1, 2, 3, 4, 1.5].map(podiumMedal)).toEqual([null, 'gold', 'silver', 'bronze', null, null]);
  });
});
