import { isDiskFullError } from './database.js';

/** How long a disk-full error of the database counts as its state, when nothing measures its disk. */
export const DISK_FULL_MEMORY_MS = 60_000;

/**
 * When the database last said its disk was full (53100 disk_full, or ENOSPC in its message).
 * Health reads it to name the cause of an outage: the errors reach clients as a plain 503 and
 * the log, and an external database's disk cannot be measured from here.
 */
export class DatabaseFaultMemory {
  private diskFullAt: number | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  /** Called with each database error answered as a 503; only a disk-full error is kept. */
  note(error: unknown): void {
    if (isDiskFullError(error)) this.diskFullAt = this.now();
  }

  /** Whether the database said its disk was full within DISK_FULL_MEMORY_MS. */
  saidDiskFull(): boolean {
    return this.diskFullAt !== null && this.now() - this.diskFullAt < DISK_FULL_MEMORY_MS;
  }
}

/**
 * The process's memory, fed by the HTTP layer's error answers (sendError). One per process, like
 * the database it describes; tests of the memory itself make their own.
 */
export const databaseFaults = new DatabaseFaultMemory();
