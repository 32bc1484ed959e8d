// Gives the Jest run a PostgreSQL server: the one named by TEST_PG_SERVER_URL (set by
// scripts/test.mjs, which also runs the suite against TEST_DATABASE_URL), else an embedded one.
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { startEmbeddedPostgres } from '../lib/embedded-pg.mjs';

export default async function globalSetup() {
  if (process.env.TEST_PG_SERVER_URL) return;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'jest-pg-'));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the folder.
  fs.chmodSync(root, 0o755);
  const dataDir = path.join(root, 'data');
  const server = await startEmbeddedPostgres({ dataDir });
  process.env.TEST_PG_SERVER_URL = server.url;
  const stop = async () => {
    await server.stop();
    // As root the server may have kept its data elsewhere (see embedded-pg.mjs): not left behind.
    if (server.dataDir !== dataDir) fs.rmSync(server.dataDir, { recursive: true, force: true });
  };
  globalThis.__EMBEDDED_PG__ = { ...server, stop, dataDir };
}
