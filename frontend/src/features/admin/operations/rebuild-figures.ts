import type { RebuildProgress } from '@team/contracts';

/** Whole percent of the replay; the swap and the end count as complete. */
export function rebuildPercent(progress: RebuildProgress): number {
  if (progress.phase !== 'building') return 100;
  if (progress.total <= 0) return 0;
  return Math.min(100, Math.floor((progress.done * 100) / progress.total));
}

/** "45 s", "3 min 5 s", "1 h 2 min". */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min ${whole % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** A duration that may be below a second, as the rebuild reports its run time. */
export function formatSeconds(seconds: number): string {
  return seconds < 10 ? `${seconds.toFixed(1)} s` : formatDuration(seconds);
}

export const formatCount = (value: number) => value.toLocaleString('en-US');

export const PHASE_LABELS: Record<RebuildProgress['phase'], string> = {
  building: 'Replaying events into fresh tables',
  swapping: 'Swapping the new tables in',
  done: 'Finishing',
};
