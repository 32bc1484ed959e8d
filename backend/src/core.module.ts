import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { EventStore } from '@team/contracts';
import { Projector } from '@team/projections';
import type { AppConfig } from './config.js';
import { AdminKeyVerifier } from './admin-access/admin-key.js';
import { ADMIN_FAILURE_WINDOW_MS, AdminKeyGuard } from './admin-access/admin-key.guard.js';
import { WrongKeyLog } from './admin-access/wrong-key-log.js';
import { AdminKeyDirectory } from './admin-access/admin-keys/admin-key-directory.js';
import { RecordingGuard } from './admin-access/recording.guard.js';
import { AuditContextFactory } from './http/audit-context.js';
import { PublicWriteGuard } from './http/public-write.guard.js';
import { SharedAddressBudget } from './http/address-budget.js';
import { loadFingerprintSecret } from './infrastructure/fingerprint-secret.js';
import { PgNotifications } from './infrastructure/pg-notifications.js';
import {
  ADMIN_FAILURE_LIMITER,
  LIVE_OPEN_LIMITER,
  APP_CONFIG,
  CLOCK,
  DATABASE_URL,
  EVENT_STORE,
  FINGERPRINT_SECRET,
  KNEX,
  LOGGER,
  PUBLIC_WRITE_LIMITER,
  READ_KNEX,
  TIME_TRAVEL_KNEX,
  type Clock,
} from './infrastructure/tokens.js';
import { ProjectionWaiter } from './projector/projection-waiter.js';
import { ReadYourWritesInterceptor } from './projector/read-your-writes.interceptor.js';

/** What the composition root has built before Nest starts (see app.ts). */
export interface CoreDependencies {
  config: AppConfig;
  databaseUrl: string;
  knex: Knex;
  /** The shared rate-limit counts (see app.ts: no flush wait per hit). */
  limitsKnex: Knex;
  /** Read-model queries: READ_DATABASE_URL's replica, or `knex` itself. */
  readKnex: Knex;
  /** Time travel's own small pool (see LadderTimeTravel). */
  timeTravelKnex: Knex;
  notifications: PgNotifications;
  eventStore: EventStore;
  /** The projector this process runs, or null when a separate process runs it. */
  projector: Projector | null;
  adminKey: string;
  logger: Logger;
  clock: Clock;
}

function sharedBudget(deps: CoreDependencies, name: string, limit: number, windowMs: number): SharedAddressBudget {
  return new SharedAddressBudget({
    knex: deps.limitsKnex,
    name,
    limit,
    windowMs,
    onStoreError: (error) => deps.logger.warn({ err: error, budget: name }, 'rate limit table unreachable: counting in this process until it is back'),
  });
}

/** Infrastructure every feature module may inject. */
@Global()
@Module({})
export class CoreModule {
  static forRoot(deps: CoreDependencies): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: APP_CONFIG, useValue: deps.config },
        { provide: DATABASE_URL, useValue: deps.databaseUrl },
        { provide: KNEX, useValue: deps.knex },
        { provide: READ_KNEX, useValue: deps.readKnex },
        { provide: TIME_TRAVEL_KNEX, useValue: deps.timeTravelKnex },
        { provide: PgNotifications, useValue: deps.notifications },
        { provide: EVENT_STORE, useValue: deps.eventStore },
        { provide: Projector, useValue: deps.projector },
        { provide: LOGGER, useValue: deps.logger },
        { provide: CLOCK, useValue: deps.clock },
        { provide: AdminKeyVerifier, useValue: new AdminKeyVerifier(deps.adminKey) },
        // A random secret kept in the database, so fingerprints agree across instances and restarts.
        { provide: FINGERPRINT_SECRET, useFactory: () => loadFingerprintSecret(deps.knex) },
        // Counted in the shared database, so every API process spends one budget per address.
        {
          provide: PUBLIC_WRITE_LIMITER,
          useValue: sharedBudget(deps, 'public-writes', deps.config.publicWritesPerMinute, 60_000),
        },
        {
          provide: ADMIN_FAILURE_LIMITER,
          useValue: sharedBudget(deps, 'admin-failures', deps.config.adminFailuresPer15Min, ADMIN_FAILURE_WINDOW_MS),
        },
        {
          provide: LIVE_OPEN_LIMITER,
          useValue: sharedBudget(deps, 'live-opens', deps.config.liveOpensPerMinute, 60_000),
        },
        {
          provide: ProjectionWaiter,
          // With a replica, a command's answer also waits for the replica to replay its position.
          useFactory: () =>
            new ProjectionWaiter(deps.knex, deps.notifications, deps.projector, deps.readKnex === deps.knex ? null : deps.readKnex),
        },
        { provide: WrongKeyLog, useValue: new WrongKeyLog(deps.logger, ADMIN_FAILURE_WINDOW_MS) },
        AdminKeyDirectory,
        AdminKeyGuard,
        RecordingGuard,
        PublicWriteGuard,
        AuditContextFactory,
        ReadYourWritesInterceptor,
      ],
      exports: [
        APP_CONFIG,
        DATABASE_URL,
        KNEX,
        READ_KNEX,
        TIME_TRAVEL_KNEX,
        PgNotifications,
        EVENT_STORE,
        Projector,
        LOGGER,
        CLOCK,
        AdminKeyVerifier,
        FINGERPRINT_SECRET,
        PUBLIC_WRITE_LIMITER,
        ADMIN_FAILURE_LIMITER,
        LIVE_OPEN_LIMITER,
        ProjectionWaiter,
        WrongKeyLog,
        AdminKeyDirectory,
        AdminKeyGuard,
        RecordingGuard,
        PublicWriteGuard,
        AuditContextFactory,
      ],
    };
  }
}

