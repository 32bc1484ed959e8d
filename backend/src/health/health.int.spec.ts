import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { EventStore } from '@team/contracts';
import { loadConfig } from '../config.js';
import { EVENT_STORE } from '../infrastructure/tokens.js';
import { freePort } from '../../test/support/server-process.js';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';

// What a load balancer sees: 200 only while the read tables can be trusted.

const context = () => ({ correlationId: randomUUID(), actor: 'system' as const, recordedAt: new Date() });

describe('GET /api/health for load balancers', () => {
  let app: TestApp | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  test('read tables more than HEALTH_MAX_LAG events behind: 503 degraded', async () => {
    // No projector in this process and none elsewhere: every appended event is lag.
    app = await startTestApp({ PROJECTOR: 'off', HEALTH_MAX_LAG: '2' });
    const store: EventStore = app.running.app.get(EVENT_STORE);
    await store.append('notes', [{ id: randomUUID(), type: 'Noted', data: {} }, { id: randomUUID(), type: 'Noted', data: {} }], 'any', context());
    const within = await app.call('GET', '/api/health');
    expect(within.status).toBe(200);
    expect(within.body).toMatchObject({ status: 'ok', projector: { lag: 2, failing: false } });

    await store.append('notes', [{ id: randomUUID(), type: 'Noted', data: {} }], 'any', context());
    const behind = await app.call('GET', '/api/health');
    expect(behind.status).toBe(503);
    expect(behind.body).toMatchObject({
      status: 'degraded',
      database: 'up',
      eventStore: { head: 3 },
      projector: { position: 0, lag: 3, failing: false, since: null },
      reasons: ['The read tables are 3 events behind the log (limit 2).'],
    });
  });

  test('a failing projector stays 200 until HEALTH_STUCK_AFTER_MS has passed, and never shows the error', async () => {
    app = await startTestApp({ HEALTH_STUCK_AFTER_MS: '600000' });
    const store: EventStore = app.running.app.get(EVENT_STORE);
    await store.append('poison-test', [{ id: randomUUID(), type: 'MatchRecorded', data: { matchId: 1 } }], 'any', context());
    const deadline = Date.now() + 10_000;
    let answer = await app.call('GET', '/api/health');
    while (!answer.body.projector?.failing && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await app.call('GET', '/api/health');
    }
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'ok', projector: { position: 0, lag: 1, failing: true } });
    expect(answer.body.projector).not.toHaveProperty('lastError');
    expect(JSON.stringify(answer.body)).not.toMatch(/iterable|participants/);
  });

  test('the worker holding the projector lock (host:pid by default) is named on the admin Operations view only', async () => {
    app = await startTestApp();
    const worker = `${os.hostname()}:${process.pid}`;
    const deadline = Date.now() + 10_000;
    let operations = await app.call('GET', '/api/admin/operations', { admin: true });
    while (operations.body.projector?.activeWorker !== worker && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      operations = await app.call('GET', '/api/admin/operations', { admin: true });
    }
    expect(operations.body.projector).toMatchObject({ activeWorker: worker, lag: 0 });
    const health = await app.call('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body.projector).toMatchObject({ runsInThisProcess: true, activeSince: operations.body.projector.activeSince });
    expect(health.body.projector).not.toHaveProperty('activeWorker');
    const text = JSON.stringify(health.body);
    expect(text).not.toContain(os.hostname());
    expect(text).not.toContain(String(process.pid));

    // The projector stops (its lock is released): no worker is active, on any process's health.
    await app.running.projector!.stop();
    const stopped = await app.call('GET', '/api/health');
    expect(stopped.body.projector).toMatchObject({ activeSince: null, runsInThisProcess: false });
    expect((await app.call('GET', '/api/admin/operations', { admin: true })).body.projector).toMatchObject({ activeWorker: null });
  });

  test('KurrentDB as the log and unreachable: health says the log is down, a write is 503, reads still answer', async () => {
    app = await startTestApp({ EVENTSTORE_URL: `kurrentdb://127.0.0.1:${await freePort()}?tls=false` });
    const health = await app.call('GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ status: 'unavailable', database: 'up', error: 'The event log cannot be reached.' });
    const write = await app.call('POST', '/api/matches', {
      json: {
        winningTeam: 'team1',
        team1: [{ discordId: '91001', username: 'Ace', kills: 1, deaths: 1, assists: 1, score: 10 }],
        team2: [{ discordId: '91002', username: 'Blaze', kills: 1, deaths: 1, assists: 1, score: 5 }],
      },
    });
    expect(write.status).toBe(503);
    expect(write.body.error).not.toMatch(/stack|at /);
    expect((await app.call('GET', '/api/players/leaderboard')).status).toBe(200);
  });

  test('the thresholds are settings, and a malformed one is refused by name', () => {
    expect(loadConfig({})).toMatchObject({ healthStuckAfterMs: 30_000, healthMaxLag: 1000 });
    expect(() => loadConfig({ HEALTH_MAX_LAG: 'many' })).toThrow('Invalid setting HEALTH_MAX_LAG');
    expect(() => loadConfig({ HEALTH_STUCK_AFTER_MS: '-1' })).toThrow('Invalid setting HEALTH_STUCK_AFTER_MS');
  });
});
