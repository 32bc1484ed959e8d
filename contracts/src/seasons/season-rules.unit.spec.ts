import { movedRatingsCount, seasonNameKey, seasonNameProblem, softResetRating } from './season-rules.js';

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

  it('a name blank but for format characters (Cf) is blank; C0, C1 controls and DEL are refused', () => {
    expect(seasonNameProblem('\u200B\u200E\u2067\uFEFF\u00AD ')).toBe('name: blank (a season needs a name).');
    for (const bad of ['a\u0000', 'a\u007F', 'a\u0080', 'a\u0085', 'a\u009F']) expect(seasonNameProblem(bad)).toBe('name: must not contain control characters.');
    expect(seasonNameProblem('Spring \u{1F3C6}\u200D')).toBeNull();
    expect(seasonNameProblem('Été \u00A0 2030')).toBeNull();
  });

  it('names compare ignoring case, surrounding spaces and format characters', () => {
    expect(seasonNameKey(' SPRING\u200B ')).toBe(seasonNameKey('spring'));
    expect(seasonNameKey('Spring 2')).not.toBe(seasonNameKey('Spring'));
  });
});
