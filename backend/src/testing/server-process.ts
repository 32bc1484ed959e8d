import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: backend/src/testing → ../../.. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The built server that `npm start` runs (`npx tsc -b` builds it; `npm test` builds first). */
export const BUILT_SERVER = path.join(repoRoot, 'backend/dist/main.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** The last few KB the process wrote, for failure messages. */
  output(): string;
  /** Sends `signal` and waits for the process to end. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * The real server as a child process (`node backend/dist/main.js`) on a free port, resolved
 * once `/api/health` answers 200. `env` is added to this process's environment.
 */
export async function startServerProcess(env: Record<string, string>, readyWithinMs = 30_000): Promise<ServerProcess> {
  if (!fs.existsSync(BUILT_SERVER)) throw new Error(`${BUILT_SERVER} is missing: build first (npx tsc -b).`);
  const port = await freePort();
  const child = spawn(process.execPath, [BUILT_SERVER], {
    cwd: repoRoot,
    env: { ...process.env, HOST: '127.0.0.1', STATIC_DIR: 'none', LOG_LEVEL: 'silent', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let ended = false;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      ended = true;
      resolve(code);
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    baseUrl,
    child,
    exited,
    output: () => tail,
    async kill(signal) {
      if (!ended) child.kill(signal);
      await exited;
    },
  };

  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (ended) throw new Error(`The server exited before it was ready:\n${tail}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return server;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await server.kill('SIGKILL');
      throw new Error(`The server was not ready within ${readyWithinMs} ms:\n${tail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
