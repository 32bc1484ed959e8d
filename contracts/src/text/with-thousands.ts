/**
 * 1000000 → "1,000,000", without toLocaleString. Messages built when a module loads use it:
 * bundlers keep such lines in the front end's first chunk, and a browser's first toLocaleString
 * loads its locale data, about 45 ms of main thread on a phone (Lighthouse's 4× CPU) on every
 * page's first load, although no page shows those messages then.
 */
export function withThousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
