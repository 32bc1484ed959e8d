import type { RecordMatchRequest } from '@team/contracts';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function match(discordId: string): RecordMatchRequest {
  return {
    winningTeam: 'team1',
    team1: [{ discordId, username: `P${discordId}`, kills: 3, deaths: 1, assists: 0, score: 900 }],
    team2: [{ discordId: `${discordId}9`, username: `Q${discordId}`, kills: 1, deaths: 3, assists: 0, score: 400 }],
  };
}

describe('correlation ids', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  async function lastMetadata(): Promise<Record<string, unknown>> {
    const row = await app.knex('events').orderBy('position', 'desc').first('metadata');
    return row.metadata;
  }

  test("a client's x-correlation-id is kept apart; the event's correlationId is the server's fresh id, echoed back", async () => {
    const answer = await app.call('POST', '/api/matches', { json: match('7001'), headers: { 'x-correlation-id': 'client-run-42' } });
    expect(answer.status).toBe(201);
    const metadata = await lastMetadata();
    expect(metadata.correlationId).toMatch(UUID);
    expect(metadata.correlationId).not.toBe('client-run-42');
    expect(metadata.clientCorrelationId).toBe('client-run-42');
    expect(answer.headers.get('x-correlation-id')).toBe(metadata.correlationId);
  });

  test('two requests with the same client id get different server ids', async () => {
    const headers = { 'x-correlation-id': 'same-id' };
    await app.call('POST', '/api/matches', { json: match('7002'), headers });
    const first = await lastMetadata();
    await app.call('POST', '/api/matches', { json: match('7003'), headers });
    const second = await lastMetadata();
    expect(first.correlationId).not.toBe(second.correlationId);
    expect([first.clientCorrelationId, second.clientCorrelationId]).toEqual(['same-id', 'same-id']);
  });

  test('every response carries its own server id, reads and errors too', async () => {
    const first = await app.call('GET', '/api/health', { headers: { 'x-correlation-id': 'mine' } });
    const second = await app.call('GET', '/api/no-such-thing');
    expect(first.headers.get('x-correlation-id')).toMatch(UUID);
    expect(second.headers.get('x-correlation-id')).toMatch(UUID);
    expect(first.headers.get('x-correlation-id')).not.toBe(second.headers.get('x-correlation-id'));
  });

  test('a malformed client id is not stored at all', async () => {
    const answer = await app.call('POST', '/api/matches', { json: match('7004'), headers: { 'x-correlation-id': 'x'.repeat(101) } });
    expect(answer.status).toBe(201);
    const metadata = await lastMetadata();
    expect(metadata.correlationId).toMatch(UUID);
    expect(metadata).not.toHaveProperty('clientCorrelationId');
  });

  test('the audit API shows both ids', async () => {
    await app.call('POST', '/api/matches', { json: match('7005'), headers: { 'x-correlation-id': 'audit-me' } });
    const { status, body } = await app.call('GET', '/api/admin/events?limit=1', { admin: true });
    expect(status).toBe(200);
    const [entry] = body.events;
    expect(entry.correlationId).toMatch(UUID);
    expect(entry.metadata.clientCorrelationId).toBe('audit-me');
  });
});
