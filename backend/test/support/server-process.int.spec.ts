import net from 'node:net';
import { createTestDatabase, type TestDatabase } from '@test-support/database.js';
import { startServerProcess, startServerProcesses } from './server-process.js';
import { TEST_ADMIN_KEY } from './test-app.js';

// The helper the multi-process tests start the built server with. A CI run once failed with
// "The server exited before it was ready:" and nothing after it: the process's last words were
// still in its pipes when 'exit' came, and the port handed to it could be taken meanwhile. Another
// (2026-11-29) showed the message's first line and then only an elision mark: how the process
// ended and its last words now come first, where a cut log still shows them.

describe('startServerProcess', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  }, 60_000);

  afterAll(async () => {
    await db?.drop();
  });

  test('a server that cannot start is reported with its own error and exit code', async () => {
    const failure = await startServerProcess({ DATABASE_URL: 'mysql:/nowhere', ADMIN_KEY: TEST_ADMIN_KEY }).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(failure).not.toBeNull();
    const [firstLine] = failure!.split('\n');
    expect(firstLine).toMatch(/^The server exited before it was ready \(exit code 1\): .*DATABASE_URL/);
  }, 60_000);

  test('a start that fails unexpectedly is reported with the logged error, not only its code', async () => {
    const missing = new URL(db.url);
    missing.pathname = `/${db.name}_missing`;
    const failure = await startServerProcess({ DATABASE_URL: missing.toString(), ADMIN_KEY: TEST_ADMIN_KEY }).then(
      () => null,
      (error: Error) => error.message,
    );
    // main.ts's one line names the SQLSTATE only (3D000); the logged error says what it means.
    expect(failure).toMatch(/^The server exited before it was ready \(exit code 1\): Could not start: 3D000\n/);
    expect(failure).toContain(`database \\"${db.name}_missing\\" does not exist`);
  }, 60_000);

  test('two servers started at once each listen on a port of their own and answer there', async () => {
    const env = { DATABASE_URL: db.url, ADMIN_KEY: TEST_ADMIN_KEY };
    const servers = await startServerProcesses(2, env);
    try {
      expect(servers[0]!.baseUrl).not.toBe(servers[1]!.baseUrl);
      for (const server of servers) {
        const response = await fetch(`${server.baseUrl}/api/health`);
        expect(response.status).toBe(200);
        // The port is the server's own: nothing else listens there once it stops.
        const port = Number(new URL(server.baseUrl).port);
        expect(port).toBeGreaterThan(0);
      }
    } finally {
      await Promise.all(servers.map((server) => server.kill('SIGTERM')));
    }
    const port = Number(new URL(servers[0]!.baseUrl).port);
    await new Promise<void>((resolve, reject) => {
      const probe = net.createServer().once('error', reject).listen(port, '127.0.0.1', () => probe.close(() => resolve()));
    });
  }, 120_000);
});
