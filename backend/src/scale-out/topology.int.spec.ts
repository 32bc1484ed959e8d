import type { Knex } from 'knex';
import { connect, createTestDatabase, type TestDatabase } from '@test-support/database.js';
import type { HealthResponse, Match, RecordMatchRequest } from '@team/contracts';
import { randomMatch, recordedMatches, repeatedKeys, request, seededRandom, type Outcome } from '../testing/match-load.js';
import { compareWithRebuild } from '../testing/read-model-check.js';
import { BUILT_PROJECTIONS_WORKER, spawnBuilt, startServerProcess, type ChildHandle, type ServerProcess } from '../testing/server-process.js';
import { TEST_ADMIN_KEY } from '../testing/test-app.js';

// Issue 12 items 2 and 5: the production shape on one database. Two stateless API processes
// (PROJECTOR=off) and two `npm run projections` workers; writes go through both APIs while the
// active worker is killed with SIGKILL. The standby must take over within 5 s, every match
// must be in the log once and in the read tables once, and both APIs must serve one board.

const SEED = 20_261_212;
const REQUESTS = 120;
const CONCURRENCY = 8;
const TAKEOVER_LIMIT_MS = 5000;
/** Each attempt: the read-your-writes wait (5 s) plus a margin. */
const REQUEST_TIMEOUT_MS = 8000;

interface Job {
  key: string;
  body: RecordMatchRequest;
  outcomes: Outcome[];
}

async function health(api: ServerProcess): Promise<HealthResponse> {
  const response = await fetch(`${api.baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
  return (await response.json()) as HealthResponse;
}

/** Polls `probe` every 50 ms until it returns a value, or throws after `withinMs`. */
async function until<T>(what: string, withinMs: number, probe: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function getJson<T>(api: ServerProcess, path: string): Promise<T> {
  const response = await fetch(`${api.baseUrl}${path}`);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

describe('two API processes and a projector pair on one database', () => {
  let db: TestDatabase;
  let knex: Knex;
  const apis: ServerProcess[] = [];
  const workers = new Map<string, ChildHandle>();

  beforeAll(async () => {
    db = await createTestDatabase();
    knex = connect(db.url, 2);
    for (const name of ['projector-a', 'projector-b']) {
      workers.set(name, spawnBuilt(BUILT_PROJECTIONS_WORKER, { DATABASE_URL: db.url, WORKER_NAME: name }));
    }
    const env = { DATABASE_URL: db.url, ADMIN_KEY: TEST_ADMIN_KEY, PROJECTOR: 'off', PUBLIC_WRITES_PER_MINUTE: '100000' };
    apis.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
  });
  afterAll(async () => {
    await Promise.all([...apis.map((api) => api.kill('SIGTERM')), ...[...workers.values()].map((worker) => worker.kill('SIGTERM'))]);
    await knex?.destroy();
    await db?.drop();
  });

  test('SIGKILL of the active projector mid-load: the standby takes over, nothing is lost or applied twice', async () => {
    const [apiA, apiB] = apis as [ServerProcess, ServerProcess];
    const first = await until('a projector worker active', 20_000, async () => (await health(apiA)).projector?.activeWorker ?? null);
    expect(workers.has(first)).toBe(true);
    // Both APIs see the same active worker: it is read from the database, not from either process.
    expect((await health(apiB)).projector?.activeWorker).toBe(first);
    const standby = [...workers.keys()].find((name) => name !== first)!;

    const random = seededRandom(SEED);
    const jobs: Job[] = Array.from({ length: REQUESTS }, (_, i) => ({ key: `topology-${SEED}-${i}`, body: randomMatch(random), outcomes: [] }));
    const killAfter = Math.floor(REQUESTS / 3);
    let answered = 0;
    let killedAt = 0;
    let takeover: Promise<{ worker: string; ms: number }> | null = null;
    let next = 0;
    const send = (job: Job, index: number) =>
      request(`${apis[index % 2]!.baseUrl}/api/matches`, REQUEST_TIMEOUT_MS, {
        method: 'POST',
        json: job.body,
        headers: { 'idempotency-key': job.key },
      });
    const writer = async () => {
      while (next < jobs.length) {
        const index = next++;
        const job = jobs[index]!;
        job.outcomes.push(await send(job, index));
        if (++answered === killAfter) {
          killedAt = Date.now();
          await workers.get(first)!.kill('SIGKILL');
          takeover = until('the standby active', TAKEOVER_LIMIT_MS * 3, async () => {
            const worker = (await health(apiB)).projector?.activeWorker ?? null;
            return worker === standby ? { worker, ms: Date.now() - killedAt } : null;
          });
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, writer));
    expect(takeover).not.toBeNull();
    const { ms } = await takeover!;
    expect(ms).toBeLessThan(TAKEOVER_LIMIT_MS);

    // Every answer was a 201, or a 503 "saved, not caught up yet" while no worker was active.
    const answers = jobs.flatMap((job) => job.outcomes).filter((o): o is Extract<Outcome, { kind: 'answer' }> => o.kind === 'answer');
    expect(answers.filter((o) => o.status !== 201 && o.status !== 503)).toEqual([]);
    // Those without a 201 retry with their key (on the other API) and get the logged answer.
    for (const [index, job] of jobs.entries()) {
      if (job.outcomes.some((o) => o.kind === 'answer' && o.status === 201)) continue;
      const retry = await send(job, index + 1);
      job.outcomes.push(retry);
      expect(retry).toMatchObject({ kind: 'answer', status: 201 });
    }

    const logged = await recordedMatches(knex);
    expect(logged).toHaveLength(REQUESTS);
    expect(repeatedKeys(logged)).toEqual([]);
    expect(new Set(logged.map((match) => match.key))).toEqual(new Set(jobs.map((job) => job.key)));

    // Read-your-writes across processes: written through A, read at once through B.
    const crossing = (await send({ key: `topology-${SEED}-crossing`, body: randomMatch(random), outcomes: [] }, 0)) as Extract<Outcome, { kind: 'answer' }>;
    expect(crossing.status).toBe(201);
    const recent = await getJson<Match[]>(apiB, '/api/matches/recent');
    expect(recent[0]!.id).toBe(crossing.body.matchId);

    // One board on both APIs, and read tables equal to a replay of the log: nothing applied twice.
    const [boardA, boardB] = await Promise.all([getJson(apiA, '/api/players/leaderboard'), getJson(apiB, '/api/players/leaderboard')]);
    expect(boardA).toEqual(boardB);
    const comparison = await compareWithRebuild(db.url);
    expect(comparison.live).toEqual(comparison.rebuilt);
    expect(workers.get(standby)!.ended()).toBe(false);
  });
});
