import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * `npm test` owns an embedded PostgreSQL whose log flows through pipes into the test runner,
 * and runs Jest as a child of that runner. When the runner waited for Jest synchronously, the
 * pipes were never drained: after about 64 KiB of server log (a few hundred refused
 * statements) the checkpointer blocked on its write, and the next DROP DATABASE, which waits
 * for a checkpoint, hung the whole run. Here a child floods the server's log and then asks
 * for a checkpoint, run the way `npm test` runs its steps.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');

interface Started {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

const flood = `
  const pg = require('pg');
  (async () => {
    const client = new pg.Client({ connectionString: process.env.FLOOD_URL });
    await client.connect();
    for (let i = 0; i < 1500; i++) {
      await client.query('SELECT * FROM a_table_that_is_not_there_so_the_server_logs_an_error_' + i).catch(() => {});
    }
    await client.query('CHECKPOINT');
    await client.end();
  })().then(() => process.exit(0), (error) => { console.error(error); process.exit(1); });
`;

describe('the embedded PostgreSQL under npm test', () => {
  let root: string;
  let server: Started;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'team-site-pg-log-'));
    fs.chmodSync(root, 0o755);
    const { startEmbeddedPostgres } = (await import(pathToFileURL(path.join(repoRoot, 'scripts/lib/embedded-pg.mjs')).href)) as {
      startEmbeddedPostgres(options: { dataDir: string }): Promise<Started>;
    };
    server = await startEmbeddedPostgres({ dataDir: path.join(root, 'data') });
  });

  afterAll(async () => {
    await server?.stop();
    if (server && !server.dataDir.startsWith(root)) fs.rmSync(server.dataDir, { recursive: true, force: true });
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('keeps answering while a test step fills its log with far more than a pipe holds', async () => {
    const { runStep } = (await import(pathToFileURL(path.join(repoRoot, 'scripts/lib/run-step.mjs')).href)) as {
      runStep(command: string, args: string[], options: object): Promise<{ status: number | null }>;
    };
    const result = await runStep(process.execPath, ['-e', flood], {
      cwd: repoRoot,
      env: { ...process.env, FLOOD_URL: server.url },
      stdio: 'ignore',
      timeoutMs: 45_000,
    });
    // null: the child was killed at the timeout, its CHECKPOINT stuck behind a blocked server.
    expect(result.status).toBe(0);
  });
});
