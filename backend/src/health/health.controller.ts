import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { Knex } from 'knex';
import type { EventStore } from '@team/contracts';
import { Projector, readCheckpoint } from '@team/projections';
import { EVENT_STORE, KNEX } from '../infrastructure/tokens.js';

/** GET /api/health: is the database reachable, and how far behind the log are the read tables. */
@Controller('api/health')
export class HealthController {
  constructor(
    @Inject(KNEX) private readonly knex: Knex,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(Projector) private readonly projector: Projector | null,
  ) {}

  @Get()
  async health(@Res({ passthrough: true }) response: Response) {
    try {
      const [head, checkpoint] = await Promise.all([
        this.store.headPosition(),
        readCheckpoint(this.knex, this.projector?.name ?? 'read-models'),
      ]);
      const position = checkpoint?.position ?? 0;
      return {
        status: 'ok',
        database: 'up',
        eventStore: { head },
        projector: {
          name: checkpoint?.name ?? 'read-models',
          position,
          lag: Math.max(0, head - position),
          runsInThisProcess: this.projector?.status().active ?? false,
          lastError: checkpoint?.lastError ?? null,
          updatedAt: checkpoint?.updatedAt ?? null,
        },
      };
    } catch {
      response.status(503);
      return { status: 'unavailable', database: 'down', error: 'The database cannot be reached.' };
    }
  }
}
