import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import type { Knex } from 'knex';
import type { EventStore, FailingEvent, OperationsStatus } from '@team/contracts';
import {
  Projector,
  READ_MODELS_CHECKPOINT,
  readActiveProjector,
  readCheckpoint,
  readModelProjections,
  SetAsideEvents,
  type ProjectorStatus,
} from '@team/projections';
import { AdminKeyGuard } from '../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../admin-access/admin-role.js';
import { EVENT_STORE, KNEX } from '../../infrastructure/tokens.js';
import { RebuildService } from '../rebuild-projections/rebuild.service.js';
import { WebhookDirectory } from '../../webhooks/webhook-directory.js';
import { pausedWebhooks } from '../../webhooks/paused-webhooks.js';

/**
 * GET /api/admin/operations, the Operations screen's data: each projection's position, lag and
 * last error, the event the projector is stuck on (with its error text: admins only), the events
 * set aside, the rebuild under way and the paused webhooks.
 */
@Controller('api/admin')
@UseGuards(AdminKeyGuard)
@RequiresRole('owner')
export class OperationsStatusController {
  constructor(
    @Inject(KNEX) private readonly knex: Knex,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(Projector) private readonly projector: Projector | null,
    private readonly rebuilds: RebuildService,
    private readonly webhooks: WebhookDirectory,
  ) {}

  @Get('operations')
  async operations(): Promise<OperationsStatus> {
    const setAside = new SetAsideEvents(this.store);
    const name = this.projector?.name ?? READ_MODELS_CHECKPOINT;
    const [head, checkpoint, active] = await Promise.all([
      this.store.headPosition(),
      readCheckpoint(this.knex, name),
      readActiveProjector(this.knex, name),
      setAside.refresh(),
    ]);
    const position = checkpoint?.position ?? 0;
    return {
      head,
      projections: readModelProjections.map((projection) => ({
        name: projection.name,
        tables: [...projection.tables],
        position,
        lag: Math.max(0, head - position),
        lastError: checkpoint?.lastError ?? null,
        updatedAt: checkpoint?.updatedAt ?? null,
      })),
      failing: await this.failingEvent(checkpoint),
      setAside: setAside.list(),
      projectorInThisProcess: this.projector?.status().active ?? false,
      projector: {
        activeWorker: active?.worker ?? null,
        activeSince: active?.since ?? null,
        position,
        lag: Math.max(0, head - position),
      },
      rebuild: this.rebuilds.current(),
      pausedWebhooks: pausedWebhooks(await this.webhooks.current()),
    };
  }

  /** The event the projector's attempts fail on, named from the log; null while it is not stuck on one. */
  private async failingEvent(checkpoint: ProjectorStatus | null): Promise<FailingEvent | null> {
    if (checkpoint?.failingPosition == null || checkpoint.failingSince === null) return null;
    const position = checkpoint.failingPosition;
    const [event] = await this.store.readAll(position - 1, 1);
    const found = event?.position === position ? event : null;
    return {
      position,
      eventId: found?.id ?? null,
      type: found?.type ?? null,
      streamId: found?.streamId ?? null,
      error: checkpoint.lastError,
      since: checkpoint.failingSince,
    };
  }
}
