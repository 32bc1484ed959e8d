import { kda, kdRatio } from './ratios.js';

describe('kda', () => {
  it('is (kills + assists) over deaths', () => {
    expect(kda(10, 4, 2)).toBe(3);
  });

  it('divides by 1 when there are no deaths', () => {
    expect(kda(7, 0, 3)).toBe(10);
    expect(kda(7, 1, 3)).toBe(10);
  });
});

describe('kdRatio', () => {
  it('is kills over deaths, or the kills when deaths are 0', () => {
    expect(kdRatio(9, 4)).toBe(2.25);
    expect(kdRatio(9, 0)).toBe(9);
    expect(kdRatio(0, 0)).toBe(0);
  });
});
