import { connect, createTestDatabase, type TestDatabase } from '@test-support/database.js';
import type { Knex } from 'knex';
import type { RecordMatchRequest } from '@team/contracts';
import { compareWithRebuild } from '../support/read-model-check.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { TEST_ADMIN_KEY } from '../support/test-app.js';
import { randomMatch, recordedMatches, repeatedKeys, request, seededRandom, type Outcome } from '../support/match-load.js';

// Issue 10 item 8: the real built server is killed (SIGKILL, no shutdown code runs) while
// recorders are writing. A restarted server on the same database must let every recorder
// retry with its Idempotency-Key and get exactly one match per key, with the same answer the
// log holds, and read tables equal to a replay of the log.

const SEED = 20_261_123;
const REQUESTS = 200;
const CONCURRENCY = 16;
/** Each attempt's limit: the read-your-writes wait (5 s by default) plus a busy machine's margin; only a hang goes past it. */
const REQUEST_TIMEOUT_MS = 20_000;
const RETRY_ROUNDS = 10;
/** Jest's limit for the test: two server starts and 200 writes on a machine that may be busy; only a hang goes past it. */
const TEST_TIMEOUT_MS = 120_000;

interface Job {
  key: string;
  body: RecordMatchRequest;
  outcomes: Outcome[];
}

const answered201 = (job: Job) => job.outcomes.some((o) => o.kind === 'answer' && o.status === 201);
const last201 = (job: Job) => [...job.outcomes].reverse().find((o) => o.kind === 'answer' && o.status === 201) as Extract<Outcome, { kind: 'answer' }> | undefined;

describe('SIGKILL of the server mid-load, then retries with the same Idempotency-Key', () => {
  let db: TestDatabase;
  let knex: Knex;
  let server: ServerProcess | null = null;
  const env = () => ({ DATABASE_URL: db.url, ADMIN_KEY: TEST_ADMIN_KEY, PUBLIC_WRITES_PER_MINUTE: '100000' });

  beforeAll(async () => {
    db = await createTestDatabase();
    knex = connect(db.url, 2);
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await knex?.destroy();
    await db?.drop();
  });

  test('each key is recorded once, retries get the logged answer, read tables equal a rebuild', async () => {
    const random = seededRandom(SEED);
    const jobs: Job[] = Array.from({ length: REQUESTS }, (_, i) => ({
      key: `fault-crash-${SEED}-${i}`,
      body: randomMatch(random),
      outcomes: [],
    }));
    // Somewhere in the middle third to two thirds, so requests are queued, in flight and done.
    const killAfter = Math.floor(REQUESTS * (0.3 + 0.4 * random()));

    server = await startServerProcess(env());
    const first = server;
    let answered = 0;
    let killing: Promise<void> | null = null;
    let next = 0;
    const worker = async () => {
      while (next < jobs.length && !killing) {
        const job = jobs[next++]!;
        const outcome = await request(`${first.baseUrl}/api/matches`, REQUEST_TIMEOUT_MS, {
          method: 'POST',
          json: job.body,
          headers: { 'idempotency-key': job.key },
        });
        job.outcomes.push(outcome);
        if (outcome.kind === 'answer' && ++answered >= killAfter) killing ??= first.kill('SIGKILL');
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await killing;
    expect(first.child.signalCode).toBe('SIGKILL');

    // Before the restart: every answer is a 201 or a 503, never a 500; some requests got no answer.
    const firstAnswers = jobs.flatMap((job) => job.outcomes).filter((o) => o.kind === 'answer');
    expect(firstAnswers.filter((o) => o.status !== 201 && o.status !== 503)).toEqual([]);
    expect(firstAnswers.length).toBeGreaterThanOrEqual(killAfter);
    const unanswered = jobs.filter((job) => !answered201(job));
    expect(unanswered.length).toBeGreaterThan(0);
    expect(jobs.flatMap((job) => job.outcomes).filter((o) => o.kind === 'timeout')).toEqual([]);
    // Everything the dead server acknowledged is in the log.
    const loggedAtKill = new Set((await recordedMatches(knex)).map((match) => match.key));
    expect(jobs.filter((job) => answered201(job) && !loggedAtKill.has(job.key)).map((job) => job.key)).toEqual([]);

    server = await startServerProcess(env());
    const second = server;
    for (let round = 0; round < RETRY_ROUNDS; round++) {
      const todo = jobs.filter((job) => !answered201(job));
      if (todo.length === 0) break;
      let index = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (index < todo.length) {
            const job = todo[index++]!;
            job.outcomes.push(
              await request(`${second.baseUrl}/api/matches`, REQUEST_TIMEOUT_MS, {
                method: 'POST',
                json: job.body,
                headers: { 'idempotency-key': job.key },
              }),
            );
          }
        }),
      );
    }
    expect(jobs.filter((job) => !answered201(job)).map((job) => ({ key: job.key, outcomes: job.outcomes }))).toEqual([]);

    // Exactly one MatchRecorded per key, and each 201 (first or retried) is the logged answer.
    const log = await recordedMatches(knex);
    expect(log.length).toBe(REQUESTS);
    expect(repeatedKeys(log)).toEqual([]);
    const byKey = new Map(log.map((match) => [match.key, match.answer]));
    const disagreeing = jobs.filter((job) =>
      job.outcomes.some((o) => o.kind === 'answer' && o.status === 201 && JSON.stringify(o.body) !== JSON.stringify(byKey.get(job.key))),
    );
    expect(disagreeing.map((job) => ({ key: job.key, logged: byKey.get(job.key), answers: job.outcomes }))).toEqual([]);
    // Retries of a request the dead server had committed got its answer back, not a second match.
    const positions = jobs.map((job) => last201(job)!.body.position);
    expect(new Set(positions).size).toBe(REQUESTS);

    // The projector has reached the head (every answer waited for it); then compare with a replay.
    const health = await request(`${second.baseUrl}/api/health`, 5000);
    expect(health).toMatchObject({ kind: 'answer', status: 200, body: { projector: { lag: 0 } } });
    await second.kill('SIGTERM');
    server = null;
    const { live, rebuilt, events } = await compareWithRebuild(db.url);
    expect(events).toBe(REQUESTS);
    expect(live['ladder_players']).toMatch(/^24:/);
    expect(rebuilt).toEqual(live);
  }, TEST_TIMEOUT_MS);
});
