// Shared pieces of the benchmarks: an embedded PostgreSQL per run, timing and reporting.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../scripts/lib/embedded-pg.mjs';

export async function withEmbeddedPostgres(work) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pg-'));
  fs.chmodSync(root, 0o755);
  // Sized like `npm start`'s (docs/configuration.md): the scale curve's ladders outgrow the default.
  const server = await startEmbeddedPostgres({ dataDir: path.join(root, 'data'), sizedMemory: true });
  try {
    return await work(server);
  } finally {
    await server.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

export async function createDatabase(knexFactory, serverUrl, name) {
  const admin = knexFactory({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.raw(`CREATE DATABASE ${name}`);
  await admin.destroy();
  // The new database on the same server, whatever database the server's URL names.
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Runs `operation` `total` times from `concurrency` workers; returns ops/s and latency
 * percentiles in milliseconds.
 */
export async function measure(total, concurrency, operation) {
  const latencies = [];
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (;;) {
        const i = next++;
        if (i >= total) return;
        const t0 = process.hrtime.bigint();
        await operation(i, worker);
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  return {
    opsPerSecond: total / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

export const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export function row(label, result) {
  return `  ${label.padEnd(46)} ${fmt(result.opsPerSecond).padStart(9)} /s   p50 ${fmt(result.p50, 2).padStart(7)} ms   p99 ${fmt(result.p99, 2).padStart(7)} ms`;
}

/** A TCP port free on 127.0.0.1 a moment ago (for a process that cannot listen on port 0 and say where). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
