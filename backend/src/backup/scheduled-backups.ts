import fs from 'node:fs';
import path from 'node:path';
import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { AppConfig } from '../config.js';
import { tableCreator } from '../infrastructure/create-table-once.js';
import { createKnex } from '../infrastructure/database.js';
import { APP_CONFIG, CLOCK, DATABASE_URL, KNEX, LOGGER, type Clock } from '../infrastructure/tokens.js';
import { BACKUP_FILE_PATTERN } from './backup-file.js';
import { writeBackup, type BackupResult } from './write-backup.js';

/** Held while a scheduled backup is written: one process at a time writes one. */
export const BACKUP_LOCK_KEY = 7_340_006;

/** setTimeout's longest delay; a longer wait is re-armed. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Which scheduled backup was written last, shared by every API process (kept-data.ts leaves it out). */
const SCHEDULE_TABLE = 'public.scheduled_backups';

/** What one turn of the schedule did. */
export type ScheduledBackupOutcome =
  | { status: 'written'; backup: BackupResult; deleted: string[] }
  /** Another process holds the lock: it is writing a backup now. */
  | { status: 'busy' }
  /** This period's backup was written already (by this process or another). */
  | { status: 'done' };

/**
 * Scheduled backups (BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP). Time is cut into periods of
 * BACKUP_EVERY counted from the epoch, so every process agrees on them whenever it started; at
 * the start of each (and once at start-up, for a period without one) every API process tries,
 * and the one that takes the advisory lock and finds the period unclaimed in
 * public.scheduled_backups writes the backup, then deletes all but the newest BACKUP_KEEP
 * backup files of the folder. A failure is logged as a warning; the site goes on.
 */
@Injectable()
export class ScheduledBackups implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private readonly stop = new AbortController();
  private readonly ensureTable: () => Promise<void>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(KNEX) private readonly knex: Knex,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.ensureTable = tableCreator(
      knex,
      `CREATE TABLE IF NOT EXISTS ${SCHEDULE_TABLE} (
         name         text PRIMARY KEY,
         period_start timestamptz NOT NULL,
         file         text,
         written_at   timestamptz NOT NULL
       )`,
    );
  }

  onApplicationBootstrap(): void {
    if (!this.config.backupDir) return;
    this.turn();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.stop.abort();
    await this.running;
  }

  /**
   * Writes this period's backup unless another process has or is writing it, then prunes the
   * folder. The timer calls it; a test may too.
   */
  async runDue(): Promise<ScheduledBackupOutcome> {
    const dir = this.config.backupDir;
    if (!dir) throw new Error('BACKUP_DIR is not set');
    await this.ensureTable();
    const now = this.clock();
    const periodStart = new Date(Math.floor(now.getTime() / this.config.backupEveryMs) * this.config.backupEveryMs);
    const lockConnection = await this.knex.client.acquireConnection();
    try {
      const { rows } = await lockConnection.query('SELECT pg_try_advisory_lock($1) AS locked', [BACKUP_LOCK_KEY]);
      if (!rows[0].locked) return { status: 'busy' };
      try {
        const claimed = await this.knex.raw(
          `INSERT INTO ${SCHEDULE_TABLE} AS s (name, period_start, written_at) VALUES ('scheduled', ?, ?)
           ON CONFLICT (name) DO UPDATE SET period_start = excluded.period_start, file = NULL, written_at = excluded.written_at
           WHERE s.period_start < excluded.period_start
           RETURNING 1`,
          [periodStart, now],
        );
        if (claimed.rows.length === 0) return { status: 'done' };
        // A pool of its own: the snapshot's long transaction takes none of the requests' connections.
        const backupKnex = createKnex(this.databaseUrl, 1, 'team-site-backup');
        let backup: BackupResult;
        try {
          backup = await writeBackup(backupKnex, { dir, now: this.clock, signal: this.stop.signal });
        } finally {
          await backupKnex.destroy();
        }
        await this.knex.raw(`UPDATE ${SCHEDULE_TABLE} SET file = ? WHERE name = 'scheduled'`, [path.basename(backup.file)]);
        return { status: 'written', backup, deleted: await pruneBackups(dir, this.config.backupKeep) };
      } finally {
        await lockConnection.query('SELECT pg_advisory_unlock($1)', [BACKUP_LOCK_KEY]);
      }
    } finally {
      await this.knex.client.releaseConnection(lockConnection);
    }
  }

  /** Resolves once this process is not writing a scheduled backup. */
  async whenIdle(): Promise<void> {
    await this.running;
  }

  /** Runs the due backup in the background, then waits for the start of the next period. */
  private turn(): void {
    if (this.stop.signal.aborted) return;
    const run = this.runDue().then(
      (outcome) => {
        if (outcome.status !== 'written') return;
        const { backup, deleted } = outcome;
        this.logger.info({ file: backup.file, bytes: backup.bytes, head: backup.head, events: backup.events, seconds: backup.seconds, deleted }, 'scheduled backup written');
      },
      (error: unknown) => {
        if (this.stop.signal.aborted) return;
        this.logger.warn({ err: error, dir: this.config.backupDir }, 'scheduled backup failed: the next period tries again');
      },
    );
    this.running = run.finally(() => {
      this.running = null;
      this.arm();
    });
  }

  private arm(): void {
    if (this.stop.signal.aborted) return;
    const every = this.config.backupEveryMs;
    const now = this.clock().getTime();
    // A moment past the boundary, so a clock a little behind another process's still lands in the new period.
    const wait = Math.max(1000, (Math.floor(now / every) + 1) * every - now + 1000);
    this.timer = setTimeout(() => (wait > LONGEST_TIMER_MS ? this.arm() : this.turn()), Math.min(wait, LONGEST_TIMER_MS));
    this.timer.unref();
  }
}

/** Deletes all but the newest `keep` backup files of `dir` (by the time in their names); returns the names deleted. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const backups = (await fs.promises.readdir(dir)).filter((name) => BACKUP_FILE_PATTERN.test(name)).sort();
  const old = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of old) await fs.promises.rm(path.join(dir, name), { force: true });
  return old;
}
