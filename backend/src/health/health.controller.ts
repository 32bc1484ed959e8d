import { Controller, Get, Inject, Res, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import type { Knex } from 'knex';
import { EventStoreUnavailableError, type EventStore, type HealthResponse } from '@team/contracts';
import { Projector, READ_MODELS_CHECKPOINT, readActiveProjector, readCheckpoint } from '@team/projections';
import type { AppConfig } from '../config.js';
import type { Logger } from 'pino';
import { APP_CONFIG, EVENT_STORE, KNEX, LOGGER, READ_KNEX } from '../infrastructure/tokens.js';
import { databaseFaults } from '../infrastructure/database-faults.js';
import { runningEmbeddedDatabase } from '../infrastructure/embedded-database.js';
import { DEFAULT_RETRY_AFTER_SECONDS } from '../http/api-exception.filter.js';
import { judgeHealth, type CheckpointFacts } from './projector-health.js';
import { DiskWatch, embeddedVolumes } from './disk-watch.js';
import { storageFacts, withStorage } from './storage-health.js';

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

/**
 * GET /api/health: is the database reachable, can the read tables be trusted, and is its disk
 * full or running low (the embedded database's volumes, watched here: this is their only reader).
 */
@Controller('api/health')
export class HealthController implements OnModuleInit, OnModuleDestroy {
  private disks: DiskWatch | null = null;

  constructor(
    @Inject(KNEX) private readonly knex: Knex,
    @Inject(READ_KNEX) private readonly readKnex: Knex,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(Projector) private readonly projector: Projector | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    // DATABASE_URL: an external database, whose disk is not ours to measure.
    if (this.config.databaseUrl) return;
    // The launcher started the cluster before the app: its folder is known now, and stays.
    const cluster = await runningEmbeddedDatabase(this.config.dataDir).catch(() => null);
    this.disks = new DiskWatch(embeddedVolumes(this.config.dataDir, cluster?.dataDir ?? null), this.logger);
    this.disks.start();
  }

  onModuleDestroy(): void {
    this.disks?.stop();
  }

  @Get()
  async health(@Res({ passthrough: true }) response: ServerResponse): Promise<HealthResponse> {
    const storage = storageFacts((await this.disks?.read()) ?? [], databaseFaults.saidDiskFull());
    const judged = await this.judgeDatabase();
    const { status, body } = withStorage(judged, storage);
    response.statusCode = status;
    // The database cannot be reached: a client should come back later, not hammer.
    if (body.status === 'unavailable') response.setHeader('Retry-After', String(DEFAULT_RETRY_AFTER_SECONDS));
    return body;
  }

  private async judgeDatabase(): Promise<{ status: 200 | 503; body: HealthResponse }> {
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
      return judgeHealth(
        head,
        checkpoint,
        { stuckAfterMs: this.config.healthStuckAfterMs, maxLag: this.config.healthMaxLag },
        { name, runsInThisProcess: this.projector?.status().active ?? false, active },
        replicaPosition === undefined ? undefined : { position: replicaPosition },
      );
    } catch (error) {
      // With KurrentDB as the log (EVENTSTORE_URL), the log can be down while PostgreSQL is up.
      if (error instanceof EventStoreUnavailableError && this.config.eventStoreUrl) {
        return { status: 503, body: { status: 'unavailable', database: 'up', error: 'The event log cannot be reached.' } };
      }
      return { status: 503, body: { status: 'unavailable', database: 'down', error: 'The database cannot be reached.' } };
    }
  }
}
