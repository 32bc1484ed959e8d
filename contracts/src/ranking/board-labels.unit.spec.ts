import { ELO_K } from '../elo/elo.js';
import { PROVISIONAL_MATCHES, isProvisional, usernameKey } from './board-labels.js';

describe('isProvisional', () => {
  it('marks fewer than PROVISIONAL_MATCHES (5) matches, and no more', () => {
    expect(PROVISIONAL_MATCHES).toBe(5);
    expect([0, 1, 4, 5, 6, 100].map(isProvisional)).toEqual([true, true, true, false, false, false]);
  });

  it('is reached before an even-paced rating can leave a tier band of 200 points (docs/elo.md)', () => {
    // At even odds a match moves a rating by K / 2; four of them stay inside a third of a band.
    expect((PROVISIONAL_MATCHES - 1) * (ELO_K / 2)).toBeLessThan(200 / 3);
  });
});

describe('usernameKey', () => {
  it('ignores case and surrounding spaces, and nothing else', () => {
    expect(usernameKey('  Shadow ')).toBe(usernameKey('shadow'));
    expect(usernameKey('SHADOW')).toBe('shadow');
    expect(usernameKey('Sha dow')).not.toBe(usernameKey('Shadow'));
  });
});
