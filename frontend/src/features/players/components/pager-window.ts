/** Page numbers shown each side of the current one. */
export const PAGER_NEIGHBOURS = 2;

/** A hidden run of pages between two shown numbers. */
export const PAGER_GAP = 'gap';

/**
 * The page numbers a pager shows for `page` of `pages`: the first, the last, and the current
 * with PAGER_NEIGHBOURS each side, in order, with PAGER_GAP where pages are left out. A gap
 * that would stand for one page shows that page instead. A board of 100,000 players has 2,000
 * pages: their buttons alone were a long wrapped block under the table.
 */
export function pagerWindow(page: number, pages: number): (number | typeof PAGER_GAP)[] {
  const shown = new Set([1, pages]);
  for (let n = page - PAGER_NEIGHBOURS; n <= page + PAGER_NEIGHBOURS; n++) if (n >= 1 && n <= pages) shown.add(n);
  const numbers = [...shown].sort((a, b) => a - b);
  const window: (number | typeof PAGER_GAP)[] = [];
  numbers.forEach((n, i) => {
    const before = numbers[i - 1];
    if (before !== undefined && n - before === 2) window.push(n - 1);
    else if (before !== undefined && n - before > 2) window.push(PAGER_GAP);
    window.push(n);
  });
  return window;
}
