import path from 'node:path';
import { formatBytes, formatCount, runBackupCommand, usage, userPath } from './backup-command.js';
import { writeBackup } from './write-backup.js';

/**
 * `npm run backup [-- --out FILE]`: one file of everything the log cannot give back, taken as
 * one snapshot while the site runs (write-backup.ts). Default: backups/backup-<time>-pos<head>.ndjson.gz.
 */
const USAGE = 'Usage: npm run backup [-- --out FILE]';
const args = process.argv.slice(2);
let out: string | undefined;
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  if (arg === '--out' && args[i + 1]) out = args[++i];
  else if (arg.startsWith('--out=') && arg.length > 6) out = arg.slice(6);
  else usage(USAGE);
}

runBackupCommand('backup', async ({ knex, signal }) => {
  const backup = await writeBackup(knex, { ...(out ? { file: userPath(out) } : { dir: path.resolve('backups') }), now: () => new Date(), signal });
  const shown = path.relative(process.cwd(), backup.file);
  process.stdout.write(
    `Backup written: ${shown.startsWith('..') ? backup.file : shown} (${formatBytes(backup.bytes)}), head position ${backup.head}, ` +
      `${formatCount(backup.events)} events, in ${backup.seconds.toFixed(1)} s.\n`,
  );
});
