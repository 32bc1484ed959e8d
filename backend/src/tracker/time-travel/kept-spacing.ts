/**
 * Kept time-travel snapshots per doubling of the log, past its first 2 × KEPT_PER_DOUBLING
 * stretches of `every` events (which keep one each).
 */
export const KEPT_PER_DOUBLING = 8;

/**
 * Whether time travel keeps a snapshot right after ladder revision `revision` (the state after
 * `revision + 1` events). Each snapshot holds the whole state, which grows with the log, so one
 * every `every` events added up to the square of the log (about 16 GB of kept snapshots at
 * 1,000,000 matches, issue 44). The spacing is `every` for the first 2 × KEPT_PER_DOUBLING × every
 * events and doubles each time the log doubles after that: KEPT_PER_DOUBLING snapshots per
 * doubling, a total of a few states' size, and a fold of at most 1/KEPT_PER_DOUBLING of the log
 * from the nearest one. A function of the revision alone, so every process and every fold keeps
 * the same points.
 */
export function keptAfter(revision: number, every: number): boolean {
  const count = revision + 1;
  const doublings = Math.max(0, Math.floor(Math.log2(count / (every * KEPT_PER_DOUBLING * 2))) + 1);
  return count % (every * 2 ** doublings) === 0;
}

/** The first revision after `revision` that keptAfter names: the next point a fold from there keeps. */
export function nextKeptRevision(revision: number, every: number): number {
  let next = revision + 1;
  while (!keptAfter(next, every)) next++;
  return next;
}
