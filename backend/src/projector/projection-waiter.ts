import { Inject, Injectable } from '@nestjs/common';
import type { Knex } from 'knex';
import { CHECKPOINT_CHANNEL, Projector, READ_MODELS_CHECKPOINT, readCheckpoint } from '@team/projections';
import { PgNotifications } from '../infrastructure/pg-notifications.js';
import { KNEX } from '../infrastructure/tokens.js';

/**
 * Waits until the read tables have applied a position. When this process runs the active
 * projector it asks it directly; otherwise (a separate projections process) it watches the
 * shared checkpoint, woken by the projector's NOTIFY and by a short poll as a fallback.
 */
@Injectable()
export class ProjectionWaiter {
  constructor(
    @Inject(KNEX) private readonly knex: Knex,
    private readonly notifications: PgNotifications,
    private readonly projector: Projector | null,
  ) {}

  async waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (this.projector?.status().active) return this.projector.waitFor(position, timeoutMs);
    const deadline = Date.now() + timeoutMs;
    let wake: () => void = () => {};
    const stop = await this.notifications.listen(CHECKPOINT_CHANNEL, () => wake());
    try {
      for (;;) {
        const checkpoint = await readCheckpoint(this.knex, this.projector?.name ?? READ_MODELS_CHECKPOINT);
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
}
