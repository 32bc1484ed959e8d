import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { resolveAdminKey } from './admin-access/admin-key.js';
import { createApp } from './app.js';
import { startEmbeddedDatabase } from './infrastructure/embedded-database.js';
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
  const embedded = config.databaseUrl
    ? null
    : await startEmbeddedDatabase(config.dataDir, (line) => logger.debug({ postgres: line }));
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  const adminKey = resolveAdminKey(config.adminKey, config.dataDir);

  let running: Awaited<ReturnType<typeof createApp>>;
  try {
    running = await createApp(config, { adminKey: adminKey.key, databaseUrl, logger });
    await running.app.listen(config.port, config.host);
  } catch (error) {
    logger.fatal({ err: error }, 'could not start');
    await embedded?.stop();
    process.exit(1);
  }

  const address = running.app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [
    '',
    `  Team site running at http://localhost:${port}`,
    `  Database: ${embedded ? `embedded PostgreSQL, data in ${config.dataDir}/postgres` : 'DATABASE_URL'}`,
    adminKey.file
      ? `  Admin key: ${adminKey.key}${adminKey.generated ? '  (generated now, kept in ' + adminKey.file + ')' : '  (from ' + adminKey.file + ')'}`
      : '  Admin key: from ADMIN_KEY',
    `  API docs: http://localhost:${port}/api/docs`,
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

void main();
