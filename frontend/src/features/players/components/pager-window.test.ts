import { describe, expect, it } from 'vitest';
import { PAGER_GAP, pagerWindow } from './pager-window';

describe('pagerWindow', () => {
  it('shows every page of a short board', () => {
    expect(pagerWindow(1, 1)).toEqual([1]);
    expect(pagerWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pagerWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the first, the last and two each side of the current page, with gaps between', () => {
    expect(pagerWindow(1, 2000)).toEqual([1, 2, 3, PAGER_GAP, 2000]);
    expect(pagerWindow(1000, 2000)).toEqual([1, PAGER_GAP, 998, 999, 1000, 1001, 1002, PAGER_GAP, 2000]);
    expect(pagerWindow(2000, 2000)).toEqual([1, PAGER_GAP, 1998, 1999, 2000]);
  });

  it('shows the one page a gap would stand for', () => {
    expect(pagerWindow(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, PAGER_GAP, 20]);
    expect(pagerWindow(16, 20)).toEqual([1, PAGER_GAP, 14, 15, 16, 17, 18, 19, 20]);
  });
});
