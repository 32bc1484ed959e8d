import {
  computeEloChanges,
  expectedScore,
  marginMultiplier,
  performanceBreakdown,
  teamRating,
  type EloMatchInput,
} from './elo.js';

// The worked example of docs/elo.md, number for number. If this fails, the code and the
// page disagree: fix whichever is wrong, and keep them in step.

const match: EloMatchInput = {
  winningTeam: 'team1',
  team1Score: 250,
  team2Score: 180,
  scoreLimit: 250,
  statsUsed: true,
  participants: [
    { key: 'Ace', team: 'team1', rating: 1100, kills: 28, deaths: 15, assists: 5, score: 3200, modeStat: 95 },
    { key: 'Blaze', team: 'team1', rating: 1000, kills: 18, deaths: 18, assists: 9, score: 2400, modeStat: 60 },
    { key: 'Cobra', team: 'team2', rating: 1050, kills: 22, deaths: 20, assists: 4, score: 2800, modeStat: 45 },
    { key: 'Drift', team: 'team2', rating: 1150, kills: 12, deaths: 24, assists: 6, score: 1600, modeStat: 30 },
  ],
};

describe('docs/elo.md worked example', () => {
  it('has the team ratings, expected scores and margin of the page', () => {
    expect(teamRating([1100, 1000])).toBe(1050);
    expect(teamRating([1050, 1150])).toBe(1100);
    expect(expectedScore(1050, 1100)).toBeCloseTo(0.428537, 6);
    expect(expectedScore(1100, 1050)).toBeCloseTo(0.571463, 6);
    expect(marginMultiplier(250, 180, 250)).toBeCloseTo(0.89, 12);
  });

  it('has the averages, ratios and performances of the page', () => {
    const { averages, players } = performanceBreakdown(match.participants);
    expect(averages).toEqual({ kda: 1.4375, score: 2500, modeStat: 57.5 });
    expect(players.map((p) => p.kda)).toEqual([2.2, 1.5, 1.3, 0.75]);
    const table = [
      [1.530435, 1.28, 1.652174, 0.487536],
      [1.043478, 0.96, 1.043478, 0.015652],
      [0.904348, 1.12, 0.782609, -0.064348],
      [0.521739, 0.64, 0.521739, -0.438841],
    ];
    players.forEach((player, i) => {
      const [kdaRatio, scoreRatio, timeRatio, p] = table[i]!;
      expect(player.kdaRatio).toBeCloseTo(kdaRatio!, 6);
      expect(player.scoreRatio).toBeCloseTo(scoreRatio!, 6);
      expect(player.modeStatRatio).toBeCloseTo(timeRatio!, 6);
      expect(player.performance).toBeCloseTo(p!, 6);
    });
  });

  it('gives the changes and ratings of the page', () => {
    expect(computeEloChanges(match)).toEqual([
      { key: 'Ace', ratingBefore: 1100, ratingChange: 19, ratingAfter: 1119 },
      { key: 'Blaze', ratingBefore: 1000, ratingChange: 16, ratingAfter: 1016 },
      { key: 'Cobra', ratingBefore: 1050, ratingChange: -17, ratingAfter: 1033 },
      { key: 'Drift', ratingBefore: 1150, ratingChange: -18, ratingAfter: 1132 },
    ]);
  });

  it('gives the plain ±16 of the page without stats', () => {
    expect(computeEloChanges({ ...match, statsUsed: false }).map((c) => c.ratingChange)).toEqual([16, 16, -16, -16]);
  });
});
