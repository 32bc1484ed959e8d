import fc from 'fast-check';
import type { TeamId } from '../matches/match-limits.js';
import {
  ELO_K,
  START_RATING,
  computeEloChanges,
  expectedScore,
  marginMultiplier,
  mergedRating,
  performanceBreakdown,
  performanceScores,
  ratingChange,
  teamRating,
  type EloMatchInput,
  type EloParticipantInput,
} from './elo.js';

const stats = { kills: 0, deaths: 0, assists: 0, score: 0 };

function player(key: string, team: TeamId, rating: number, extra: Partial<EloParticipantInput> = {}): EloParticipantInput {
  return { key, team, rating, ...stats, ...extra };
}

describe('constants', () => {
  it('uses K = 32 and a start of 1000', () => {
    expect(ELO_K).toBe(32);
    expect(START_RATING).toBe(1000);
  });
});

describe('expectedScore', () => {
  it('is one half between equal ratings', () => {
    expect(expectedScore(1000, 1000)).toBe(0.5);
  });

  it('gives a team 400 points ahead ten to one odds', () => {
    expect(expectedScore(1400, 1000)).toBeCloseTo(10 / 11, 12);
    expect(expectedScore(1000, 1400)).toBeCloseTo(1 / 11, 12);
  });

  it('gives the two sides expectations that add up to 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4000 }), fc.integer({ min: 0, max: 4000 }), (a, b) => {
        expect(expectedScore(a, b) + expectedScore(b, a)).toBeCloseTo(1, 12);
      }),
    );
  });
});

describe('teamRating', () => {
  it('is the mean of the players', () => {
    expect(teamRating([1000, 1100, 1300])).toBeCloseTo(1133.333, 3);
  });

  it('refuses an empty team', () => {
    expect(() => teamRating([])).toThrow(RangeError);
  });
});

describe('marginMultiplier', () => {
  it('is 0.75 + 0.5 · |s1 − s2| / limit', () => {
    expect(marginMultiplier(250, 180, 250)).toBeCloseTo(0.89, 12);
    expect(marginMultiplier(180, 250, 250)).toBeCloseTo(0.89, 12);
    expect(marginMultiplier(3, 0, 3)).toBe(1.25);
    expect(marginMultiplier(6, 6, 6)).toBe(0.75);
  });

  it('clamps the margin to the limit', () => {
    expect(marginMultiplier(400, 0, 250)).toBe(1.25);
  });

  it('is 1 without both scores or without a limit', () => {
    expect(marginMultiplier(250, null, 250)).toBe(1);
    expect(marginMultiplier(undefined, 100, 250)).toBe(1);
    expect(marginMultiplier(250, 100, null)).toBe(1);
    expect(marginMultiplier(250, 100, 0)).toBe(1);
  });
});

describe('performanceBreakdown and performanceScores', () => {
  it('compares KDA and score to the match averages', () => {
    const result = performanceBreakdown([
      { kills: 20, deaths: 10, assists: 0, score: 3000 },
      { kills: 10, deaths: 10, assists: 0, score: 1000 },
    ]);
    expect(result.averages).toEqual({ kda: 1.5, score: 2000, modeStat: 0 });
    expect(result.players[0]).toMatchObject({ kda: 2, modeStatRatio: null });
    expect(result.players[0]!.kdaRatio).toBeCloseTo(4 / 3, 12);
    expect(result.players[0]!.scoreRatio).toBe(1.5);
    // mean(4/3, 3/2) − 1 and mean(2/3, 1/2) − 1
    expect(result.players[0]!.performance).toBeCloseTo(5 / 12, 12);
    expect(result.players[1]!.performance).toBeCloseTo(-5 / 12, 12);
  });

  it('adds the mode stat ratio when someone recorded the mode stat', () => {
    const [best] = performanceScores([
      { kills: 10, deaths: 10, assists: 0, score: 100, modeStat: 90 },
      { kills: 10, deaths: 10, assists: 0, score: 100, modeStat: 30 },
    ]);
    // ratios 1, 1 and 90/60
    expect(best).toBeCloseTo(1 / 6, 12);
  });

  it('counts a missing mode stat as 0 beside players who have one', () => {
    const [withStat, without] = performanceScores([
      { kills: 5, deaths: 5, assists: 0, score: 100, modeStat: 10 },
      { kills: 5, deaths: 5, assists: 0, score: 100 },
    ]);
    expect(withStat).toBeCloseTo(1 / 3, 12);
    expect(without).toBeCloseTo(-1 / 3, 12);
  });

  it('drops a ratio whose average is 0', () => {
    const result = performanceBreakdown([
      { kills: 6, deaths: 2, assists: 0, score: 0 },
      { kills: 2, deaths: 2, assists: 0, score: 0 },
    ]);
    expect(result.players.map((p) => p.scoreRatio)).toEqual([null, null]);
    expect(result.players[0]!.performance).toBeCloseTo(0.5, 12);
    expect(result.players[1]!.performance).toBeCloseTo(-0.5, 12);
  });

  it('is 0 for everyone when every average is 0', () => {
    expect(performanceScores([stats, stats])).toEqual([0, 0]);
  });

  it('is clamped to [−1, 1]', () => {
    const scores = performanceScores([
      { kills: 90, deaths: 1, assists: 0, score: 9000 },
      { kills: 0, deaths: 9, assists: 0, score: 0 },
      { kills: 0, deaths: 9, assists: 0, score: 0 },
      { kills: 0, deaths: 9, assists: 0, score: 0 },
    ]);
    expect(scores).toEqual([1, -1, -1, -1]);
  });

  it('answers nothing for nobody', () => {
    expect(performanceScores([])).toEqual([]);
  });
});

describe('ratingChange', () => {
  it('is K · M · (S − E) for an average performer', () => {
    expect(ratingChange({ won: true, expected: 0.5, margin: 1, performance: 0 })).toBe(16);
    expect(ratingChange({ won: false, expected: 0.5, margin: 1, performance: 0 })).toBe(-16);
    expect(ratingChange({ won: true, expected: 0.25, margin: 1.25, performance: 0 })).toBe(30);
  });

  it('widens a good winner\'s gain and narrows a good loser\'s loss by up to 30%', () => {
    expect(ratingChange({ won: true, expected: 0.5, margin: 1, performance: 1 })).toBe(21); // 20.8
    expect(ratingChange({ won: true, expected: 0.5, margin: 1, performance: -1 })).toBe(11); // 11.2
    expect(ratingChange({ won: false, expected: 0.5, margin: 1, performance: 1 })).toBe(-11);
    expect(ratingChange({ won: false, expected: 0.5, margin: 1, performance: -1 })).toBe(-21);
  });

  it('moves a rating by at least 1 point in the direction of the result', () => {
    expect(ratingChange({ won: true, expected: 0.999, margin: 0.75, performance: -1 })).toBe(1);
    expect(ratingChange({ won: false, expected: 0.001, margin: 0.75, performance: 1 })).toBe(-1);
    expect(ratingChange({ won: true, expected: 1, margin: 1, performance: 0 })).toBe(1);
    expect(ratingChange({ won: false, expected: 0, margin: 1, performance: 0 })).toBe(-1);
  });

  it('rounds halves away from zero, so a win and a loss of the same size mirror each other', () => {
    // 32 · 0.78125 · 0.5 = 12.5 exactly
    expect(ratingChange({ won: true, expected: 0.5, margin: 0.78125, performance: 0 })).toBe(13);
    expect(ratingChange({ won: false, expected: 0.5, margin: 0.78125, performance: 0 })).toBe(-13);
  });
});

describe('computeEloChanges', () => {
  it('moves two equal 1v1 players by 16 each way', () => {
    const changes = computeEloChanges({
      winningTeam: 'team2',
      statsUsed: false,
      participants: [player('a', 'team1', 1000), player('b', 'team2', 1000)],
    });
    expect(changes).toEqual([
      { key: 'a', ratingBefore: 1000, ratingChange: -16, ratingAfter: 984 },
      { key: 'b', ratingBefore: 1000, ratingChange: 16, ratingAfter: 1016 },
    ]);
  });

  it('keeps the input order and keys even when teams are interleaved', () => {
    const changes = computeEloChanges({
      winningTeam: 'team1',
      statsUsed: false,
      participants: [player('x', 'team2', 1200), player('y', 'team1', 1000), player('z', 'team2', 1000), player('w', 'team1', 1200)],
    });
    expect(changes.map((c) => c.key)).toEqual(['x', 'y', 'z', 'w']);
    expect(changes.map((c) => c.ratingChange)).toEqual([-16, 16, -16, 16]);
  });

  it('rates each side by its mean, so every winner gains the same without stats', () => {
    const changes = computeEloChanges({
      winningTeam: 'team1',
      statsUsed: false,
      participants: [player('a', 'team1', 900), player('b', 'team1', 1300), player('c', 'team2', 1100)],
    });
    // team1 mean 1100 = team2 mean
    expect(changes.map((c) => c.ratingChange)).toEqual([16, 16, -16]);
  });

  it('scales the swing by the margin when both scores and a limit are given', () => {
    const base: EloMatchInput = {
      winningTeam: 'team1',
      statsUsed: false,
      scoreLimit: 250,
      participants: [player('a', 'team1', 1000), player('b', 'team2', 1000)],
    };
    expect(computeEloChanges({ ...base, team1Score: 250, team2Score: 0 })[0]!.ratingChange).toBe(20);
    expect(computeEloChanges({ ...base, team1Score: 250, team2Score: 249 })[0]!.ratingChange).toBe(12);
    expect(computeEloChanges({ ...base, team1Score: 250 })[0]!.ratingChange).toBe(16);
  });

  it('ignores performance when stats are not used', () => {
    const participants = [
      player('a', 'team1', 1000, { kills: 30, deaths: 1, score: 5000 }),
      player('b', 'team1', 1000, { kills: 1, deaths: 30, score: 10 }),
      player('c', 'team2', 1000, { kills: 5, deaths: 5, score: 500 }),
    ];
    const withoutStats = computeEloChanges({ winningTeam: 'team1', statsUsed: false, participants });
    const withStats = computeEloChanges({ winningTeam: 'team1', statsUsed: true, participants });
    expect(withoutStats.map((c) => c.ratingChange)).toEqual([16, 16, -16]);
    expect(withStats[0]!.ratingChange).toBeGreaterThan(withStats[1]!.ratingChange);
  });

  it('never takes a rating below 0 and reports the change actually applied', () => {
    const [loser] = computeEloChanges({
      winningTeam: 'team2',
      statsUsed: false,
      participants: [player('a', 'team1', 10), player('b', 'team2', 10)],
    });
    expect(loser).toEqual({ key: 'a', ratingBefore: 10, ratingChange: -10, ratingAfter: 0 });
  });

  it('refuses a match without a player on each team', () => {
    expect(() =>
      computeEloChanges({ winningTeam: 'team1', statsUsed: false, participants: [player('a', 'team1', 1000)] }),
    ).toThrow(RangeError);
  });
});

describe('mergedRating', () => {
  it('adds both accounts\' changes to the start rating', () => {
    expect(mergedRating(1100, 950)).toBe(1050);
    expect(mergedRating(1000, 1000)).toBe(1000);
    expect(mergedRating(1000, 1040)).toBe(1040);
  });

  it('never goes below 0', () => {
    expect(mergedRating(300, 200)).toBe(0);
  });
});

// Property tests over arbitrary matches.

const statsArb = fc.record({
  kills: fc.integer({ min: 0, max: 60 }),
  deaths: fc.integer({ min: 0, max: 60 }),
  assists: fc.integer({ min: 0, max: 40 }),
  score: fc.integer({ min: 0, max: 8000 }),
  modeStat: fc.option(fc.integer({ min: 0, max: 250 }), { nil: undefined }),
});

const teamArb = (team: TeamId, minRating: number) =>
  fc.array(fc.record({ rating: fc.integer({ min: minRating, max: 3000 }), stats: statsArb }), { minLength: 1, maxLength: 6 }).map(
    (players) => players.map(({ rating, stats: s }, i) => ({ key: `${team}-${i}`, team, rating, ...s })),
  );

const matchArb = (minRating = 0) =>
  fc
    .record({
      winningTeam: fc.constantFrom<TeamId>('team1', 'team2'),
      statsUsed: fc.boolean(),
      scoreLimit: fc.option(fc.integer({ min: 1, max: 250 }), { nil: null }),
      team1Score: fc.option(fc.integer({ min: 0, max: 300 }), { nil: null }),
      team2Score: fc.option(fc.integer({ min: 0, max: 300 }), { nil: null }),
      team1: teamArb('team1', minRating),
      team2: teamArb('team2', minRating),
    })
    .map(({ team1, team2, ...rest }): EloMatchInput => ({ ...rest, participants: [...team1, ...team2] }));

// The largest possible swing is 32 · 1.25 · 1 · 1.3 = 52, so ratings from 60 are never floored.
const UNFLOORED = 60;

describe('ELO properties', () => {
  it('a winner never loses and always gains at least 1', () => {
    fc.assert(
      fc.property(matchArb(), (match) => {
        computeEloChanges(match).forEach((change, i) => {
          if (match.participants[i]!.team === match.winningTeam) expect(change.ratingChange).toBeGreaterThanOrEqual(1);
        });
      }),
    );
  });

  it('a loser never gains, and loses at least 1 unless already at 0', () => {
    fc.assert(
      fc.property(matchArb(), (match) => {
        computeEloChanges(match).forEach((change, i) => {
          if (match.participants[i]!.team === match.winningTeam) return;
          expect(change.ratingChange).toBeLessThanOrEqual(change.ratingBefore > 0 ? -1 : 0);
        });
      }),
    );
  });

  it('ratings never go below 0 and every change is after − before', () => {
    fc.assert(
      fc.property(matchArb(), (match) => {
        computeEloChanges(match).forEach((change, i) => {
          expect(change.key).toBe(match.participants[i]!.key);
          expect(change.ratingBefore).toBe(match.participants[i]!.rating);
          expect(change.ratingAfter).toBeGreaterThanOrEqual(0);
          expect(change.ratingAfter - change.ratingBefore).toBe(change.ratingChange);
          expect(Number.isInteger(change.ratingChange)).toBe(true);
        });
      }),
    );
  });

  it('a change never exceeds K · 1.25 · 1.3 in size', () => {
    fc.assert(
      fc.property(matchArb(), (match) => {
        for (const change of computeEloChanges(match)) expect(Math.abs(change.ratingChange)).toBeLessThanOrEqual(52);
      }),
    );
  });

  it('a better performer on the same team never gets less than a worse one', () => {
    const worseArb = fc.record({
      fewerKills: fc.integer({ min: 0, max: 20 }),
      moreDeaths: fc.integer({ min: 0, max: 20 }),
      fewerAssists: fc.integer({ min: 0, max: 20 }),
      lowerScore: fc.integer({ min: 0, max: 2000 }),
      lowerModeStat: fc.integer({ min: 0, max: 100 }),
    });
    fc.assert(
      fc.property(matchArb(UNFLOORED), fc.nat(), worseArb, (match, pick, worse) => {
        const better = match.participants[pick % match.participants.length]!;
        const worsePlayer: EloParticipantInput = {
          ...better,
          key: 'worse',
          rating: 1000 + (pick % 500),
          kills: Math.max(0, better.kills - worse.fewerKills),
          deaths: better.deaths + worse.moreDeaths,
          assists: Math.max(0, better.assists - worse.fewerAssists),
          score: Math.max(0, better.score - worse.lowerScore),
          modeStat: better.modeStat == null ? better.modeStat : Math.max(0, better.modeStat - worse.lowerModeStat),
        };
        const participants = [...match.participants, worsePlayer];
        const changes = computeEloChanges({ ...match, statsUsed: true, participants });
        const betterChange = changes[participants.indexOf(better)]!.ratingChange;
        expect(betterChange).toBeGreaterThanOrEqual(changes.at(-1)!.ratingChange);
      }),
    );
  });

  it('a bigger margin never shrinks the swing', () => {
    fc.assert(
      fc.property(
        matchArb(UNFLOORED),
        fc.integer({ min: 1, max: 250 }),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 0, max: 300 }),
        (match, scoreLimit, a, b) => {
          const [small, big] = [Math.min(a, b), Math.max(a, b)];
          const narrow = computeEloChanges({ ...match, scoreLimit, team1Score: 0, team2Score: small });
          const wide = computeEloChanges({ ...match, scoreLimit, team1Score: 0, team2Score: big });
          wide.forEach((change, i) => {
            expect(Math.abs(change.ratingChange)).toBeGreaterThanOrEqual(Math.abs(narrow[i]!.ratingChange));
          });
        },
      ),
    );
  });

  it('an upset moves every rating at least as much as the expected result, and strictly more at 100+ apart', () => {
    fc.assert(
      fc.property(matchArb(UNFLOORED), fc.integer({ min: 0, max: 800 }), (match, gap) => {
        // Raise team2 until its mean is at least `gap` above team1's: team1 is the underdog.
        // Ratings stay whole numbers, as they always are, and never drop towards the floor.
        const mean = (team: TeamId) => teamRating(match.participants.filter((p) => p.team === team).map((p) => p.rating));
        const shift = Math.max(0, Math.ceil(mean('team1') + gap - mean('team2')));
        const participants = match.participants.map((p) => (p.team === 'team2' ? { ...p, rating: p.rating + shift } : p));
        const upset = computeEloChanges({ ...match, participants, statsUsed: false, winningTeam: 'team1' });
        const expected = computeEloChanges({ ...match, participants, statsUsed: false, winningTeam: 'team2' });
        upset.forEach((change, i) => {
          const upsetSize = Math.abs(change.ratingChange);
          const expectedSize = Math.abs(expected[i]!.ratingChange);
          if (gap >= 100) expect(upsetSize).toBeGreaterThan(expectedSize);
          else expect(upsetSize).toBeGreaterThanOrEqual(expectedSize);
        });
      }),
    );
  });

  it('an average performer gets the plain change', () => {
    fc.assert(
      fc.property(matchArb(), statsArb, (match, same) => {
        const participants = match.participants.map((p) => ({ ...p, ...same }));
        const withStats = computeEloChanges({ ...match, participants, statsUsed: true });
        const without = computeEloChanges({ ...match, participants, statsUsed: false });
        expect(withStats).toEqual(without);
      }),
    );
  });

  it('without stats, equal team sizes and no floor, the points won equal the points lost', () => {
    fc.assert(
      fc.property(matchArb(UNFLOORED), (match) => {
        const team1 = match.participants.filter((p) => p.team === 'team1');
        const team2 = match.participants.filter((p) => p.team === 'team2').slice(0, team1.length);
        fc.pre(team2.length === team1.length);
        const changes = computeEloChanges({ ...match, statsUsed: false, participants: [...team1, ...team2] });
        expect(changes.reduce((sum, c) => sum + c.ratingChange, 0)).toBe(0);
      }),
    );
  });
});
