import type { HealthResponse } from '@team/contracts';
import { describeSpace } from './disk-space.js';
import type { VolumeReading } from './disk-watch.js';

export const DISK_FULL_REASON = "The database's disk is full: it refuses writes.";

export interface StorageFacts {
  /** One line per volume that is low or full. */
  warnings: string[];
  /** Whether a measured volume is too full for the database to go on; null when none is measured (an external database). */
  volumeFull: boolean | null;
  /** Whether the database itself said its disk was full, lately (DatabaseFaultMemory). */
  saidDiskFull: boolean;
}

export function storageFacts(readings: readonly VolumeReading[], saidDiskFull: boolean): StorageFacts {
  return {
    warnings: readings.flatMap((reading) => (reading.state === 'ok' ? [] : [describeSpace(reading.state, reading, reading.where)])),
    volumeFull: readings.length > 0 ? readings.some((reading) => reading.state === 'full') : null,
    saidDiskFull,
  };
}

/**
 * Health's answer with the storage facts in it. A full disk is named the cause when the
 * database is down on a full volume, or refuses writes with a disk-full error while its volume
 * is full; without a measured volume (an external database), its own recent disk-full error
 * decides. A measured volume with room again is never called full for an old error's sake. While
 * the database still answers, a full disk makes the answer 503 `degraded` (writes fail, as with
 * a stuck projector).
 */
export function withStorage(judged: { status: 200 | 503; body: HealthResponse }, storage: StorageFacts): { status: 200 | 503; body: HealthResponse } {
  const warnings = storage.warnings.length > 0 ? { warnings: storage.warnings } : {};
  const up = judged.body.status !== 'unavailable';
  const diskFull = storage.volumeFull === null ? storage.saidDiskFull : storage.volumeFull && (!up || storage.saidDiskFull);
  if (!diskFull) return { status: judged.status, body: { ...judged.body, ...warnings } };
  return {
    status: 503,
    body: {
      ...judged.body,
      ...(up ? { status: 'degraded' as const, reasons: [...(judged.body.reasons ?? []), DISK_FULL_REASON] } : {}),
      cause: 'disk full',
      ...warnings,
    },
  };
}
