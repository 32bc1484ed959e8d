import { Inject, Injectable } from '@nestjs/common';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { EventStore } from '@team/contracts';
import {
  rebuildReadModels,
  RebuildAlreadyRunningError,
  readModelProjections,
  type RebuildProgress,
} from '@team/projections';
import type { AppConfig } from '../../config.js';
import { createKnex } from '../../infrastructure/database.js';
import { APP_CONFIG, EVENT_STORE, KNEX, LOGGER } from '../../infrastructure/tokens.js';
import { ConflictError } from '../../shared/domain-errors.js';

export interface RebuildStatus {
  running: boolean;
  progress: RebuildProgress | null;
  startedAt: string | null;
  finishedAt: string | null;
  lastError: string | null;
  lastResult: { events: number; seconds: number } | null;
}

/** Runs a rebuild in the background of this process and keeps its progress for the Operations screen. */
@Injectable()
export class RebuildService {
  private status: RebuildStatus = {
    running: false,
    progress: null,
    startedAt: null,
    finishedAt: null,
    lastError: null,
    lastResult: null,
  };

  constructor(
    @Inject(KNEX) private readonly knex: Knex,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  current(): RebuildStatus {
    return { ...this.status };
  }

  start(databaseUrl: string): RebuildStatus {
    if (this.status.running) throw new ConflictError('A rebuild is already running.');
    this.status = {
      running: true,
      progress: null,
      startedAt: new Date().toISOString(),
      finishedAt: null,
      lastError: null,
      lastResult: this.status.lastResult,
    };
    void rebuildReadModels({
      liveKnex: this.knex,
      openKnex: (searchPath) => createKnex(databaseUrl, 4, 'team-site-rebuild', searchPath),
      reader: this.store,
      projections: readModelProjections,
      onProgress: (progress) => {
        this.status.progress = progress;
      },
    })
      .then((result) => {
        this.status.lastResult = result;
        this.logger.info(result, 'read models rebuilt');
      })
      .catch((error: unknown) => {
        this.status.lastError =
          error instanceof RebuildAlreadyRunningError ? error.message : `The rebuild failed: ${(error as Error).message}`;
        this.logger.error({ err: error }, 'rebuild failed');
      })
      .finally(() => {
        this.status.running = false;
        this.status.finishedAt = new Date().toISOString();
      });
    return this.current();
  }
}
