import type { PlayerMatchRecord } from '@team/contracts';
import { describe, expect, it } from 'vitest';
import { chartPoints, ratingHistory, ratingTicks } from './rating-lines';

/** The day of a date, as the chart's points name them (the screens pass the site's date format). */
const day = (iso: string) => iso.slice(0, 10);

function record(id: number, createdAt: string, eloAfter: number | null, mode: { id: number; name: string } | null = null): PlayerMatchRecord {
  return {
    id,
    won: true,
    team: 'team1',
    eloChange: eloAfter === null ? null : 10,
    eloAfter,
    kills: null,
    deaths: null,
    assists: null,
    score: null,
    match: { id, createdAt, mode, winningTeam: 'team1', team1Score: null, team2Score: null, map: null, participants: [] },
    teammates: [],
    opponents: [],
  };
}

describe('ratingHistory', () => {
  it('keeps each rating pool on its own series, oldest first, overall first', () => {
    const hardpoint = { id: 1, name: 'Hardpoint' };
    const { points, pools } = ratingHistory([
      record(4, '2026-03-04T00:00:00Z', 1030),
      record(2, '2026-03-02T00:00:00Z', 1016, hardpoint),
      record(1, '2026-03-01T00:00:00Z', 1012),
      record(3, '2026-03-03T00:00:00Z', 1001, hardpoint),
    ], day);
    expect(pools).toEqual([
      { key: 'overall', name: 'Overall' },
      { key: 'mode-1', name: 'Hardpoint' },
    ]);
    // "Start" holds each pool's rating before its first match (after minus change).
    expect(points.map((point) => point.date)).toEqual(['Start', '2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04']);
    expect(points.map((point) => point.matchId)).toEqual([0, 1, 2, 3, 4]);
    // A Hardpoint match does not move the overall line, nor an overall match the Hardpoint one.
    expect(points.map((point) => point.overall ?? null)).toEqual([1002, 1012, null, null, 1030]);
    expect(points.map((point) => point['mode-1'] ?? null)).toEqual([1006, null, 1016, 1001, null]);
  });

  it('leaves out lines without a rating, and draws one match from its starting rating', () => {
    const { points, pools } = ratingHistory([record(1, '2026-03-01T00:00:00Z', null), record(2, '2026-03-02T00:00:00Z', 1000)], day);
    expect(points.map((point) => [point.matchId, point.overall])).toEqual([
      [0, 990],
      [2, 1000],
    ]);
    expect(pools).toEqual([{ key: 'overall', name: 'Overall' }]);
  });
});

describe('chartPoints', () => {
  it('puts two players on one time axis, a match both played being one point', () => {
    const point = (matchId: number, day: number, eloAfter: number, eloChange: number) => ({
      matchId,
      createdAt: `2026-03-0${day}T00:00:00Z`,
      mode: null,
      eloAfter,
      eloChange,
    });
    const points = chartPoints([
      { key: 'a', name: 'Ace', points: [point(1, 1, 1016, 16), point(3, 3, 1030, 14)] },
      { key: 'b', name: 'Bolt', points: [point(1, 1, 984, -16), point(2, 2, 1000, 16)] },
    ], day);
    expect(points.map((p) => [p.matchId, p.a ?? null, p.b ?? null])).toEqual([
      [0, 1000, 1000],
      [1, 1016, 984],
      [2, null, 1000],
      [3, 1030, null],
    ]);
  });
});

describe('ratingTicks', () => {
  it('covers the range in a few round steps', () => {
    expect(ratingTicks(964, 1056)).toEqual([950, 975, 1000, 1025, 1050, 1075]);
    expect(ratingTicks(980, 1020)).toEqual([980, 990, 1000, 1010, 1020]);
    expect(ratingTicks(1000, 1000)).toEqual([1000, 1001]);
    // Never a fractional rating.
    expect(ratingTicks(995, 1005)).toEqual([995, 1000, 1005]);
  });
});
