import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createTestDatabase, type TestDatabase } from '@test-support/database.js';
import { spawnBuilt, startServerProcess } from '../test/support/server-process.js';

/**
 * Start-up failures of the built launcher (backend/dist/main.js: run `npx tsc -b` first):
 * one clear line naming the problem, the embedded database stopped, exit code 1.
 */
const mainJs = path.resolve(import.meta.dirname, '../dist/main.js');

function runMain(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [mainJs], {
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), PORT: '0', HOST: '127.0.0.1', STATIC_DIR: 'none', LOG_LEVEL: 'silent', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      clearTimeout(killer);
      resolve({ code, output });
    });
  });
}

let db: TestDatabase;
let folder: string;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'team-site-startup-'));
  // As root, the embedded PostgreSQL runs as `postgres`, which must be able to enter it.
  fs.chmodSync(folder, 0o755);
});
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

describe('start-up errors of the launcher', () => {
  it('stops with one line naming the admin key file when DATA_DIR is a file', async () => {
    const dataDir = path.join(folder, 'not-a-folder');
    fs.writeFileSync(dataDir, 'x');

    const { code, output } = await runMain({ DATABASE_URL: db.url, DATA_DIR: dataDir });

    expect(code).toBe(1);
    expect(output.trim()).toBe(`Cannot write the admin key to DATA_DIR (${dataDir}/admin-key): ENOTDIR`);
  });

  it('stops the embedded PostgreSQL it started when the admin key cannot be read', async () => {
    const dataDir = path.join(folder, 'data');
    // A folder where the key file should be: the database starts, then reading the key fails.
    fs.mkdirSync(path.join(dataDir, 'admin-key'), { recursive: true });

    const { code, output } = await runMain({ DATA_DIR: dataDir });

    expect(code).toBe(1);
    expect(output.trim()).toBe(`Cannot read the admin key from DATA_DIR (${dataDir}/admin-key): EISDIR`);
    // PostgreSQL removes its pid file when it stops; a server left running keeps it.
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });
});

describe('the generated admin key (docs/product.md#errors-and-the-api)', () => {
  /** What one start of the server prints before it is stopped again. */
  async function startAndStop(dataDir: string): Promise<string> {
    const server = await startServerProcess({ DATABASE_URL: db.url, DATA_DIR: dataDir, ADMIN_KEY: '' });
    try {
      // The banner follows the listen that /api/health has just answered through.
      for (let waited = 0; !server.output().includes('API docs:') && waited < 5000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return server.output();
    } finally {
      await server.kill('SIGTERM');
    }
  }

  it('is printed on the first start only; later starts say where it is kept', async () => {
    const dataDir = path.join(folder, 'data');
    const file = path.join(dataDir, 'admin-key');

    const first = await startAndStop(dataDir);
    const key = fs.readFileSync(file, 'utf8').trim();
    expect(first).toContain(`  Admin key: ${key}  (generated now, kept in ${file}; shown on this first start only)`);

    const second = await startAndStop(dataDir);
    expect(second).toContain(`  Admin key: kept in ${file}\n`);
    expect(second).not.toContain(key);
  });

  it('is printed by `npm run demo` when that run generates it, and not again by the next start', async () => {
    const dataDir = path.join(folder, 'data');
    const file = path.join(dataDir, 'admin-key');
    const demo = spawnBuilt(path.resolve(import.meta.dirname, '../dist/demo-main.js'), {
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      ADMIN_KEY: '',
      DEMO_MATCHES: '2',
    });
    expect(await demo.exited).toBe(0);
    const key = fs.readFileSync(file, 'utf8').trim();
    expect(demo.output()).toContain(`  Admin key: ${key}  (generated now, kept in ${file}; shown on this first start only)`);

    const start = await startAndStop(dataDir);
    expect(start).toContain(`  Admin key: kept in ${file}\n`);
    expect(start).not.toContain(key);
  });
});

describe('tools beside a running site on the embedded database (issue 24 item 5)', () => {
  it('`npm run demo` records into the database `npm start` is running, which shows the matches at once', async () => {
    const dataDir = path.join(folder, 'data');
    // No DATABASE_URL: the site runs its embedded PostgreSQL in DATA_DIR.
    const site = await startServerProcess({ DATABASE_URL: '', DATA_DIR: dataDir, ADMIN_KEY: '' }, 60_000);
    try {
      const demo = spawnBuilt(path.resolve(import.meta.dirname, '../dist/demo-main.js'), { DATABASE_URL: '', DATA_DIR: dataDir, ADMIN_KEY: '', DEMO_MATCHES: '4' });
      const code = await demo.exited;
      expect({ code, output: demo.output() }).toEqual({ code: 0, output: expect.stringContaining('Demo data: 4 matches') });
      expect(demo.output()).not.toContain('postmaster.pid');
      const stats = (await (await fetch(`${site.baseUrl}/api/stats/global`)).json()) as { totalMatches: number };
      expect(stats.totalMatches).toBe(4);
    } finally {
      await site.kill('SIGTERM');
    }
    // The demo left the site's server alone: the site stopped it on its way out.
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });
});
