import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: backend/test/support → ../../.. */
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

/** The built projections worker that `npm run projections` runs. */
export const BUILT_PROJECTIONS_WORKER = path.join(repoRoot, 'backend/dist/projections-main.js');

export interface ChildHandle {
  child: ChildProcess;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Whether it has exited. */
  ended(): boolean;
  /** The last few KB the process wrote, for failure messages. */
  output(): string;
  /** The last line it wrote to stderr (main.ts's one line on a failed start), else to stdout. */
  lastWords(): string;
  /** "(exit code 1)" or "(ended by SIGKILL)" once it has ended, else empty. */
  endedHow(): string;
  /** Sends `signal` and waits for the process to end. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** A built entry point as a child process, with `env` added to this process's environment. */
export function spawnBuilt(script: string, env: Record<string, string>): ChildHandle {
  if (!fs.existsSync(script)) throw new Error(`${script} is missing: build first (npx tsc -b).`);
  const child = spawn(process.execPath, [script], {
    cwd: repoRoot,
    // Errors are logged: a start that fails unexpectedly says only a code on its one line
    // (main.ts), and its logged error is what a test's failure message needs.
    env: { ...process.env, HOST: '127.0.0.1', STATIC_DIR: 'none', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  let stderrTail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.stderr!.on('data', (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString('utf8')).slice(-4000);
  });
  let ended = false;
  let how = '';
  // 'close', not 'exit': it comes once the output pipes are drained too, so output() holds the
  // process's last words (a start-up error) when ended() turns true.
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code, signal) => {
      ended = true;
      how = signal ? `(ended by ${signal})` : `(exit code ${code})`;
      resolve(code);
    }),
  );
  return {
    child,
    exited,
    ended: () => ended,
    output: () => tail,
    // The two pipes drain in no set order: the log line (stdout) can come after stderr's line.
    lastWords: () => lastLine(stderrTail) || lastLine(tail),
    endedHow: () => how,
    async kill(signal) {
      if (!ended) child.kill(signal);
      await exited;
    },
  };
}

/** The last non-empty line of a process's output, for the first line of a failure message. */
export function lastLine(text: string): string {
  return text.trimEnd().split('\n').pop()?.trim() ?? '';
}

/**
 * How a child ended and its last words, for the first line of a failure message: a log cut short
 * after that line still says why (main.ts prints one line naming a start-up problem).
 */
function endedWith(handle: ChildHandle): string {
  return `${handle.endedHow()}: ${handle.lastWords() || '(no output)'}`;
}

/** The line main.ts prints once it listens, with the port the system gave it. */
const LISTENING = /Team site running at http:\/\/localhost:(\d+)/;

/**
 * The real server as a child process (`node backend/dist/main.js`), resolved once `/api/health`
 * answers 200. `env` is added to this process's environment. The server listens on port 0 and
 * says which port it got: a port picked here and handed over could be taken in between by any
 * other process on a busy machine, and the server would exit with EADDRINUSE.
 */
export async function startServerProcess(env: Record<string, string>, readyWithinMs = 30_000): Promise<ServerProcess> {
  const handle = spawnBuilt(BUILT_SERVER, { ...env, PORT: '0' });
  const deadline = Date.now() + readyWithinMs;
  let baseUrl: string | null = null;
  let start = '';
  const findPort = (chunk: Buffer) => {
    start += chunk.toString('utf8');
    const port = LISTENING.exec(start)?.[1];
    if (port) baseUrl = `http://127.0.0.1:${port}`;
    if (port || start.length > 64_000) handle.child.stdout!.off('data', findPort);
  };
  handle.child.stdout!.on('data', findPort);
  for (;;) {
    if (handle.ended()) throw new Error(`The server exited before it was ready ${endedWith(handle)}\n${handle.output()}`);
    if (baseUrl) {
      try {
        const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
        if (response.status === 200) return { baseUrl, child: handle.child, exited: handle.exited, output: handle.output, kill: handle.kill };
      } catch {
        /* not answering yet */
      }
    }
    if (Date.now() > deadline) {
      await handle.kill('SIGKILL');
      throw new Error(`The server was not ready within ${readyWithinMs} ms:\n${handle.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * `count` servers started at once on the same settings. If one cannot start, the others are
 * stopped before the failure is thrown: none is left holding the test's database.
 */
export async function startServerProcesses(count: number, env: Record<string, string>): Promise<ServerProcess[]> {
  const started = await Promise.allSettled(Array.from({ length: count }, () => startServerProcess(env)));
  const failed = started.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  const servers = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  if (failed) {
    await Promise.all(servers.map((server) => server.kill('SIGTERM')));
    throw failed.reason;
  }
  return servers;
}
