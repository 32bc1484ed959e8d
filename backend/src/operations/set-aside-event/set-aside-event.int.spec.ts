import { randomUUID } from 'node:crypto';
import type { EventStore } from '@team/contracts';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { until } from '@test-support/until.js';

// A poison event end to end: the projector stops on it, health turns degraded without showing
// the error, Operations names it, an admin sets it aside, the projector and a rebuild skip it,
// and the undo is recorded.

const match = {
  winningTeam: 'team1',
  team1: [{ discordId: 'd-ace', username: 'Ace', kills: 3, deaths: 1, assists: 0, score: 10 }],
  team2: [{ discordId: 'd-bob', username: 'Bob', kills: 1, deaths: 3, assists: 0, score: 5 }],
};


describe('setting aside a poison event', () => {
  let app: TestApp;
  let store: EventStore;
  /** An event no projection handles, then the poison event right after it. */
  let harmless = 0;
  let poison = 0;
  const health = () => app.call('GET', '/api/health');
  const operations = async () => (await app.call('GET', '/api/admin/operations', { admin: true })).body;

  beforeAll(async () => {
    app = await startTestApp({ HEALTH_STUCK_AFTER_MS: '300', READ_YOUR_WRITES_TIMEOUT_MS: '300' });
    store = app.running.app.get(EVENT_STORE);
    // Appended together, so the projector meets both in one batch: the first must still commit.
    // A MatchRecorded without participants: the players projection cannot apply it.
    const appended = await store.append(
      'poison-test',
      [
        { id: randomUUID(), type: 'Noted', data: {} },
        { id: randomUUID(), type: 'MatchRecorded', data: { matchId: 999 } },
      ],
      'any',
      { correlationId: randomUUID(), actor: 'system', recordedAt: new Date() },
    );
    [harmless, poison] = appended.positions as [number, number];
  });
  afterAll(() => app.close());

  test('the stuck projector makes health 503 degraded after the threshold, with no error text', async () => {
    const answer = await until(health, (r) => r.status === 503);
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({
      status: 'degraded',
      database: 'up',
      projector: { position: poison - 1, failing: true },
    });
    expect(typeof answer.body.projector.since).toBe('string');
    expect(answer.body.reasons).toEqual([`The projector has been failing on event ${poison} for a while.`]);
    expect(answer.body.projector).not.toHaveProperty('lastError');
    expect(JSON.stringify(answer.body)).not.toMatch(/participants|iterable|players/i);
  });

  test('a command waits for the frozen read tables and answers 503', async () => {
    const recorded = await app.call('POST', '/api/matches', { json: match });
    expect(recorded.status).toBe(503);
  });

  test('Operations names the failing event with its error (admins only)', async () => {
    const body = await operations();
    expect(body.failing).toMatchObject({ position: poison, type: 'MatchRecorded', streamId: 'poison-test' });
    expect(body.failing.error).toMatch(/players failed on MatchRecorded/);
    expect(typeof body.failing.since).toBe('string');
    expect(body.setAside).toEqual([]);
    expect((await app.call('GET', '/api/admin/operations')).status).toBe(401);
  });

  test.each([
    ['no admin key', { position: 1, reason: 'x' }, false, 401, 'A valid admin key is required.'],
    ['a missing reason', { position: 1 }, true, 400, 'A reason is required to set an event aside.'],
    ['a blank reason', { position: 1, reason: '   ' }, true, 400, 'A reason is required to set an event aside.'],
    ['a reason with a NUL character', { position: 1, reason: 'bad\u0000import' }, true, 400, 'The reason must not contain control characters.'],
    ['a reason with a lone surrogate', { position: 1, reason: 'bad\ud800' }, true, 400, 'The reason must be valid Unicode text (it holds a lone surrogate).'],
    ['a reason over 500 characters', { position: 1, reason: 'x'.repeat(501) }, true, 400, 'The reason must be at most 500 characters.'],
    ['a position that is not a whole number', { position: 'abc', reason: 'x' }, true, 400, 'The position must be a whole number of at least 1.'],
    ['a position with no event', { position: 1_000_000, reason: 'x' }, true, 404, 'There is no event at position 1000000.'],
  ])('refuses %s and appends nothing', async (_label, json, admin, status, error) => {
    const before = await app.eventCount();
    const answer = await app.call('POST', '/api/admin/projections/set-aside', { json, admin });
    expect(answer.status).toBe(status);
    expect(answer.body.error).toMatch(error);
    expect(await app.eventCount()).toBe(before);
  });

  test('an event already in the read tables cannot be set aside', async () => {
    const before = await app.eventCount();
    const answer = await app.call('POST', '/api/admin/projections/set-aside', { json: { position: harmless, reason: 'x' }, admin: true });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe(
      `The event at position ${harmless} is already applied to the read tables; only an event the projector has not passed can be set aside.`,
    );
    const undo = await app.call('POST', `/api/admin/projections/set-aside/${poison}/undo`, { admin: true });
    expect(undo.status).toBe(404);
    expect(undo.body.error).toBe(`The event at position ${poison} is not set aside.`);
    expect(await app.eventCount()).toBe(before);
  });

  test('set aside by an admin: the projector goes on, health is 200 again, the log records it', async () => {
    const answer = await app.call('POST', '/api/admin/projections/set-aside', {
      json: { position: poison, reason: 'Recorded without participants by a broken import' },
      admin: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.setAside).toEqual([
      expect.objectContaining({ position: poison, type: 'MatchRecorded', streamId: 'poison-test', reason: 'Recorded without participants by a broken import' }),
    ]);
    const setAsideAt = answer.body.eventPosition;

    const healthy = await until(health, (r) => r.status === 200);
    expect(healthy.status).toBe(200);
    expect(healthy.body).toMatchObject({ status: 'ok', projector: { failing: false, since: null } });
    expect(healthy.body.projector.position).toBeGreaterThanOrEqual(setAsideAt);
    const after = await operations();
    expect(after.failing).toBeNull();
    expect(after.setAside.map((entry: { position: number }) => entry.position)).toEqual([poison]);

    // Commands work again.
    expect((await app.call('POST', '/api/matches', { json: match })).status).toBe(201);

    const log = await app.call('GET', '/api/admin/events?type=ProjectionEventSetAside', { admin: true });
    expect(log.body.events).toHaveLength(1);
    expect(log.body.events[0]).toMatchObject({
      position: setAsideAt,
      streamId: 'operations',
      actor: 'admin',
      data: { position: poison, type: 'MatchRecorded', reason: 'Recorded without participants by a broken import' },
    });
    expect(log.body.events[0].summary).toBe(
      `Event ${poison} (MatchRecorded in poison-test) set aside from the read models: Recorded without participants by a broken import`,
    );

    const again = await app.call('POST', '/api/admin/projections/set-aside', { json: { position: poison, reason: 'again' }, admin: true });
    expect(again.status).toBe(409);
  });

  test('a rebuild skips the event set aside', async () => {
    expect((await app.call('POST', '/api/admin/projections/rebuild', { admin: true })).status).toBe(202);
    const done = await until(operations, (body) => !body.rebuild.running);
    expect(done.rebuild.lastError).toBeNull();
    expect(done.rebuild.lastResult.events).toBeGreaterThan(poison);
    const board = await app.call('GET', '/api/players/leaderboard');
    expect(board.body.map((p: { username: string }) => p.username).sort()).toEqual(['Ace', 'Bob']);
  });

  test('undo is recorded with the admin actor and the event is no longer set aside', async () => {
    const undone = await app.call('POST', `/api/admin/projections/set-aside/${poison}/undo`, { admin: true });
    expect(undone.status).toBe(200);
    expect(undone.body.setAside).toEqual([]);
    const log = await app.call('GET', '/api/admin/events?type=ProjectionEventSetAsideUndone', { admin: true });
    expect(log.body.events).toHaveLength(1);
    expect(log.body.events[0]).toMatchObject({ actor: 'admin', data: { position: poison } });
    expect((await operations()).setAside).toEqual([]);
    // The live tables skipped it already: the projector does not go back.
    expect((await health()).status).toBe(200);
  });
});
