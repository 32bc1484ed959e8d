// Replay: 100,000 recorded matches rebuilt into fresh read tables, against a plain sequential
// scan of the same events (COPY of the events table to /dev/null) on the same database in the
// same run. Goal: rebuild rate ≥ 0.3 of the scan rate (events per second both). Also times the
// ladder's cold start (state of 100,000 matches ready from snapshot + log), and how long an
// aborted rebuild (a shutdown, or the app closing mid-rebuild) takes to stop and drop its
// half-built tables, aborted early and half-way (goal: within 5 s).
import { randomUUID } from 'node:crypto';
import knexFactory from 'knex';
import { MODES } from '../contracts/dist/index.js';
import { readModelProjections, rebuildReadModels, migrateReadModels, RebuildAbortedError } from '../projections/dist/index.js';
import { createKnex } from '../backend/dist/infrastructure/database.js';
import { PgNotifications } from '../backend/dist/infrastructure/pg-notifications.js';
import { PostgresEventStore } from '../backend/dist/event-store/postgres/postgres-event-store.js';
import { decide } from '../backend/dist/ladder/ladder.decider.js';
import { evolve } from '../backend/dist/ladder/ladder.evolve.js';
import { initialLadderState } from '../backend/dist/ladder/ladder.state.js';
import { LadderRepository } from '../backend/dist/ladder/runtime/ladder.repository.js';
import { createDatabase, fmt } from './lib.mjs';

const MATCHES = Number(process.env.BENCH_REBUILD_MATCHES ?? 100_000);
const silentLogger = { info() {}, warn() {}, debug() {}, error() {} };
const ABORT_BUDGET_MS = 5000;

function request(i) {
  const players = (offset) =>
    Array.from({ length: 4 }, (_, k) => {
      const id = (i * 7 + offset + k * 131) % 2000;
      return { discordId: `d-${id}`, username: `Player ${id}`, kills: 3 + ((i + k) % 20), deaths: 2 + ((i * 3 + k) % 15), assists: (i + k) % 9, score: 500 + ((i * 11 + k) % 2500) };
    });
  const mode = i % 3 === 0 ? null : MODES[i % MODES.length];
  const team1 = players(0);
  const team2 = players(1000);
  const limit = mode?.scoreLimit ?? null;
  return {
    command: {
      type: 'RecordMatch',
      request: { modeId: mode?.id ?? null, winningTeam: i % 2 ? 'team1' : 'team2', team1Score: limit ? (i % 2 ? limit : limit - 1) : null, team2Score: limit ? (i % 2 ? limit - 1 : limit) : null, team1, team2 },
      mode,
      statsUsed: true,
      idempotencyKey: null,
      requestHash: null,
    },
  };
}

/** Decides the matches with the real decider and appends them in large batches (fast seeding). */
export async function seed(store) {
  const state = initialLadderState();
  const context = { correlationId: randomUUID(), actor: 'system', recordedAt: new Date('2026-01-01T00:00:00Z') };
  let revision = -1;
  const batchSize = 500;
  for (let start = 0; start < MATCHES; start += batchSize) {
    const events = [];
    for (let i = start; i < Math.min(MATCHES, start + batchSize); i++) {
      const decided = decide(request(i).command, state, { now: new Date(Date.UTC(2026, 0, 1) + i * 60_000) });
      for (const event of decided) {
        evolve(state, event);
        events.push({ id: randomUUID(), type: event.type, data: event.data });
      }
    }
    const result = await store.append('ladder', events, revision === -1 ? 'no_stream' : revision, context);
    revision = result.nextExpectedRevision;
  }
}

export async function benchRebuild(server) {
  const url = await createDatabase(knexFactory, server.url, 'bench_rebuild');
  const knex = createKnex(url, 6);
  const notifications = new PgNotifications(url);
  try {
    await PostgresEventStore.migrate(knex);
    await migrateReadModels(knex, readModelProjections);
    const store = new PostgresEventStore(knex, notifications);
    const seeded = Date.now();
    await seed(store);
    console.log(`\nSeeded ${fmt(MATCHES)} matches (decided by the ladder decider) in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

    await knex.raw('CHECKPOINT');
    const { n: logged } = await knex('public.events').count({ n: '*' }).first();
    const scanStart = process.hrtime.bigint();
    await knex.raw(`COPY public.events TO '/dev/null'`);
    const scanSeconds = Number(process.hrtime.bigint() - scanStart) / 1e9;

    const rebuild = (options = {}) =>
      rebuildReadModels({
        liveKnex: knex,
        openKnex: (searchPath) => createKnex(url, 4, 'bench-rebuild', searchPath),
        reader: store,
        projections: readModelProjections,
        ...options,
      });
    const result = await rebuild();
    const players = await knex('ladder_players').count({ n: '*' }).first();

    /** A rebuild aborted once `fraction` of the log is read: ms from the abort until it has stopped. */
    const abortAt = async (fraction) => {
      const controller = new AbortController();
      let abortedAt = null;
      let doneAtAbort = 0;
      try {
        await rebuild({
          signal: controller.signal,
          onProgress: (progress) => {
            if (abortedAt !== null || progress.phase !== 'building' || progress.done === 0 || progress.done < fraction * progress.total) return;
            abortedAt = process.hrtime.bigint();
            doneAtAbort = progress.done;
            controller.abort();
          },
        });
        throw new Error('the aborted rebuild ran to its end');
      } catch (error) {
        if (!(error instanceof RebuildAbortedError)) throw error;
      }
      return { ms: Number(process.hrtime.bigint() - abortedAt) / 1e6, doneAtAbort };
    };
    const aborts = { early: await abortAt(0), halfway: await abortAt(0.5) };

    const repository = new LadderRepository(store, silentLogger, knex);
    const coldStart = process.hrtime.bigint();
    await repository.read((state) => state.players.size);
    const coldSeconds = Number(process.hrtime.bigint() - coldStart) / 1e9;
    // The first start writes its snapshot in the background: let it land before the second start.
    const head = repository.currentRevision;
    for (let waited = 0; ; waited += 50) {
      const saved = await knex('public.ladder_snapshots').where({ stream_id: 'ladder' }).max({ revision: 'revision' }).first();
      if (Number(saved?.revision ?? -1) >= head) break;
      if (waited > 30_000) throw new Error('the ladder snapshot was not written within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const warmRepository = new LadderRepository(store, silentLogger, knex);
    const warmStart = process.hrtime.bigint();
    await warmRepository.read((state) => state.players.size);
    const warmSeconds = Number(process.hrtime.bigint() - warmStart) / 1e9;

    const scanRate = Number(logged) / scanSeconds;
    const rebuildRate = result.events / result.seconds;
    const ratio = rebuildRate / scanRate;
    console.log(`Rebuild of every read model from ${fmt(result.events)} events (${players.n} players)`);
    console.log(`  COPY events TO /dev/null        ${scanSeconds.toFixed(2).padStart(8)} s   ${fmt(scanRate).padStart(9)} events/s`);
    console.log(`  rebuild + swap                  ${result.seconds.toFixed(2).padStart(8)} s   ${fmt(rebuildRate).padStart(9)} events/s`);
    console.log(`  ratio: ${ratio.toFixed(3)}  (goal ≥ 0.3: ${ratio >= 0.3 ? 'met' : 'NOT met'})`);
    console.log(`Ladder state of ${fmt(MATCHES)} matches ready after a restart: ${coldSeconds.toFixed(2)} s (first start, folds the log and writes a snapshot), ${warmSeconds.toFixed(2)} s (from the snapshot)`);
    const slowestAbort = Math.max(aborts.early.ms, aborts.halfway.ms);
    const abortRatio = ABORT_BUDGET_MS / slowestAbort;
    console.log(
      `An aborted rebuild stopped, its half-built tables dropped: ${fmt(aborts.early.ms)} ms after an abort at ${fmt(aborts.early.doneAtAbort)} events, ` +
        `${fmt(aborts.halfway.ms)} ms after one at ${fmt(aborts.halfway.doneAtAbort)}`,
    );
    console.log(`  ratio: ${abortRatio.toFixed(2)}  (5000 ms / slowest; goal ≥ 1.0: ${abortRatio >= 1 ? 'met' : 'NOT met'})`);
    return [
      { name: 'rebuild-100k', ratio, goal: 0.3, baselineName: 'COPY events TO /dev/null', events: result.events, rebuildSeconds: result.seconds, scanSeconds, ladderColdStartSeconds: coldSeconds, ladderSnapshotStartSeconds: warmSeconds },
      { name: 'rebuild-abort', ratio: abortRatio, goal: 1.0, baselineName: '5 s', abortMs: aborts },
    ];
  } finally {
    await notifications.close();
    await knex.destroy();
  }
}
