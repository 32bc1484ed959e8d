import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import type { Knex } from 'knex';
import { EventStoreUnavailableError, type EventStore, type HealthResponse } from '@team/contracts';
import { Projector, READ_MODELS_CHECKPOINT, readActiveProjector, readCheckpoint } from '@team/projections';
import type { AppConfig } from '../config.js';
import { APP_CONFIG, EVENT_STORE, KNEX, READ_KNEX } from '../infrastructure/tokens.js';
import { judgeHealth, type CheckpointFacts } from './projector-health.js';

/** The checkpoint row, with how long it has been failing measured by the database's own clock. */
async function readCheckpointFacts(knex: Knex, name: string): Promise<CheckpointFacts> {
  const row = await knex('projection_checkpoints')
    .where({ name })
    .first(
      'position',
      'updated_at',
      'last_error',
      'failing_position',
      'failing_since',
      knex.raw('(extract(epoch FROM now() - failing_since) * 1000)::float8 AS failing_for_ms'),
    );
  if (!row) return { position: 0, updatedAt: null, failingPosition: null, failingSince: null, failingForMs: null, failing: false };
  return {
    position: Number(row.position),
    updatedAt: new Date(row.updated_at).toISOString(),
    failingPosition: row.failing_position === null ? null : Number(row.failing_position),
    failingSince: row.failing_since === null ? null : new Date(row.failing_since).toISOString(),
    failingForMs: row.failing_for_ms === null ? null : Number(row.failing_for_ms),
    failing: row.last_error !== null,
  };
}

/** The checkpoint a read replica has replayed, or null when it does not answer (health then says so, not `unavailable`). */
async function readReplicaPosition(replica: Knex, name: string): Promise<number | null> {
  try {
    return (await readCheckpoint(replica, name))?.position ?? 0;
  } catch {
    return null;
  }
}

/** GET /api/health: is the database reachable, and can the read tables be trusted. */
@Controller('api/health')
export class HealthController {
  constructor(
    @Inject(KNEX) private readonly knex: Knex,
    @Inject(READ_KNEX) private readonly readKnex: Knex,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(Projector) private readonly projector: Projector | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async health(@Res({ passthrough: true }) response: ServerResponse): Promise<HealthResponse> {
    const name = this.projector?.name ?? READ_MODELS_CHECKPOINT;
    try {
      // The replica is read before the primary: a replica read after could be "ahead" of the
      // primary's figure it is compared with and hide real lag.
      const replicaPosition = this.config.readDatabaseUrl ? await readReplicaPosition(this.readKnex, name) : undefined;
      const [head, checkpoint, active] = await Promise.all([
        this.store.headPosition(),
        readCheckpointFacts(this.knex, name),
        readActiveProjector(this.knex, name),
      ]);
      const { status, body } = judgeHealth(
        head,
        checkpoint,
        { stuckAfterMs: this.config.healthStuckAfterMs, maxLag: this.config.healthMaxLag },
        { name, runsInThisProcess: this.projector?.status().active ?? false, active },
        replicaPosition === undefined ? undefined : { position: replicaPosition },
      );
      response.statusCode = status;
      return body;
    } catch (error) {
      response.statusCode = 503;
      // With KurrentDB as the log (EVENTSTORE_URL), the log can be down while PostgreSQL is up.
      if (error instanceof EventStoreUnavailableError && this.config.eventStoreUrl) {
        return { status: 'unavailable', database: 'up', error: 'The event log cannot be reached.' };
      }
      return { status: 'unavailable', database: 'down', error: 'The database cannot be reached.' };
    }
  }
}
