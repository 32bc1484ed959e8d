import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

/**
 * Security review (issue 37, item A): the embedded PostgreSQL's superuser had the fixed password
 * `embedded`, so any local process could log in as superuser. The first start now generates a
 * random password, kept (mode 0600) in the cluster's folder and reused by later starts and by the
 * tools run beside a running site; a cluster made with the old password is moved to a random one
 * on its next start. The server listens on 127.0.0.1 only.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');

interface Started {
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

interface EmbeddedPg {
  startEmbeddedPostgres(options: { dataDir: string; port?: number }): Promise<Started>;
  runningEmbeddedPostgres(options: { dataDir: string }): Omit<Started, 'stop'> | null;
}

const PASSWORD_FILE = 'postgres-password';

/** Runs one query as `postgres` with `password`; resolves to its rows, rejects as the server refuses. */
async function queryAs(port: number, password: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/** The server's answer to a login with `password`: 'accepted', or the SQLSTATE of the refusal. */
async function login(port: number, password: string): Promise<string> {
  try {
    await queryAs(port, password, 'SELECT 1');
    return 'accepted';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

describe('the embedded PostgreSQL superuser password (issue 37 item A)', () => {
  let root: string;
  let embedded: EmbeddedPg;
  let server: Started | null = null;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'team-site-pg-password-'));
    // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the folder.
    fs.chmodSync(root, 0o755);
    embedded = (await import(pathToFileURL(path.join(repoRoot, 'scripts/lib/embedded-pg.mjs')).href)) as EmbeddedPg;
  });

  afterAll(async () => {
    await server?.stop();
    if (server && !server.dataDir.startsWith(root)) fs.rmSync(server.dataDir, { recursive: true, force: true });
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('generates a random password on the first start, kept 0600 and reused; refuses `embedded`; listens on 127.0.0.1 only', async () => {
    server = await embedded.startEmbeddedPostgres({ dataDir: path.join(root, 'fresh') });
    const file = path.join(server.dataDir, PASSWORD_FILE);
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const password = fs.readFileSync(file, 'utf8').trim();
    expect(password).toMatch(/^[0-9a-f]{64}$/);
    expect(decodeURIComponent(new URL(server.url).password)).toBe(password);

    expect(await login(server.port, 'embedded')).toBe('28P01');
    expect(await login(server.port, password)).toBe('accepted');
    expect(await queryAs(server.port, password, 'SHOW listen_addresses')).toEqual([{ listen_addresses: '127.0.0.1' }]);

    // A tool beside the running site (npm run backup, restore, demo) reads the same password.
    const beside = embedded.runningEmbeddedPostgres({ dataDir: path.join(root, 'fresh') });
    expect(beside?.url).toBe(server.url);

    // A later start keeps the password it stored.
    const { port } = server;
    await server.stop();
    server = await embedded.startEmbeddedPostgres({ dataDir: path.join(root, 'fresh'), port });
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(password);
    expect(await login(server.port, password)).toBe('accepted');
    await server.stop();
    server = null;
  });

  it('moves a data folder made with the old password `embedded` to a random one on its next start', async () => {
    const dataDir = path.join(root, 'legacy');
    await server?.stop();
    server = await embedded.startEmbeddedPostgres({ dataDir });
    // Rebuild a cluster made before the change: the superuser's password is `embedded`, no file.
    const stored = fs.readFileSync(path.join(server.dataDir, PASSWORD_FILE), 'utf8').trim();
    await queryAs(server.port, stored, `ALTER USER postgres PASSWORD 'embedded'`);
    await server.stop();
    fs.rmSync(path.join(server.dataDir, PASSWORD_FILE));
    server = null;

    server = await embedded.startEmbeddedPostgres({ dataDir });
    const file = path.join(server.dataDir, PASSWORD_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const password = fs.readFileSync(file, 'utf8').trim();
    expect(password).toMatch(/^[0-9a-f]{64}$/);
    expect(password).not.toBe(stored);
    expect(await login(server.port, 'embedded')).toBe('28P01');
    expect(await login(server.port, password)).toBe('accepted');
    expect(decodeURIComponent(new URL(server.url).password)).toBe(password);
  });
});
