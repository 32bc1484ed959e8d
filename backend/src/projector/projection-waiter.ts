import { Inject, Injectable } from '@nestjs/common';
import type { Knex } from 'knex';
import { CHECKPOINT_CHANNEL, Projector, READ_MODELS_CHECKPOINT, readCheckpoint } from '@team/projections';
import { PgNotifications } from '../infrastructure/pg-notifications.js';
import { KNEX } from '../infrastructure/tokens.js';

/** The replica is polled from this interval, doubling up to the longest one: most waits end in a few ms. */
const REPLICA_FIRST_POLL_MS = 2;
const REPLICA_LONGEST_POLL_MS = 50;

/**
 * Waits until the read tables have applied a position. When this process runs the active
 * projector it asks it directly; otherwise (a separate projections process) it watches the
 * shared checkpoint, woken by the projector's NOTIFY and by a short poll as a fallback.
 *
 * With a read replica (READ_DATABASE_URL), reads see the replica, so once the primary has the
 * position it also waits for the replica's checkpoint row. That is exact: the projector
 * commits the checkpoint with the read tables it covers, and a standby replays commits in
 * order. A hot standby delivers no NOTIFY, so the replica is polled.
 */
@Injectable()
export class ProjectionWaiter {
  constructor(
    @Inject(KNEX) private readonly knex: Knex,
    private readonly notifications: PgNotifications,
    private readonly projector: Projector | null,
    /** The replica's pool; null when reads use the primary. */
    private readonly replica: Knex | null = null,
  ) {}

  private get checkpointName(): string {
    return this.projector?.name ?? READ_MODELS_CHECKPOINT;
  }

  async waitFor(position: number, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    if (!(await this.waitForPrimary(position, timeoutMs))) return false;
    return this.replica ? this.waitForReplica(this.replica, position, deadline) : true;
  }

  private async waitForPrimary(position: number, timeoutMs: number): Promise<boolean> {
    // This process's projector knows the positions it applied, in its loop or inline with an append.
    const own = this.projector?.status();
    if (own && (own.active || own.position >= position)) return this.projector!.waitFor(position, timeoutMs);
    const deadline = Date.now() + timeoutMs;
    let wake: () => void = () => {};
    const stop = await this.notifications.listen(CHECKPOINT_CHANNEL, () => wake());
    try {
      for (;;) {
        const checkpoint = await readCheckpoint(this.knex, this.checkpointName);
        if ((checkpoint?.position ?? 0) >= position) return true;
        const left = deadline - Date.now();
        if (left <= 0) return false;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 250));
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    } finally {
      stop();
    }
  }

  /**
   * Polls the replica until its checkpoint reaches `position` or the deadline passes. A
   * replica that errs or does not answer counts as not there yet: the command was saved, and
   * its answer is the same 503 as for a slow projector, not a 500.
   */
  private async waitForReplica(replica: Knex, position: number, deadline: number): Promise<boolean> {
    for (let pause = REPLICA_FIRST_POLL_MS; ; pause = Math.min(pause * 2, REPLICA_LONGEST_POLL_MS)) {
      const reached = await withinDeadline(
        readCheckpoint(replica, this.checkpointName).then((checkpoint) => (checkpoint?.position ?? 0) >= position),
        deadline,
      ).catch(() => false);
      if (reached) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise((resolve) => setTimeout(resolve, Math.min(left, pause)));
    }
  }
}

/** The answer of `check`, or false once the deadline passes first. */
function withinDeadline(check: Promise<boolean>, deadline: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([check, late]).finally(() => clearTimeout(timer));
}
