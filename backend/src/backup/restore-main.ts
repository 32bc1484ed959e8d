import { RebuildAbortedError, RebuildAlreadyRunningError } from '@team/projections';
import type { BackupHeader } from './backup-file.js';
import { formatCount, runBackupCommand, usage, userPath, type CommandContext } from './backup-command.js';
import { restoreBackup, verifyBackup } from './restore-backup.js';

/**
 * `npm run restore -- FILE [--to-position N]`: loads a backup into an empty site and rebuilds
 * its read models (restore-backup.ts). `--to-position N` restores the events up to N only.
 */
const USAGE = 'Usage: npm run restore -- FILE [--to-position N]';
const args = process.argv.slice(2);
let file: string | undefined;
let toPosition: number | null = null;
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  const position = arg === '--to-position' ? args[++i] : arg.startsWith('--to-position=') ? arg.slice('--to-position='.length) : null;
  if (position !== null) {
    if (!/^\d{1,15}$/.test(position ?? '')) usage(`--to-position takes a log position (a whole number). ${USAGE}`);
    toPosition = Number(position);
  } else if (!arg.startsWith('--') && file === undefined) file = arg;
  else usage(USAGE);
}
if (file === undefined) usage(USAGE);
const backupFile = userPath(file);

/** The whole file is checked before the database is even opened. */
async function verified(): Promise<BackupHeader> {
  const header = await verifyBackup(backupFile);
  process.stdout.write(`Verified ${file}: ${formatCount(header.events)} events up to position ${header.head}, taken ${header.createdAt}.\n`);
  return header;
}

async function restore({ knex, databaseUrl, signal }: CommandContext, header: BackupHeader): Promise<number | void> {
  const tty = process.stdout.isTTY;
  try {
    const result = await restoreBackup(knex, databaseUrl, backupFile, {
      verified: header,
      toPosition,
      signal,
      onLoaded: (loaded) =>
        process.stdout.write(
          `Restored ${formatCount(loaded.events)} events (up to position ${loaded.lastPosition}${toPosition === null ? '' : `, --to-position ${toPosition}`}) ` +
            `and the rest of the backup in ${loaded.seconds.toFixed(1)} s.\n`,
        ),
      onRebuildProgress: (progress) => {
        if (tty) process.stdout.write(`\rRebuilding the read models: ${formatCount(progress.done)}/${formatCount(progress.total)} events (${progress.phase})   `);
      },
    });
    process.stdout.write(
      `${tty ? '\n' : ''}Rebuilt the read models from ${formatCount(result.rebuild.events)} events in ${result.rebuild.seconds.toFixed(1)} s. ` +
        `Restored in ${result.seconds.toFixed(1)} s.\n`,
    );
  } catch (error) {
    // The log is in: the mark on the checkpoint makes the site's next start rebuild the read models.
    if (error instanceof RebuildAbortedError || error instanceof RebuildAlreadyRunningError) {
      process.stdout.write(`\nThe log is restored, but the read models were not rebuilt (${error.message}): the site rebuilds them when it next starts.\n`);
      return error instanceof RebuildAbortedError ? 130 : 0;
    }
    throw error;
  }
}

runBackupCommand('restore', restore, verified);
