// The free space of the volumes the embedded database writes to, as health reports it (issue 37
// item 5: a full disk stopped the site, and nothing said so before or while it happened).

/** Low: less than this fraction of the volume free… */
export const LOW_DISK_FRACTION = 0.05;
/** …or less than this many bytes free, whichever comes first. */
export const LOW_DISK_BYTES = 500_000_000;
/**
 * Full: PostgreSQL's log of changes (WAL) grows by files of 16 MiB (16.8 MB). With less free than
 * one, it cannot start a new one: it stops itself (measured: at 14 MB and at 10 MB free).
 */
export const FULL_DISK_BYTES = 17_000_000;

export type DiskState = 'ok' | 'low' | 'full';

export interface VolumeSpace {
  /** Bytes an unprivileged process (the database's account) may still write. */
  freeBytes: number;
  totalBytes: number;
}

export function diskState({ freeBytes, totalBytes }: VolumeSpace): DiskState {
  if (freeBytes < FULL_DISK_BYTES) return 'full';
  if (freeBytes < LOW_DISK_BYTES || freeBytes < totalBytes * LOW_DISK_FRACTION) return 'low';
  return 'ok';
}

/**
 * E.g. "disk low: 312 MB free (3%) on the data folder's volume", or "disk full: 9 MB free (8%) on
 * the data folder's volume; the database needs 17 MB to go on".
 */
export function describeSpace(state: Exclude<DiskState, 'ok'>, { freeBytes, totalBytes }: VolumeSpace, where: string): string {
  const megabytes = Math.floor(freeBytes / 1_000_000);
  const percent = totalBytes > 0 ? Math.floor((freeBytes / totalBytes) * 100) : 0;
  const full = state === 'full' ? `; the database needs ${FULL_DISK_BYTES / 1_000_000} MB to go on` : '';
  return `disk ${state}: ${megabytes} MB free (${percent}%) on ${where}${full}`;
}
