// `npm run backup [-- --out FILE]`: builds the back end when needed, then writes one backup file of
// the site's database (backend/src/backup/backup-main.ts; docs/operations.md, "Backup and restore").
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, ensureInstalled, root } from './lib/prepare.mjs';

/** Runs a built backup command with this process's arguments, and exits with its code. */
export function runBackupCommand(entry) {
  ensureInstalled();
  build({ frontend: false });
  const child = spawn(process.execPath, [path.join(root, 'backend/dist/backup', entry), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
  // Ctrl-C reaches the child from the terminal too; forward signals sent to this process alone.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) runBackupCommand('backup-main.js');
