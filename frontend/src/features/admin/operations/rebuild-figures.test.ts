import { describe, expect, it } from 'vitest';
import { formatDuration, formatSeconds, rebuildPercent } from './rebuild-figures';

describe('rebuild figures', () => {
  it('gives the replay percent, whole and capped, with the swap as complete', () => {
    expect(rebuildPercent({ phase: 'building', done: 0, total: 0, ratePerSecond: 0, secondsLeft: null })).toBe(0);
    expect(rebuildPercent({ phase: 'building', done: 333, total: 1000, ratePerSecond: 1, secondsLeft: 1 })).toBe(33);
    expect(rebuildPercent({ phase: 'building', done: 1200, total: 1000, ratePerSecond: 1, secondsLeft: 0 })).toBe(100);
    expect(rebuildPercent({ phase: 'swapping', done: 900, total: 1000, ratePerSecond: 1, secondsLeft: 0 })).toBe(100);
  });

  it('formats durations for people', () => {
    expect(formatDuration(0.4)).toBe('0 s');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(185)).toBe('3 min 5 s');
    expect(formatDuration(3720)).toBe('1 h 2 min');
    expect(formatSeconds(1.234)).toBe('1.2 s');
    expect(formatSeconds(75)).toBe('1 min 15 s');
  });
});
