import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { AdminKeyFileError, describeAdminKey, resolveAdminKey, type ResolvedAdminKey } from './admin-access/admin-key.js';
import { createApp } from './app.js';
import { logEmbeddedServerEvent, startEmbeddedDatabase } from './infrastructure/embedded-database.js';
import type { Logger } from 'pino';
import { createLogger } from './infrastructure/logger.js';

/** `npm start`: the API, the projector and the front end in one process, on an embedded or external database. */
async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  let embedded: Awaited<ReturnType<typeof startEmbeddedDatabase>> | null = null;
  let adminKey: ResolvedAdminKey;
  let running: Awaited<ReturnType<typeof createApp>>;
  // Every start-up step sits in one try: whatever fails, the database this process started stops.
  try {
    if (!config.databaseUrl) {
      // Supervised: started again when it fails (issue 37: a full disk stopped it for good).
      const supervise = (event: Parameters<typeof logEmbeddedServerEvent>[1]) => logEmbeddedServerEvent(logger, event);
      embedded = await startEmbeddedDatabase(config.dataDir, (line) => logger.debug({ postgres: line }), supervise).catch((error: unknown) => {
        throw new StartupError(`Cannot start the embedded PostgreSQL in DATA_DIR (${config.dataDir}): ${reason(error)}`, error);
      });
    }
    const databaseUrl = config.databaseUrl ?? embedded!.url;
    adminKey = resolveAdminKey(config.adminKey, config.dataDir);
    running = await createApp(config, { adminKey: adminKey.key, databaseUrl, logger });
    await running.app.listen(config.port, config.host);
  } catch (error) {
    return stopAfterFailedStart(error, logger, embedded);
  }

  const address = running.app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [
    '',
    `  Team site running at http://localhost:${port}`,
    `  Database: ${embedded ? `embedded PostgreSQL, data in ${embedded.dataDir}` : 'DATABASE_URL'}`,
    `  Admin key: ${describeAdminKey(adminKey)}`,
    `  API docs: http://localhost:${port}/api/docs`,
    ...(config.webhookAllowPrivate ? ['  Webhooks: WEBHOOK_ALLOW_PRIVATE=true, so they may reach loopback and private addresses (tests and LAN setups only)'] : []),
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await running.close().catch((error) => logger.error({ err: error }, 'error while closing'));
    await embedded?.stop().catch((error) => logger.error({ err: error }, 'error while stopping PostgreSQL'));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** A start-up failure whose message is the one line the operator needs. */
class StartupError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
  }
}

function reason(error: unknown): string {
  if (error instanceof Error) return (error as NodeJS.ErrnoException).code ?? error.message;
  return String(error);
}

/** One line naming the problem, the embedded database stopped, exit code 1. */
async function stopAfterFailedStart(error: unknown, logger: Logger, embedded: { stop(): Promise<void> } | null): Promise<never> {
  const known = error instanceof StartupError || error instanceof AdminKeyFileError;
  // An unexpected error keeps its details in the log (LOG_LEVEL), never in the one line.
  if (!known) logger.fatal({ err: error }, 'could not start');
  process.stderr.write(`${known ? error.message : `Could not start: ${reason(error)}`}\n`);
  await embedded?.stop().catch((stopError: unknown) => logger.error({ err: stopError }, 'error while stopping PostgreSQL'));
  process.exit(1);
}

main().catch((error: unknown) => stopAfterFailedStart(error, createLogger('fatal'), null));
