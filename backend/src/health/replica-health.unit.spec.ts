import { judgeHealth, type CheckpointFacts } from './projector-health.js';

// How health judges a read replica: lag against the primary's checkpoint, and unreachable.

const limits = { stuckAfterMs: 30_000, maxLag: 5 };
const projector = { name: 'read-models', runsInThisProcess: true, active: { worker: 'api-1', since: '2026-11-23T10:00:00.000Z' } };
const checkpointAt = (position: number): CheckpointFacts => ({
  position,
  updatedAt: '2026-01-01T00:00:00.000Z',
  failingPosition: null,
  failingSince: null,
  failingForMs: null,
  failing: false,
});

describe('health with a read replica', () => {
  test('no replica configured: the body has no replica part', () => {
    const { status, body } = judgeHealth(40, checkpointAt(40), limits, projector);
    expect(status).toBe(200);
    expect(body).not.toHaveProperty('replica');
  });

  test('a replica within HEALTH_MAX_LAG of the primary checkpoint: 200 with its position and lag', () => {
    const { status, body } = judgeHealth(40, checkpointAt(40), limits, projector, { position: 35 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', replica: { reachable: true, position: 35, lag: 5 } });
    expect(body).not.toHaveProperty('reasons');
  });

  test('a replica more than HEALTH_MAX_LAG behind: 503 degraded, saying by how much', () => {
    const { status, body } = judgeHealth(40, checkpointAt(40), limits, projector, { position: 34 });
    expect(status).toBe(503);
    expect(body).toMatchObject({
      status: 'degraded',
      database: 'up',
      replica: { reachable: true, position: 34, lag: 6 },
      reasons: ["The read replica is 6 events behind the primary's read tables (limit 5)."],
    });
  });

  test('the lag is measured from the primary checkpoint, not the log head', () => {
    // The projector itself is 3 behind the log (within the limit); the replica has all the projector has.
    const { status, body } = judgeHealth(43, checkpointAt(40), limits, projector, { position: 40 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ projector: { lag: 3 }, replica: { lag: 0 } });
  });

  test('a replica read a moment before a lagging-looking primary never shows negative lag', () => {
    const { body } = judgeHealth(40, checkpointAt(38), limits, projector, { position: 39 });
    expect(body.replica).toEqual({ reachable: true, position: 39, lag: 0 });
  });

  test('an unreachable replica: 503 degraded (the primary is up), with no figures', () => {
    const { status, body } = judgeHealth(40, checkpointAt(40), limits, projector, { position: null });
    expect(status).toBe(503);
    expect(body).toMatchObject({
      status: 'degraded',
      database: 'up',
      replica: { reachable: false, position: null, lag: null },
      reasons: ['The read replica cannot be reached.'],
    });
  });

  test('replica reasons come after the projector reasons', () => {
    const { body } = judgeHealth(50, checkpointAt(40), limits, projector, { position: null });
    expect(body.reasons).toEqual([
      'The read tables are 10 events behind the log (limit 5).',
      'The read replica cannot be reached.',
    ]);
  });
});
