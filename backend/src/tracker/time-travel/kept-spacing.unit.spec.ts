import { KEPT_PER_DOUBLING, keptAfter } from './kept-spacing.js';

/** The event counts (revision + 1) after which a snapshot is kept, in the first `events` events. */
function keptCounts(events: number, every: number): number[] {
  const counts: number[] = [];
  for (let revision = 0; revision < events; revision++) if (keptAfter(revision, every)) counts.push(revision + 1);
  return counts;
}

describe('where time travel keeps its snapshots (kept-spacing.ts)', () => {
  test('every `every` events while the log is short, as before', () => {
    expect(keptCounts(32_000, 2000)).toEqual(Array.from({ length: 16 }, (_, i) => (i + 1) * 2000));
    expect(keptCounts(20, 2)).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18, 20]);
  });

  test('then KEPT_PER_DOUBLING per doubling of the log: 1,000,000 events keep 55 snapshots, not 500', () => {
    const counts = keptCounts(1_000_000, 2000);
    expect(counts.slice(15, 24)).toEqual([32_000, 36_000, 40_000, 44_000, 48_000, 52_000, 56_000, 60_000, 64_000]);
    for (const [from, to] of [[64_000, 128_000], [128_000, 256_000], [256_000, 512_000]]) {
      expect(counts.filter((count) => count >= from! && count < to!)).toHaveLength(KEPT_PER_DOUBLING);
    }
    expect(counts).toHaveLength(55);
  });

  test('a fold never reads more than an eighth of the log from the nearest kept snapshot, and their sizes add up to a few logs', () => {
    const events = 1_000_000;
    const counts = keptCounts(events, 2000);
    let before = 0;
    for (const count of [...counts, events]) {
      expect(count - before).toBeLessThanOrEqual(Math.max(2000, count / KEPT_PER_DOUBLING));
      before = count;
    }
    // A snapshot's size grows with the events before it: the kept ones hold about 12 logs' worth
    // at 1,000,000 events, where one every 2,000 events held 250.
    const held = counts.reduce((sum, count) => sum + count, 0) / events;
    expect(held).toBeLessThan(2 * KEPT_PER_DOUBLING);
  });

  test('depends on the revision alone: every fold and every process keep the same points', () => {
    expect([keptAfter(63_999, 2000), keptAfter(63_999, 2000)]).toEqual([true, true]);
    expect(keptAfter(65_999, 2000)).toBe(false);
  });
});
