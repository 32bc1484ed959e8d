import { addTotals, lineTotals, zeroTotals } from './ladder-totals.js';

describe('ladder totals', () => {
  test('a line counts its result once, and a match without K/D stats counts 0 kills and deaths', () => {
    expect(lineTotals({ won: true, kills: null, deaths: null, assists: 3, score: 120 })).toEqual({
      wins: 1,
      losses: 0,
      kills: 0,
      deaths: 0,
      assists: 3,
      score: 120,
    });
    expect(lineTotals({ won: false, kills: 7, deaths: 9, assists: 0, score: 40 })).toMatchObject({ wins: 0, losses: 1, kills: 7, deaths: 9 });
  });

  test('adding a line and taking it off again (a void) leaves the totals as they were', () => {
    const totals = zeroTotals();
    const first = lineTotals({ won: true, kills: 5, deaths: 2, assists: 1, score: 90 });
    const second = lineTotals({ won: false, kills: 3, deaths: 4, assists: 2, score: 60 });
    addTotals(totals, first);
    addTotals(totals, second);
    expect(totals).toEqual({ wins: 1, losses: 1, kills: 8, deaths: 6, assists: 3, score: 150 });
    addTotals(totals, second, -1);
    expect(totals).toEqual(first);
  });
});
