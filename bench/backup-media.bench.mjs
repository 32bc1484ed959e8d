// Backup and restore of a site with about 100 MB of images (issue 41: "the backup figures are
// re-measured with 100 MB of images"). BENCH_MEDIA_IMAGES (default 61) noise PNGs of 740 × 740
// (1.64 MB each: random pixels do not compress, as photographs barely do) are uploaded through
// POST /api/admin/media of the real app, so each also gets its WebPs; then `npm run backup`'s
// snapshot and a restore into an empty database are timed, and the file's size is compared with
// the bytes stored. Baselines measured in the same run on the same database: a plain scan of
// the log and the blob table (COPY … TO '/dev/null') for the backup, and a bare write of the same
// blob rows inside PostgreSQL (CREATE TABLE … AS SELECT) for the restore. Goal for both: ≥ 0.1
// (the log's backup goal: the file turns bytea into hex, hashes and compresses it).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import sharp from 'sharp';
import { loadConfig } from '../backend/dist/config.js';
import { createApp } from '../backend/dist/app.js';
import { createKnex } from '../backend/dist/infrastructure/database.js';
import { writeBackup } from '../backend/dist/backup/write-backup.js';
import { restoreBackup } from '../backend/dist/backup/restore-backup.js';
import { createDatabase, fmt } from './lib.mjs';

const IMAGES = Number(process.env.BENCH_MEDIA_IMAGES ?? 61);
const SIDE = 740;
const ADMIN_KEY = 'bench-admin-key-0123456789abcdef';
const mb = (bytes) => `${(bytes / 1_000_000).toFixed(1)} MB`;
const seconds = (start) => Number(process.hrtime.bigint() - start) / 1e9;

/** A PNG of random pixels: as large as its pixels (1.64 MB at 740 × 740), whatever compresses it. */
function noisePng() {
  return sharp(randomBytes(SIDE * SIDE * 3), { raw: { width: SIDE, height: SIDE, channels: 3 } }).png({ compressionLevel: 6 }).toBuffer();
}

/** Uploads the images through the media library's own route, two at a time (its worker pool's size). */
async function uploadImages(url) {
  const config = loadConfig({ STATIC_DIR: 'none', LOG_LEVEL: 'silent' });
  const running = await createApp(config, { adminKey: ADMIN_KEY, databaseUrl: url });
  await running.app.listen(0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${running.app.getHttpServer().address().port}`;
  let originals = 0;
  try {
    let next = 0;
    const uploader = async () => {
      while (next < IMAGES) {
        const i = next++;
        const png = await noisePng();
        originals += png.length;
        const form = new FormData();
        form.append('file', new Blob([png], { type: 'image/png' }), `noise-${i}.png`);
        form.append('alt', `Noise ${i}`);
        const answer = await fetch(`${baseUrl}/api/admin/media`, { method: 'POST', body: form, headers: { 'x-admin-key': ADMIN_KEY } });
        if (answer.status !== 201) throw new Error(`upload ${i}: ${answer.status} ${await answer.text()}`);
      }
    };
    await Promise.all([uploader(), uploader()]);
  } finally {
    await running.close();
  }
  return originals;
}

export async function benchBackupMedia(server) {
  const sourceUrl = await createDatabase(knexFactory, server.url, 'bench_backup_media_source');
  const targetUrl = await createDatabase(knexFactory, server.url, 'bench_backup_media_target');
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-backup-media-'));
  const uploaded = process.hrtime.bigint();
  const originals = await uploadImages(sourceUrl);
  const uploadSeconds = seconds(uploaded);
  const source = createKnex(sourceUrl, 6);
  const target = createKnex(targetUrl, 6);
  try {
    const { n: blobs, total } = await source('public.media_blobs').select(source.raw('count(*)::int AS n'), source.raw('sum(octet_length(bytes))::bigint AS total')).first();
    const stored = Number(total);
    console.log(`\nUploaded ${IMAGES} noise PNGs (${mb(originals)} of originals) in ${uploadSeconds.toFixed(1)} s: ${fmt(blobs)} blobs, ${mb(stored)} stored with the WebPs`);
    await source.raw('CHECKPOINT');

    const scanStart = process.hrtime.bigint();
    await source.raw(`COPY public.events TO '/dev/null'`);
    await source.raw(`COPY public.media_blobs TO '/dev/null'`);
    const scanSeconds = seconds(scanStart);
    const writeStart = process.hrtime.bigint();
    await source.raw('CREATE TABLE public.bench_blob_copy AS SELECT * FROM public.media_blobs');
    const bareWriteSeconds = seconds(writeStart);
    await source.raw('DROP TABLE public.bench_blob_copy');
    await source.raw('CHECKPOINT');

    const backup = await writeBackup(source, { dir: folder, now: () => new Date() });
    const restored = await restoreBackup(target, targetUrl, backup.file);
    const { n: restoredBlobs } = await target('public.media_blobs').count({ n: '*' }).first();
    if (Number(restoredBlobs) !== blobs) throw new Error(`restored ${restoredBlobs} blobs of ${blobs}`);

    const backupRatio = scanSeconds / backup.seconds;
    const restoreRatio = bareWriteSeconds / restored.seconds;
    const sizeRatio = backup.bytes / stored;
    console.log(`Backup and restore with ${mb(stored)} of images (${fmt(backup.events)} events)`);
    console.log(`  COPY events, media_blobs TO /dev/null  ${scanSeconds.toFixed(2).padStart(7)} s`);
    console.log(`  npm run backup's snapshot              ${backup.seconds.toFixed(2).padStart(7)} s   ${mb(backup.bytes)} (${sizeRatio.toFixed(2)}× the stored bytes)`);
    console.log(`  ratio: ${backupRatio.toFixed(3)}  (goal ≥ 0.1: ${backupRatio >= 0.1 ? 'met' : 'NOT met'})`);
    console.log(`  bare write of the blob rows (CTAS)     ${bareWriteSeconds.toFixed(2).padStart(7)} s`);
    console.log(
      `  restore into an empty database         ${restored.seconds.toFixed(2).padStart(7)} s   (verify ${restored.verifySeconds.toFixed(2)} s, load ${restored.loaded.seconds.toFixed(2)} s, rebuild ${restored.rebuild.seconds.toFixed(2)} s)`,
    );
    console.log(`  ratio: ${restoreRatio.toFixed(3)}  (goal ≥ 0.1: ${restoreRatio >= 0.1 ? 'met' : 'NOT met'})`);
    return [
      {
        name: 'backup-100mb-images',
        ratio: backupRatio,
        goal: 0.1,
        baselineName: 'COPY events and media_blobs TO /dev/null',
        images: IMAGES,
        originalBytes: originals,
        storedBytes: stored,
        blobs,
        events: backup.events,
        bytes: backup.bytes,
        sizeRatio,
        backupSeconds: backup.seconds,
        scanSeconds,
      },
      {
        name: 'restore-100mb-images',
        ratio: restoreRatio,
        goal: 0.1,
        baselineName: 'a bare write of the same blob rows (CREATE TABLE AS SELECT)',
        restoreSeconds: restored.seconds,
        verifySeconds: restored.verifySeconds,
        loadSeconds: restored.loaded.seconds,
        rebuildSeconds: restored.rebuild.seconds,
        bareWriteSeconds,
      },
    ];
  } finally {
    await source.destroy();
    await target.destroy();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
