// The projector pair of issue 12 (`npm run projections` twice on one database): the active worker
// is killed with SIGKILL and the standby must take over within 5 s. Measured here, from the kill
// until the lock table names the standby, over a few rounds while events are being appended (as
// in the topology integration test, which only checks that it happens: an append wakes the
// standby, which then tries the lock) and a few with none (it tries every 2 s on its own). A new
// standby is started after each round. Goal: ratio = 5000 ms / slowest takeover ≥ 1.0.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import knexFactory from 'knex';
import { READ_MODELS_CHECKPOINT, readActiveProjector } from '../projections/dist/index.js';
import { createKnex } from '../backend/dist/infrastructure/database.js';
import { PgNotifications } from '../backend/dist/infrastructure/pg-notifications.js';
import { PostgresEventStore } from '../backend/dist/event-store/postgres/postgres-event-store.js';
import { createDatabase, fmt } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TAKEOVER_BUDGET_MS = 5000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `node backend/dist/projections-main.js` as WORKER_NAME `name`, resolved once it has started (standby or active). */
async function startWorker(url, name) {
  const child = spawn(process.execPath, [path.join(root, 'backend/dist/projections-main.js')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, WORKER_NAME: name, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  await new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk) => {
      output += chunk;
      if (!output.includes('projections process started')) return;
      child.stdout.off('data', onData);
      child.stdout.resume();
      resolve();
    };
    child.stdout.on('data', onData);
    child.on('exit', (code) => reject(new Error(`projections worker ${name} exited (${code}) before it started: ${output.slice(-2000)}`)));
  });
  return { name, child, exited };
}

async function activeWorker(knex) {
  const active = await readActiveProjector(knex, READ_MODELS_CHECKPOINT);
  return active && active.worker !== 'starting' ? active.worker : null;
}

async function until(what, read, done, withinMs = 60_000) {
  for (const deadline = Date.now() + withinMs; ; ) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs} ms`);
    await sleep(10);
  }
}

export async function benchProjectorTakeover(server, { rounds = 3 } = {}) {
  const url = await createDatabase(knexFactory, server.url, 'bench_takeover');
  const knex = createKnex(url, 4);
  const notifications = new PgNotifications(url);
  const workers = new Map();
  let appending = true;
  let appender = Promise.resolve();
  try {
    await PostgresEventStore.migrate(knex);
    const store = new PostgresEventStore(knex, notifications);
    let next = 0;
    for (const name of ['worker-0', 'worker-1']) workers.set(name, await startWorker(url, name));
    next = 2;
    let active = await until('a worker active', () => activeWorker(knex), (worker) => worker !== null);

    // A steady trickle of appends (events no read model handles: the worker reads and checkpoints them).
    const context = { correlationId: randomUUID(), actor: 'system', recordedAt: new Date() };
    appender = (async () => {
      while (appending) {
        const events = Array.from({ length: 10 }, () => ({ id: randomUUID(), type: 'BenchNoise', data: {} }));
        await store.append('bench-noise', events, 'any', context);
        await sleep(20);
      }
    })();

    const takeovers = { appending: [], idle: [] };
    for (let round = 0; round < 2 * rounds; round++) {
      const mode = round < rounds ? 'appending' : 'idle';
      if (mode === 'idle' && appending) {
        appending = false;
        await appender;
      }
      const killed = workers.get(active);
      const killedAt = Date.now();
      killed.child.kill('SIGKILL');
      await killed.exited;
      workers.delete(active);
      active = await until('the standby active', () => activeWorker(knex), (worker) => worker !== null && worker !== killed.name);
      takeovers[mode].push(Date.now() - killedAt);
      const name = `worker-${next++}`;
      workers.set(name, await startWorker(url, name));
      // Past the new standby's first try at the lock, and at a random point of its 2 s cycle.
      await sleep(2500 + Math.random() * 2000);
    }

    const slowest = Math.max(...takeovers.appending, ...takeovers.idle);
    const ratio = TAKEOVER_BUDGET_MS / slowest;
    const list = (values) => values.map((ms) => `${fmt(ms)} ms`).join(', ');
    console.log(`\nProjector takeover: SIGKILL of the active \`npm run projections\` worker, until the lock table names the standby`);
    console.log(`  while events are appended: ${list(takeovers.appending)}`);
    console.log(`  with no appends:           ${list(takeovers.idle)}  (the standby's own try, every 2 s)`);
    console.log(`  ratio: ${ratio.toFixed(2)}  (5000 ms / slowest; goal ≥ 1.0: ${ratio >= 1 ? 'met' : 'NOT met'})`);
    return { name: 'projector-takeover', ratio, goal: 1.0, baselineName: 'the 5 s of issue 12', takeoverMs: takeovers };
  } finally {
    appending = false;
    await appender.catch(() => {});
    for (const worker of workers.values()) {
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
    await notifications.close();
    await knex.destroy();
  }
}
