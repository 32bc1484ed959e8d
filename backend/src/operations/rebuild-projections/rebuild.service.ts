import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { EventStore, RebuildStatus } from '@team/contracts';
import {
  rebuildReadModels,
  RebuildAbortedError,
  RebuildAlreadyRunningError,
  READ_MODELS_CHECKPOINT,
  readModelProjections,
  replayRequired,
} from '@team/projections';
import type { AppConfig } from '../../config.js';
import { createKnex } from '../../infrastructure/database.js';
import { APP_CONFIG, DATABASE_URL, EVENT_STORE, KNEX, LOGGER } from '../../infrastructure/tokens.js';
import { ConflictError } from '../../shared/domain-errors.js';

const ALREADY_RUNNING = 'A rebuild is already running.';

/**
 * Runs a rebuild in the background of this process and keeps its progress for the Operations
 * screen. At start it also runs the rebuild an upgrade asked for (a new read model, or one whose
 * handlers changed, on a log already projected: see migrateReadModels).
 */
@Injectable()
export class RebuildService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  /** The running rebuild (settles when it ends, however it ends), or null. */
  private running: Promise<void> | null = null;
  private abort: AbortController | null = null;
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
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
  ) {}

  /**
   * Readers keep the live tables meanwhile. Several processes starting at once all try; the
   * rebuild lock lets one run, and its swap clears the mark.
   */
  async onApplicationBootstrap(): Promise<void> {
    const reason = await replayRequired(this.knex, READ_MODELS_CHECKPOINT).catch(() => null);
    if (reason === null) return;
    this.logger.warn({ reason }, 'the read models need a replay after an upgrade: rebuilding them in the background');
    await this.start(this.databaseUrl).catch((error: unknown) => {
      if (!(error instanceof ConflictError)) this.logger.error({ err: error }, 'the upgrade rebuild did not start');
    });
  }

  current(): RebuildStatus {
    return { ...this.status };
  }

  /**
   * Starts a rebuild in the background and answers once it holds the rebuild lock, so a
   * rebuild already running here, in another API process or from the CLI is a 409 rather
   * than a 202 that fails later.
   */
  async start(databaseUrl: string): Promise<RebuildStatus> {
    if (this.running) throw new ConflictError(ALREADY_RUNNING);
    const previous = this.status;
    const abort = new AbortController();
    let holdsLock!: () => void;
    const locked = new Promise<void>((resolve) => (holdsLock = resolve));
    let refused = false;
    this.status = {
      running: true,
      progress: null,
      startedAt: new Date().toISOString(),
      finishedAt: null,
      lastError: null,
      lastResult: previous.lastResult,
    };
    const finished = rebuildReadModels({
      liveKnex: this.knex,
      openKnex: (searchPath) => createKnex(databaseUrl, 4, 'team-site-rebuild', searchPath),
      reader: this.store,
      projections: readModelProjections,
      signal: abort.signal,
      onLocked: () => holdsLock(),
      onProgress: (progress) => {
        this.status.progress = progress;
      },
    })
      .then(
        (result) => {
          this.status = { ...this.status, running: false, finishedAt: new Date().toISOString(), lastResult: result };
          this.logger.info(result, 'read models rebuilt');
        },
        (error: unknown) => {
          if (error instanceof RebuildAlreadyRunningError) {
            // Refused before it began: nothing happened here, so the status stays as it was.
            refused = true;
            this.status = previous;
            return;
          }
          const stopped = error instanceof RebuildAbortedError;
          const lastError = stopped ? error.message : `The rebuild failed: ${(error as Error).message}`;
          this.status = { ...this.status, running: false, finishedAt: new Date().toISOString(), lastError };
          if (stopped) this.logger.warn('rebuild stopped by the shutdown');
          else this.logger.error({ err: error }, 'rebuild failed');
        },
      )
      .finally(() => {
        this.running = null;
        this.abort = null;
      });
    this.running = finished;
    this.abort = abort;
    await Promise.race([locked, finished]);
    if (refused) throw new ConflictError(ALREADY_RUNNING);
    return this.current();
  }

  /**
   * Nest calls this on app.close(), before the database pool is closed: a running rebuild is
   * stopped after its current batch, drops its half-built schema, and is waited for.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.abort?.abort();
    await this.running;
  }
}
