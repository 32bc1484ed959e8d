import { movedRatingsCount, softResetRating } from './season-rules.js';

describe('season rules', () => {
  it('a soft reset moves a rating toward 1000 by the percentage, rounded', () => {
    expect(softResetRating(1400, 0)).toBe(1400);
    expect(softResetRating(1400, 25)).toBe(1300);
    expect(softResetRating(900, 50)).toBe(950);
    expect(softResetRating(1333, 100)).toBe(1000);
  });

  it('counts the ratings a reset changed, not those it kept', () => {
    expect(movedRatingsCount([])).toBe(0);
    expect(
      movedRatingsCount([
        { before: 1400, after: 1300 },
        { before: 1000, after: 1000 },
        { before: 900, after: 950 },
      ]),
    ).toBe(2);
  });
});
