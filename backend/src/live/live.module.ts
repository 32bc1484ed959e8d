import { Inject, Module, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { EventStore } from '@team/contracts';
import type { Logger } from 'pino';
import type { AppConfig } from '../config.js';
import { APP_CONFIG, EVENT_STORE, LOGGER } from '../infrastructure/tokens.js';
import { ProjectionWaiter } from '../projector/projection-waiter.js';
import { LiveController } from './live.controller.js';
import { LiveFeed } from './live-feed.js';

/** A client this far behind in unsent bytes is dropped (a change is a few hundred bytes). */
const MAX_BUFFERED_BYTES = 256 * 1024;

/** GET /api/live: one log follower per process, fanned out to its streams. */
@Module({
  controllers: [LiveController],
  providers: [
    {
      provide: LiveFeed,
      inject: [EVENT_STORE, ProjectionWaiter, APP_CONFIG, LOGGER],
      useFactory: (store: EventStore, waiter: ProjectionWaiter, config: AppConfig, logger: Logger) =>
        new LiveFeed({
          store,
          waitForReadTables: (position, timeoutMs) => waiter.waitFor(position, timeoutMs),
          maxConnections: config.liveMaxConnections,
          maxConnectionsPerAddress: config.liveMaxPerAddress,
          replayLimit: config.liveReplayLimit,
          maxLifetimeMs: config.liveMaxLifetimeSeconds * 1000,
          heartbeatMs: config.liveHeartbeatMs,
          // A socket that has not drained through two heartbeats belongs to a client that is not reading.
          slowClient: { maxBufferedBytes: MAX_BUFFERED_BYTES, maxBackedUpMs: 2 * config.liveHeartbeatMs },
          onError: (error, what) => logger.warn({ err: error }, what),
        }),
    },
  ],
})
export class LiveModule implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(@Inject(LiveFeed) private readonly feed: LiveFeed) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.feed.start();
  }

  /** Before the HTTP server closes: it waits for open streams, so every one is ended here. */
  async onModuleDestroy(): Promise<void> {
    await this.feed.stop();
  }
}
