import { execFile } from 'node:child_process';
import path from 'node:path';
import { BUILT_SERVER } from '../server-process.js';

/** The built `npm run backup` and `npm run restore` (`npx tsc -b` builds them; `npm test` builds first). */
export const BUILT_BACKUP = path.join(path.dirname(BUILT_SERVER), 'backup/backup-main.js');
export const BUILT_RESTORE = path.join(path.dirname(BUILT_SERVER), 'backup/restore-main.js');

/** Runs a built command as a real process with `args`, `env` added to this one's (no KurrentDB, no logs), in `cwd`. */
export function runBuiltCommand(
  script: string,
  args: string[],
  env: Record<string, string>,
  cwd?: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [script, ...args],
      { env: { ...process.env, EVENTSTORE_URL: '', LOG_LEVEL: 'silent', INIT_CWD: '', ...env }, timeout: 120_000, ...(cwd ? { cwd } : {}) },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}
