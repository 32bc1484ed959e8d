import { compareCodeUnits, ratingHistoryOf, type PlayerMatchRecord, type RatingHistoryPoint } from '@team/contracts';

// The rating-history chart's data, apart from its drawing (EloHistoryChart.tsx): which
// lines, which points, which ticks.

export interface RatingPool {
  /** `overall`, or `mode-<id>` for a mode's pool. */
  key: string;
  name: string;
}

/** One line of the chart: a rating's points, oldest first. */
export interface RatingLine {
  key: string;
  name: string;
  points: readonly RatingHistoryPoint[];
}

export type RatingPoint = { matchId: number; date: string } & Record<string, number | string>;

/** The pool a rating point moved: a mode match moves that mode's rating and leaves the overall one alone (docs/elo.md). */
export function poolOf(point: RatingHistoryPoint): RatingPool {
  return point.mode ? { key: `mode-${point.mode.id}`, name: point.mode.name } : { key: 'overall', name: 'Overall' };
}

/**
 * Several lines on one time axis, oldest first: one chart point per match, holding the
 * rating after it of each line that has it (a match two compared players both played is one
 * point). A first point, "Start", holds each line's rating before its first match, so even
 * one match draws a line.
 */
export function chartPoints(lines: readonly RatingLine[], formatDate: (iso: string) => string): RatingPoint[] {
  const byMatch = new Map<number, RatingPoint>();
  const start: Record<string, number> = {};
  const ordered = lines
    .flatMap((line) => line.points.map((point) => ({ line: line.key, point })))
    .sort((x, y) => compareCodeUnits(x.point.createdAt, y.point.createdAt) || x.point.matchId - y.point.matchId);
  for (const { line, point } of ordered) {
    start[line] ??= point.eloAfter - point.eloChange;
    const chartPoint = byMatch.get(point.matchId) ?? ({ matchId: point.matchId, date: formatDate(point.createdAt) } as RatingPoint);
    chartPoint[line] = point.eloAfter;
    byMatch.set(point.matchId, chartPoint);
  }
  const first = Object.keys(start).length > 0 ? [{ matchId: 0, date: 'Start', ...start } as RatingPoint] : [];
  return [...first, ...byMatch.values()];
}

/** One player's rating history, one line per rating pool: overall first, then the modes as first played. */
export function ratingHistory(records: PlayerMatchRecord[], formatDate: (iso: string) => string): { points: RatingPoint[]; pools: RatingPool[] } {
  const lines = new Map<string, RatingLine & { points: RatingHistoryPoint[] }>();
  for (const point of ratingHistoryOf(records)) {
    const pool = poolOf(point);
    const line = lines.get(pool.key) ?? { ...pool, points: [] };
    line.points.push(point);
    lines.set(pool.key, line);
  }
  const ordered = [...lines.values()].sort((a, b) => Number(b.key === 'overall') - Number(a.key === 'overall'));
  return { points: chartPoints(ordered, formatDate), pools: ordered.map(({ key, name }) => ({ key, name })) };
}

/**
 * Whole-number rating ticks covering [min, max]: about four steps of 1, 2, 2.5 or 5 times a
 * power of ten, from a multiple of the step below min to one at or above max.
 */
export function ratingTicks(min: number, max: number): number[] {
  const span = Math.max(1, max - min);
  const magnitude = 10 ** Math.floor(Math.log10(span / 4));
  const steps = [1, 2, 2.5, 5, 10].map((factor) => factor * magnitude).filter(Number.isInteger);
  const step = steps.find((candidate) => candidate >= span / 4) ?? 10 * Math.max(1, magnitude);
  const first = Math.floor(min / step) * step;
  // At least one step: a flat line still gets a band to sit in.
  const last = Math.max(first + step, Math.ceil(max / step) * step);
  return Array.from({ length: Math.round((last - first) / step) + 1 }, (_, i) => first + i * step);
}
