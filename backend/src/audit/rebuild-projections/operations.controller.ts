import { Controller, Get, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import type { Knex } from 'knex';
import type { EventStore } from '@team/contracts';
import { Projector, readCheckpoint, readModelProjections } from '@team/projections';
import { AdminKeyGuard } from '../../admin-access/admin-key.guard.js';
import { DATABASE_URL, EVENT_STORE, KNEX } from '../../infrastructure/tokens.js';
import { RebuildService } from './rebuild.service.js';

/** The Operations screen's data: each projection's position, lag and last error; rebuilds. */
@Controller('api/admin')
@UseGuards(AdminKeyGuard)
export class OperationsController {
  constructor(
    @Inject(KNEX) private readonly knex: Knex,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(Projector) private readonly projector: Projector | null,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
    private readonly rebuilds: RebuildService,
  ) {}

  @Get('operations')
  async operations() {
    const [head, checkpoint] = await Promise.all([
      this.store.headPosition(),
      readCheckpoint(this.knex, this.projector?.name ?? 'read-models'),
    ]);
    const position = checkpoint?.position ?? 0;
    return {
      head,
      projections: readModelProjections.map((projection) => ({
        name: projection.name,
        tables: projection.tables,
        position,
        lag: Math.max(0, head - position),
        lastError: checkpoint?.lastError ?? null,
        updatedAt: checkpoint?.updatedAt ?? null,
      })),
      projectorInThisProcess: this.projector?.status().active ?? false,
      rebuild: this.rebuilds.current(),
    };
  }

  @Post('projections/rebuild')
  @HttpCode(202)
  rebuild() {
    return this.rebuilds.start(this.databaseUrl);
  }
}
