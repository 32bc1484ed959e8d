import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

/**
 * Issue 37 item 5: a full disk crashed the embedded PostgreSQL of `npm start` and nothing started
 * it again; the site stayed down until a restart by hand. A supervised server (`supervise`, as
 * main.ts asks for) is started again on the same port and data when it fails (an exit code or
 * a signal): after 1 s, doubling while its starts fail, at most 30 s apart. An orderly shutdown
 * (exit code 0) is someone's decision, and stays.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');

type SupervisorEvent =
  | { type: 'exited'; code: number | null; signal: string | null; restartInMs: number | null; lastWords: string }
  | { type: 'restart-failed'; message: string; restartInMs: number }
  | { type: 'restarted'; attempts: number };

interface Started {
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

interface EmbeddedPg {
  startEmbeddedPostgres(options: { dataDir: string; supervise?: (event: SupervisorEvent) => void }): Promise<Started>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, withinMs: number): Promise<void> {
  for (const deadline = Date.now() + withinMs; Date.now() < deadline; await sleep(100)) if (await check()) return;
  throw new Error(`${what}: not within ${withinMs} ms`);
}

/** The postmaster's pid, from the pid file it keeps in its data folder. */
function postmasterPid(dataDir: string): number {
  return Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** Kills the postmaster as a crash would (no shutdown), and waits until its port is free. */
async function crash(server: Started): Promise<void> {
  process.kill(postmasterPid(server.dataDir), 'SIGKILL');
  await waitFor('the killed server gone', async () => !(await answers(server.url)), 10_000);
}

/** Holds `port` on 127.0.0.1 (as the server listens there), so a start of the server fails. */
async function holdPort(port: number): Promise<net.Server> {
  const holder = net.createServer();
  for (const deadline = Date.now() + 10_000; ; await sleep(20)) {
    try {
      await new Promise<void>((resolve, reject) => {
        holder.once('error', reject);
        holder.listen(port, '127.0.0.1', () => resolve());
      });
      return holder;
    } catch (error) {
      // The killed server's backends may hold it a moment longer.
      if (Date.now() > deadline) throw error;
    }
  }
}

describe('the supervised embedded PostgreSQL (issue 37 item 5)', () => {
  let root: string;
  let embedded: EmbeddedPg;
  let server: Started | null = null;
  let events: SupervisorEvent[] = [];

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'team-site-pg-supervisor-'));
    // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the folder.
    fs.chmodSync(root, 0o755);
    embedded = (await import(pathToFileURL(path.join(repoRoot, 'scripts/lib/embedded-pg.mjs')).href)) as EmbeddedPg;
  });
  beforeEach(async () => {
    events = [];
    server = await embedded.startEmbeddedPostgres({ dataDir: path.join(root, 'data'), supervise: (event) => events.push(event) });
  });
  afterEach(async () => {
    await server?.stop();
    server = null;
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  test('a crashed server is started again by itself, on the same port and data', async () => {
    const { url } = server!;
    await answers(url).then((up) => expect(up).toBe(true));
    const before = postmasterPid(server!.dataDir);

    await crash(server!);

    await waitFor('the server answering again', () => answers(url), 20_000);
    expect(postmasterPid(server!.dataDir)).not.toBe(before);
    expect(events[0]).toEqual({ type: 'exited', code: null, signal: 'SIGKILL', restartInMs: 1000, lastWords: expect.any(String) });
    // A first start may still find the killed server's last processes on its shared memory, and fail.
    expect(events.at(-1)).toEqual({ type: 'restarted', attempts: expect.any(Number) });
  });

  test('while its starts fail, the wait doubles; once they succeed it runs again', async () => {
    const { url, port } = server!;
    await crash(server!);
    // The port taken by someone else: every start fails until it is given back.
    const holder = await holdPort(port);
    try {
      await waitFor('three failed starts', () => events.filter((e) => e.type === 'restart-failed').length >= 3, 30_000);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
    await waitFor('the server answering again', () => answers(url), 30_000);

    const waits = events.flatMap((e) => ('restartInMs' in e ? [e.restartInMs] : []));
    expect(waits.slice(0, 4)).toEqual([1000, 2000, 4000, 8000]);
    expect(events.filter((e) => e.type === 'restart-failed').map((e) => (e as { message: string }).message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/PostgreSQL did not start/)]),
    );
    expect(events.at(-1)).toEqual({ type: 'restarted', attempts: expect.any(Number) });
  });

  test('an orderly shutdown from outside (SIGINT: a fast shutdown) is not undone', async () => {
    const { url, dataDir } = server!;
    process.kill(postmasterPid(dataDir), 'SIGINT');
    await waitFor('the exit seen by the supervisor', () => events.length > 0, 10_000);
    await sleep(2500);
    expect(await answers(url)).toBe(false);
    expect(events).toEqual([{ type: 'exited', code: 0, signal: null, restartInMs: null, lastWords: expect.stringContaining('database system is shut down') }]);
  });

  test('a server stopped on purpose is not started again, even with a restart pending', async () => {
    const { url, dataDir } = server!;
    await crash(server!);
    await waitFor('the exit seen by the supervisor', () => events.some((e) => e.type === 'exited'), 10_000);
    // The restart waits 1 s: stopped before it comes, it never comes.
    await server!.stop();
    server = null;
    await sleep(2500);
    expect(await answers(url)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'postmaster.pid')) && isAlive(postmasterPid(dataDir))).toBe(false);
    expect(events.map((e) => e.type)).toEqual(['exited']);
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
