// Backup and restore of 100,000 recorded matches (BENCH_REBUILD_MATCHES): the file's size, how
// long `npm run backup`'s snapshot takes, and how long a restore into an empty database takes
// (verify the file, load the log, rebuild the read models). Baselines measured in the same run on
// the same log: a plain sequential scan (COPY events TO /dev/null) for the backup, and a bare
// rebuild of the read models for the restore. Goals: backup rate ≥ 0.1 of the scan rate (it
// also turns each row into JSON, hashes and compresses it); restore ≥ 0.5 of the rebuild's rate
// (putting the log back costs no more than rebuilding the read models from it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { readModelProjections, rebuildReadModels, migrateReadModels } from '../projections/dist/index.js';
import { createKnex } from '../backend/dist/infrastructure/database.js';
import { PgNotifications } from '../backend/dist/infrastructure/pg-notifications.js';
import { PostgresEventStore } from '../backend/dist/event-store/postgres/postgres-event-store.js';
import { writeBackup } from '../backend/dist/backup/write-backup.js';
import { restoreBackup } from '../backend/dist/backup/restore-backup.js';
import { seed } from './rebuild.bench.mjs';
import { createDatabase, fmt } from './lib.mjs';

const MATCHES = Number(process.env.BENCH_REBUILD_MATCHES ?? 100_000);

export async function benchBackup(server) {
  const sourceUrl = await createDatabase(knexFactory, server.url, 'bench_backup_source');
  const targetUrl = await createDatabase(knexFactory, server.url, 'bench_backup_target');
  const source = createKnex(sourceUrl, 6);
  const target = createKnex(targetUrl, 6);
  const notifications = new PgNotifications(sourceUrl);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-backup-'));
  try {
    await PostgresEventStore.migrate(source);
    await migrateReadModels(source, readModelProjections);
    const store = new PostgresEventStore(source, notifications);
    const seeded = Date.now();
    await seed(store);
    console.log(`\nSeeded ${fmt(MATCHES)} matches in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);
    await source.raw('CHECKPOINT');

    const scanStart = process.hrtime.bigint();
    await source.raw(`COPY public.events TO '/dev/null'`);
    const scanSeconds = Number(process.hrtime.bigint() - scanStart) / 1e9;
    const rebuild = await rebuildReadModels({
      liveKnex: source,
      openKnex: (searchPath) => createKnex(sourceUrl, 4, 'bench-rebuild', searchPath),
      reader: store,
      projections: readModelProjections,
    });

    const backup = await writeBackup(source, { dir: folder, now: () => new Date() });
    const restored = await restoreBackup(target, targetUrl, backup.file);

    const backupRatio = scanSeconds / backup.seconds;
    const restoreRatio = rebuild.seconds / restored.seconds;
    const mb = (bytes) => `${(bytes / 1_000_000).toFixed(1)} MB`;
    console.log(`Backup and restore of ${fmt(MATCHES)} matches (${fmt(backup.events)} events)`);
    console.log(`  COPY events TO /dev/null         ${scanSeconds.toFixed(2).padStart(8)} s`);
    console.log(`  npm run backup's snapshot        ${backup.seconds.toFixed(2).padStart(8)} s   ${mb(backup.bytes)} (${fmt(backup.bytes / MATCHES)} bytes a match)`);
    console.log(`  ratio: ${backupRatio.toFixed(3)}  (goal ≥ 0.1: ${backupRatio >= 0.1 ? 'met' : 'NOT met'})`);
    console.log(`  bare rebuild of the read models  ${rebuild.seconds.toFixed(2).padStart(8)} s`);
    console.log(
      `  restore into an empty database   ${restored.seconds.toFixed(2).padStart(8)} s   (verify ${restored.verifySeconds.toFixed(2)} s, load the log ${restored.loaded.seconds.toFixed(2)} s, rebuild ${restored.rebuild.seconds.toFixed(2)} s)`,
    );
    console.log(`  ratio: ${restoreRatio.toFixed(3)}  (goal ≥ 0.5: ${restoreRatio >= 0.5 ? 'met' : 'NOT met'})`);
    return [
      { name: 'backup-100k', ratio: backupRatio, goal: 0.1, baselineName: 'COPY events TO /dev/null', events: backup.events, bytes: backup.bytes, backupSeconds: backup.seconds, scanSeconds },
      {
        name: 'restore-100k',
        ratio: restoreRatio,
        goal: 0.5,
        baselineName: 'a bare rebuild of the read models',
        restoreSeconds: restored.seconds,
        verifySeconds: restored.verifySeconds,
        loadSeconds: restored.loaded.seconds,
        rebuildSeconds: restored.rebuild.seconds,
        bareRebuildSeconds: rebuild.seconds,
      },
    ];
  } finally {
    await notifications.close();
    await source.destroy();
    await target.destroy();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
