import fs from 'node:fs';
import path from 'node:path';

export default async function globalTeardown() {
  const server = globalThis.__EMBEDDED_PG__;
  if (!server) return;
  await server.stop();
  fs.rmSync(path.dirname(server.dataDir), { recursive: true, force: true });
}
