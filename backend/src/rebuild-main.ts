import { readModelProjections, RebuildAbortedError, rebuildReadModels, type RebuildProgress } from '@team/projections';
import { loadConfig } from './config.js';
import { openEventStore } from './event-store/open-event-store.js';
import { createKnex } from './infrastructure/database.js';
import { openEmbeddedDatabase } from './infrastructure/embedded-database.js';
import { PgNotifications } from './infrastructure/pg-notifications.js';

/**
 * `npm run projections:rebuild`: replays the log into fresh read tables and swaps them in,
 * with a progress bar. Safe while the app runs on the same database (readers keep the old
 * tables until the swap), the embedded one included: it rebuilds in the running site's database.
 * Ctrl-C (SIGINT) or SIGTERM stops it after the current batch and drops the half-built tables;
 * a rebuild killed outright leaves them for the next rebuild to clear.
 */
function bar(progress: RebuildProgress): string {
  const width = 30;
  const fraction = progress.total ? progress.done / progress.total : 1;
  const filled = Math.round(fraction * width);
  const left = progress.secondsLeft === null ? '?' : `${progress.secondsLeft.toFixed(0)}s`;
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(fraction * 100).toFixed(1)}%  ${progress.done}/${progress.total} events  ${progress.ratePerSecond.toFixed(0)}/s  ${left} left  (${progress.phase})`;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const embedded = config.databaseUrl ? null : await openEmbeddedDatabase(config.dataDir, () => {});
  const url = config.databaseUrl ?? embedded!.url;
  const knex = createKnex(url, 4);
  const notifications = new PgNotifications(url);
  const stop = new AbortController();
  const onSignal = () => {
    process.stdout.write('\nStopping the rebuild after the current batch…\n');
    stop.abort();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const store = openEventStore(config, knex, notifications);
  try {
    const result = await rebuildReadModels({
      liveKnex: knex,
      openKnex: (searchPath) => createKnex(url, 4, 'team-site-rebuild', searchPath),
      reader: store,
      projections: readModelProjections,
      signal: stop.signal,
      onProgress: (progress) => process.stdout.write(`\r${bar(progress)}   `),
    });
    process.stdout.write(`\nRebuilt every read model from ${result.events} events in ${result.seconds.toFixed(1)} s.\n`);
  } finally {
    await store.close();
    await notifications.close();
    await knex.destroy();
    await embedded?.stop();
  }
}

main().catch((error) => {
  const message = error instanceof RebuildAbortedError ? error.message : `The rebuild failed: ${(error as Error).message}`;
  process.stderr.write(`\n${message}\n`);
  process.exit(error instanceof RebuildAbortedError ? 130 : 1);
});
