import { Projector, readModelProjections } from '@team/projections';
import { migrateDatabase } from './migrate-database.js';
import { ConfigError, loadConfig } from './config.js';
import { openEventStore } from './event-store/open-event-store.js';
import { createKnex } from './infrastructure/database.js';
import { createLogger } from './infrastructure/logger.js';
import { PgNotifications } from './infrastructure/pg-notifications.js';

/**
 * `npm run projections`: the projector as its own process, for a deployment whose API
 * instances run with PROJECTOR=off. Any number may run; an advisory lock keeps one active.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  if (!config.databaseUrl) {
    console.error(new ConfigError('DATABASE_URL', 'the projections process needs the shared database (the embedded one belongs to npm start)').message);
    process.exit(1);
  }
  const logger = createLogger(config.logLevel);
  const knex = createKnex(config.databaseUrl, 4);
  const notifications = new PgNotifications(config.databaseUrl);
  const store = openEventStore(config, knex, notifications);
  await migrateDatabase(knex);
  const projector = new Projector({
    knex,
    reader: store,
    projections: readModelProjections,
    ...(config.workerName ? { worker: config.workerName } : {}),
    logger: {
      info: (message, fields) => logger.info(fields ?? {}, message),
      error: (message, fields) => logger.error(fields ?? {}, message),
    },
  });
  projector.start();
  logger.info('projections process started (standby until it holds the projector lock)');
  const stop = async () => {
    await projector.stop();
    await store.close();
    await notifications.close();
    await knex.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

void main();
