// Runs one step of `npm test` (Jest, Vitest, ESLint…) as a child process while this process
// keeps its event loop turning. That matters because `npm test` owns the embedded PostgreSQL:
// the server writes its log into pipes this process drains, and a synchronous spawn would stop
// the draining. Once a pipe is full, every server process that logs blocks on the write (the
// checkpointer first), and a DROP DATABASE waiting for a checkpoint never returns.
import { spawn } from 'node:child_process';

/**
 * Resolves with the child's exit status (null when it was killed, for example by `timeoutMs`)
 * and never rejects: a command that cannot start resolves with status null and its error.
 */
export function runStep(command, args, { timeoutMs, ...options } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    const timer = timeoutMs ? setTimeout(() => child.kill('SIGKILL'), timeoutMs) : null;
    child.once('error', (error) => {
      if (timer) clearTimeout(timer);
      resolve({ status: null, error });
    });
    child.once('close', (status) => {
      if (timer) clearTimeout(timer);
      resolve({ status });
    });
  });
}
