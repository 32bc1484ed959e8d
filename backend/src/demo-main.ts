import { CommandBus } from '@nestjs/cqrs';
import { globalStats } from '@team/projections';
import { createApp } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { runningEmbeddedDatabase, startEmbeddedDatabase } from './infrastructure/embedded-database.js';
import { createLogger } from './infrastructure/logger.js';
import { LADDER_LOG, type RecordedKeyLog } from './ladder/runtime/ladder-log.js';
import { demoAdminKey, demoClosingLines } from './ladder/demo/demo-admin-key.js';
import { seedDemo } from './ladder/demo/seed-demo.js';
import { ProjectionWaiter } from './projector/projection-waiter.js';

/**
 * `npm run demo`: records a few hundred realistic matches into the database `npm start` uses
 * (embedded, or DATABASE_URL), through the same command path as the API, then exits.
 * DEMO_MATCHES (default 300) and DEMO_SEED (default 2024) choose how many and which.
 */
async function main(): Promise<void> {
  let config: AppConfig;
  let matches: number;
  let seed: number;
  try {
    config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
    matches = wholeNumber('DEMO_MATCHES', 300);
    seed = wholeNumber('DEMO_SEED', 2024);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  // While `npm start` runs, the demo records into its database as a second process would.
  const joined = config.databaseUrl ? null : await runningEmbeddedDatabase(config.dataDir);
  const siteRunning = joined !== null;
  const embedded = config.databaseUrl ? null : (joined ?? (await startEmbeddedDatabase(config.dataDir, (line) => logger.debug({ postgres: line }))));
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  let exitCode = 0;
  try {
    // A demo run on a fresh folder generates the key: it prints it then, as `npm start` would
    // have. Beside a running site it names the site's key instead (demo-admin-key.ts).
    const adminKey = demoAdminKey(config.adminKey, config.dataDir, siteRunning);
    const running = await createApp(config, { adminKey: adminKey.key, databaseUrl, logger });
    try {
      const started = Date.now();
      const log = running.app.get<RecordedKeyLog>(LADDER_LOG);
      const summary = await seedDemo(running.app.get(CommandBus), { matches, seed, log });
      // The active projector may be another process's (the running site's, or PROJECTOR=off's
      // worker): the waiter follows the shared checkpoint then.
      await running.app.get(ProjectionWaiter).waitFor(summary.lastPosition, 60_000);
      const stats = await globalStats(running.knex);
      process.stdout.write(
        [
          '',
          `  Demo data: ${summary.matches} matches (seed ${seed}) with ${summary.players} Discord IDs, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
          '  (a run with the same seed records nothing twice)',
          `  Ladder now: ${stats.totalPlayers} players, ${stats.totalMatches} matches, average ELO ${stats.avgElo}`,
          ...demoClosingLines(adminKey, siteRunning),
          '',
        ].join('\n') + '\n',
      );
    } finally {
      await running.close();
    }
  } catch (error) {
    logger.fatal({ err: error }, 'demo failed');
    exitCode = 1;
  } finally {
    await embedded?.stop();
  }
  process.exit(exitCode);
}

function wholeNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new ConfigError(name, `expected a whole number, got "${raw}"`);
  return value;
}

void main();
