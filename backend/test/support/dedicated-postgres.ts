import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import knexFactory from 'knex';
import type { TestDatabase } from '@test-support/database.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface EmbeddedServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}
type StartEmbedded = (options: { dataDir: string; port?: number; log?: (line: string) => void }) => Promise<EmbeddedServer>;

export interface DedicatedPostgres {
  /** Server URL (database `postgres`). */
  url: string;
  port: number;
  /**
   * `fast` (SIGINT): sessions are ended and the server shuts down cleanly. `immediate`
   * (SIGQUIT, as `pg_ctl stop -m immediate`): it stops at once, like a crash, and the next
   * start runs crash recovery.
   */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port and data folder. */
  start(): Promise<void>;
  /** A new empty database on this server; `drop` is a no-op (destroy removes everything). */
  createDatabase(name: string): Promise<TestDatabase>;
  /** Stops the server and deletes its folder. */
  destroy(): Promise<void>;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A PostgreSQL server of its own for a test that stops and restarts it, started the same
 * way as the test run's server (scripts/lib/embedded-pg.mjs) in a fresh temporary folder.
 */
export async function startDedicatedPostgres(): Promise<DedicatedPostgres> {
  const { startEmbeddedPostgres } = (await import(pathToFileURL(path.join(repoRoot, 'scripts/lib/embedded-pg.mjs')).href)) as {
    startEmbeddedPostgres: StartEmbedded;
  };
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'faults-pg-'));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the folder.
  fs.chmodSync(root, 0o755);
  const dataDir = path.join(root, 'data');
  let server: EmbeddedServer | null = await startEmbeddedPostgres({ dataDir });
  const { url, port } = server;
  return {
    url,
    port,
    async stop(mode = 'fast') {
      const running = server;
      server = null;
      if (!running) return;
      if (mode === 'fast') return running.stop();
      // The postmaster's pid is the first line of postmaster.pid (pg_ctl reads it the same way;
      // pg_ctl itself refuses to run as root).
      const pid = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGQUIT');
      for (const deadline = Date.now() + 10_000; isAlive(pid); ) {
        if (Date.now() > deadline) throw new Error(`PostgreSQL (pid ${pid}) did not stop on SIGQUIT`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async start() {
      if (!server) server = await startEmbeddedPostgres({ dataDir, port });
    },
    async createDatabase(name) {
      const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
      try {
        await admin.raw(`CREATE DATABASE ${name}`);
      } finally {
        await admin.destroy();
      }
      const dbUrl = new URL(url);
      dbUrl.pathname = `/${name}`;
      return { url: dbUrl.toString(), name, drop: async () => {} };
    },
    async destroy() {
      await this.stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
