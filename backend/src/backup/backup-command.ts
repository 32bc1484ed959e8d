import path from 'node:path';
import type { Knex } from 'knex';
import { ConfigError, loadConfig, type AppConfig } from '../config.js';
import { createKnex } from '../infrastructure/database.js';
import { openEmbeddedDatabase } from '../infrastructure/embedded-database.js';
import { BackupRefusedError } from './backup-file.js';

/** What `npm run backup` and `npm run restore` work with. */
export interface CommandContext {
  config: AppConfig;
  databaseUrl: string;
  knex: Knex;
  /** Aborted by Ctrl-C (SIGINT) or SIGTERM. */
  signal: AbortSignal;
}

/** A path the user typed, from the folder npm was run in (npm runs scripts from the project root). */
export function userPath(file: string): string {
  return path.resolve(process.env.INIT_CWD || process.cwd(), file);
}

/** `1.2 MB`, `532 KB`, `900 B`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

export const formatCount = (n: number) => n.toLocaleString('en-US');

/** Ends the process with one line: the usage, exit code 2. */
export function usage(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(2);
}

/**
 * Runs a backup command on the site's database: DATABASE_URL, else the embedded one, that of
 * the running `npm start` when there is one (found by its postmaster.pid), else one started for
 * this command and stopped after it. `first` runs before the database is opened (a restore
 * checks its file there, so a bad file starts no database). A refusal or a bad setting ends
 * with its one line and exit code 1; anything else with `The <what> failed: …`. With
 * EVENTSTORE_URL the log is not in PostgreSQL, and the command refuses.
 */
export function runBackupCommand<T = void>(
  what: 'backup' | 'restore',
  work: (context: CommandContext, first: T) => Promise<number | void>,
  first: () => Promise<T> = async () => undefined as T,
): void {
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const main = async (): Promise<number> => {
    const config = loadConfig();
    if (config.eventStoreUrl) {
      throw new BackupRefusedError(
        `The event log lives in KurrentDB (EVENTSTORE_URL): back it up with KurrentDB's own tools. npm run ${what} covers a PostgreSQL event log only (docs/operations.md).`,
      );
    }
    const prepared = await first();
    const embedded = config.databaseUrl ? null : await openEmbeddedDatabase(config.dataDir, () => {});
    const databaseUrl = config.databaseUrl ?? embedded!.url;
    // As many connections as `npm run projections:rebuild` uses: a restore ends with a rebuild.
    const knex = createKnex(databaseUrl, 4, `team-site-${what}`);
    try {
      return (await work({ config, databaseUrl, knex, signal: stop.signal }, prepared)) ?? 0;
    } finally {
      await knex.destroy();
      await embedded?.stop();
    }
  };
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const known = error instanceof BackupRefusedError || error instanceof ConfigError;
      process.stderr.write(`${process.stdout.isTTY ? '\n' : ''}${known ? error.message : `The ${what} failed: ${error instanceof Error ? error.message : String(error)}`}\n`);
      process.exit(stop.signal.aborted ? 130 : 1);
    },
  );
}
