import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import knexFactory from 'knex';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@test-support/database.js';

// A real PostgreSQL streaming replica for the read-replica test: a hot standby, on binaries
// of the primary's major version, started on a free port from a base backup of the test server
// (`pg_basebackup -R`), or of a primary of its own when the test server refuses replication
// connections (a Debian cluster's pg_hba.conf has no `replication` line) or there is no
// pg_basebackup of that version (the embedded package ships only initdb, pg_ctl and postgres:
// then the base backup is a copy of that primary's folder, made while it is stopped).

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const READY_WITHIN_MS = 30_000;

interface EmbeddedServer {
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}
interface EmbeddedPg {
  startEmbeddedPostgres(options: {
    dataDir: string;
    port?: number;
    log?: (line: string) => void;
    binDir?: string;
    settings?: Record<string, string>;
  }): Promise<EmbeddedServer>;
  embeddedPostgresVersion(): Promise<string>;
}

const embeddedPg = async () =>
  (await import(pathToFileURL(path.join(repoRoot, 'scripts/lib/embedded-pg.mjs')).href)) as EmbeddedPg;

/** Binaries of the server's major version: a standby and pg_basebackup must match their primary. */
export interface ReplicaBinaries {
  major: number;
  /** A folder with initdb and postgres; undefined: the embedded package's (which embedded-pg.mjs finds). */
  binDir: string | undefined;
  /** pg_basebackup of that version, or null when there is none. */
  basebackup: string | null;
}

async function serverMajor(serverUrl: string): Promise<number> {
  const admin = knexFactory({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
  try {
    const { rows } = await admin.raw('SHOW server_version_num');
    return Math.floor(Number(rows[0].server_version_num) / 10_000);
  } finally {
    await admin.destroy();
  }
}

/**
 * The machine's PostgreSQL binaries of the test server's major version (Debian's
 * /usr/lib/postgresql/<major>/bin), else the embedded package's when its version matches; or
 * why there are none.
 */
export async function findReplicaBinaries(serverUrl: string): Promise<ReplicaBinaries | { missing: string }> {
  const major = await serverMajor(serverUrl);
  const system = `/usr/lib/postgresql/${major}/bin`;
  if (fs.existsSync(path.join(system, 'postgres')) && fs.existsSync(path.join(system, 'initdb'))) {
    const basebackup = path.join(system, 'pg_basebackup');
    return { major, binDir: system, basebackup: fs.existsSync(basebackup) ? basebackup : null };
  }
  const embeddedVersion = await (await embeddedPg()).embeddedPostgresVersion();
  if (Number.parseInt(embeddedVersion, 10) === major) return { major, binDir: undefined, basebackup: null };
  return { missing: `no PostgreSQL ${major} binaries (neither ${system} nor the embedded package, which is ${embeddedVersion})` };
}

export interface StreamingReplica {
  /** The test database on the primary: DATABASE_URL. */
  primaryUrl: string;
  /** The same database on the replica: READ_DATABASE_URL. */
  replicaUrl: string;
  /** How the replica was made, in words for the test's output. */
  story: string[];
  /** Stops both servers it started, drops what it created and deletes its folders. */
  close(): Promise<void>;
}

/** Undo steps, run last first; each one runs even when an earlier one fails. */
class Cleanup {
  private readonly steps: (() => Promise<unknown> | unknown)[] = [];
  add(step: () => Promise<unknown> | unknown): void {
    this.steps.push(step);
  }
  async run(): Promise<void> {
    for (const step of this.steps.splice(0).reverse()) await Promise.resolve().then(step).catch(() => {});
  }
}

function run(file: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** A base backup of `serverUrl` that starts as a standby streaming from it; false when it refuses replication connections. */
async function basebackup(pgBasebackup: string, serverUrl: string, target: string): Promise<boolean> {
  const { code, output } = await run(pgBasebackup, ['-d', serverUrl, '-D', target, '-R', '-X', 'stream', '--checkpoint=fast']);
  if (code === 0) return true;
  fs.rmSync(target, { recursive: true, force: true });
  if (/no pg_hba\.conf entry for replication connection/.test(output)) return false;
  throw new Error(`pg_basebackup failed (exit ${code}): ${output.trim()}`);
}

/** What `pg_basebackup -R` writes, for a copy made without it. */
function makeStandby(dataDir: string, primaryUrl: string): void {
  const url = new URL(primaryUrl);
  const conninfo = `host=${url.hostname} port=${url.port} user=${decodeURIComponent(url.username)} password=${decodeURIComponent(url.password)}`;
  fs.appendFileSync(path.join(dataDir, 'postgresql.auto.conf'), `primary_conninfo = '${conninfo}'\n`);
  fs.writeFileSync(path.join(dataDir, 'standby.signal'), '');
}

/**
 * A Debian cluster keeps its configuration in /etc, so its base backup has none: minimal
 * files, with the settings a standby may not have below its primary's copied from the primary.
 */
async function writeMissingConfig(dataDir: string, primaryUrl: string): Promise<void> {
  if (!fs.existsSync(path.join(dataDir, 'postgresql.conf'))) {
    const names = ['max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction'];
    const admin = knexFactory({ client: 'pg', connection: primaryUrl, pool: { min: 0, max: 1 } });
    try {
      const { rows } = await admin.raw('SELECT name, setting FROM pg_settings WHERE name = ANY(?)', [names]);
      const lines = (rows as { name: string; setting: string }[]).map(({ name, setting }) => `${name} = ${setting}`);
      fs.writeFileSync(path.join(dataDir, 'postgresql.conf'), `${lines.join('\n')}\nhot_standby = on\n`);
    } finally {
      await admin.destroy();
    }
  }
  if (!fs.existsSync(path.join(dataDir, 'pg_hba.conf'))) {
    fs.writeFileSync(path.join(dataDir, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
  }
  if (!fs.existsSync(path.join(dataDir, 'pg_ident.conf'))) fs.writeFileSync(path.join(dataDir, 'pg_ident.conf'), '');
}

/** Until `url` answers: the standby is consistent and has replayed the database's creation. */
async function waitUntilReachable(url: string): Promise<void> {
  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    const probe = new pg.Client({ connectionString: url });
    try {
      await probe.connect();
      await probe.query('SELECT 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`The replica did not serve ${new URL(url).pathname} within ${READY_WITHIN_MS / 1000} s: ${String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await probe.end().catch(() => {});
    }
  }
}

function onPort(url: string, port: number): string {
  const moved = new URL(url);
  moved.hostname = '127.0.0.1';
  moved.port = String(port);
  return moved.toString();
}

/**
 * A test database on a primary and a hot standby streaming it (see the top of this file).
 * `applyDelayMs` holds back the replay of each commit (recovery_min_apply_delay), so that a
 * reader who does not wait for the replica is sure to miss a write. Everything started is
 * stopped and deleted by `close`, or at once when starting fails.
 */
export async function startStreamingReplica(
  serverUrl: string,
  binaries: ReplicaBinaries,
  { applyDelayMs = 0 }: { applyDelayMs?: number } = {},
): Promise<StreamingReplica> {
  const { startEmbeddedPostgres } = await embeddedPg();
  const cleanup = new Cleanup();
  const story: string[] = [];
  try {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'replica-pg-'));
    cleanup.add(() => fs.rmSync(root, { recursive: true, force: true }));
    // As root, PostgreSQL runs as `postgres`, which must enter this folder and make its sockets here.
    fs.chmodSync(root, 0o755);
    const socketDir = path.join(root, 'sockets');
    fs.mkdirSync(socketDir, { mode: 0o1777 });
    fs.chmodSync(socketDir, 0o1777);
    const local = { listen_addresses: '127.0.0.1', unix_socket_directories: socketDir };
    const start = async (dataDir: string, port?: number, settings: Record<string, string> = {}) => {
      const server = await startEmbeddedPostgres({ dataDir, port, binDir: binaries.binDir, settings: { ...local, ...settings } });
      if (server.dataDir !== dataDir) cleanup.add(() => fs.rmSync(server.dataDir, { recursive: true, force: true }));
      return server;
    };
    const replicaDir = path.join(root, 'replica');

    let primaryServerUrl = serverUrl;
    let createDatabase: () => Promise<TestDatabase> = createTestDatabase;
    if (binaries.basebackup && (await basebackup(binaries.basebackup, serverUrl, replicaDir))) {
      story.push(`pg_basebackup -R of the test server (PostgreSQL ${binaries.major})`);
    } else {
      story.push(
        binaries.basebackup
          ? 'The test server refuses replication connections (no `replication` line in its pg_hba.conf): the replica follows a primary of its own.'
          : `No pg_basebackup ${binaries.major} on this machine: the replica follows a primary of its own, copied while stopped.`,
      );
      let primary = await start(path.join(root, 'primary'));
      cleanup.add(() => primary.stop());
      if (binaries.basebackup) {
        await basebackup(binaries.basebackup, primary.url, replicaDir);
      } else {
        await primary.stop();
        fs.cpSync(primary.dataDir, replicaDir, {
          recursive: true,
          filter: (source) => !/postmaster\.(pid|opts)$/.test(source),
        });
        fs.chmodSync(replicaDir, 0o700);
        makeStandby(replicaDir, primary.url);
        primary = await start(primary.dataDir, primary.port);
      }
      const primaryUrl = primary.url;
      primaryServerUrl = primaryUrl;
      createDatabase = async () => {
        const name = `replica_${process.pid}`;
        const admin = knexFactory({ client: 'pg', connection: primaryUrl, pool: { min: 0, max: 1 } });
        await admin.raw(`CREATE DATABASE ${name}`).finally(() => admin.destroy());
        const url = new URL(primaryUrl);
        url.pathname = `/${name}`;
        return { url: url.toString(), name, drop: async () => {} };
      };
    }
    await writeMissingConfig(replicaDir, primaryServerUrl);
    const replica = await start(replicaDir, undefined, { hot_standby: 'on', recovery_min_apply_delay: `${applyDelayMs}ms` });
    cleanup.add(() => replica.stop());
    story.push(`The replica is a hot standby on port ${replica.port}.`);

    const db = await createDatabase();
    cleanup.add(() => db.drop());
    const replicaUrl = onPort(db.url, replica.port);
    await waitUntilReachable(replicaUrl);
    return { primaryUrl: db.url, replicaUrl, story, close: () => cleanup.run() };
  } catch (error) {
    await cleanup.run();
    throw error;
  }
}
