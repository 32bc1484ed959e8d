import { createHmac } from 'node:crypto';
import type { CreatedWebhook, GenericWebhookBody, OperationsStatus, RecordMatchRequest, WebhookDelivery, WebhookList } from '@team/contracts';
import { matchLine, recordMatch } from '../../test/support/ladder-requests.js';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';
import type { DiscordMessage } from './delivery/discord-message.js';
import type { MatchRecordedData } from './delivery/webhook-payloads.js';
import { startReceiver, type Received, type TestReceiver } from '../../test/support/webhooks/test-receiver.js';

// Issue 43: outgoing webhooks against a real HTTP receiver on 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE=true
// lets the tests reach it; the refusals without it are at the end and in address-guard's tests).

const aMatch = (a: string, b: string): RecordMatchRequest => ({
  winningTeam: 'team1',
  team1Score: null,
  team2Score: null,
  team1: [matchLine(`${a}-id`, a, { kills: 12, deaths: 4, score: 2400 })],
  team2: [matchLine(`${b}-id`, b, { kills: 4, deaths: 12, score: 900 })],
});

/** The documented recipe, with Node's crypto only: HMAC-SHA256 of "id.timestamp.body" with the secret's bytes. */
function expectedSignature(secret: string, request: Received): string {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signed = `${request.headers['webhook-id']}.${request.headers['webhook-timestamp']}.${request.body}`;
  return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Not reached within ${timeoutMs} ms: ${JSON.stringify(value).slice(0, 2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function createWebhook(app: TestApp, body: unknown): Promise<CreatedWebhook> {
  const answer = await app.call('POST', '/api/admin/webhooks', { admin: true, json: body });
  if (answer.status !== 201) throw new Error(`creating a webhook answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as CreatedWebhook;
}

const deliveriesOf = async (app: TestApp, id: string) => ((await app.call('GET', `/api/admin/webhooks/${id}/deliveries`, { admin: true })).body as { deliveries: WebhookDelivery[] }).deliveries;

describe('webhooks delivered to a real receiver', () => {
  let app: TestApp;
  let receiver: TestReceiver;

  beforeAll(async () => {
    app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.answerWith(() => ({ status: 200, body: 'ok' }));
  });
  afterEach(async () => {
    // Each test's webhooks go, so the next test's receiver hears only its own.
    const { webhooks } = (await app.call('GET', '/api/admin/webhooks', { admin: true })).body as WebhookList;
    for (const webhook of webhooks) await app.call('DELETE', `/api/admin/webhooks/${webhook.id}`, { admin: true });
  });

  test('generic: Standard Webhooks headers and body, signed as the documented recipe says; the secret is shown once', async () => {
    const created = await createWebhook(app, { url: receiver.url(), kind: 'generic', events: ['match-recorded'] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const listed = await app.call('GET', '/api/admin/webhooks', { admin: true });
    expect(JSON.stringify(listed.body)).not.toContain(created.secret!.slice(6));
    expect((listed.body as WebhookList).webhooks).toEqual([expect.objectContaining({ id: created.id, kind: 'generic', paused: false, events: ['match-recorded'] })]);

    const recorded = await recordMatch(app, aMatch('Ace', 'Bea'));
    const [request] = await receiver.waitFor(1);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['webhook-id']).toBe(`${recorded.position}-${created.id}`);
    expect(Number(request!.headers['webhook-timestamp'])).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(request!.headers['webhook-signature']).toBe(expectedSignature(created.secret!, request!));
    const body = JSON.parse(request!.body) as GenericWebhookBody<MatchRecordedData>;
    expect(body).toMatchObject({ id: request!.headers['webhook-id'], type: 'match-recorded', position: recorded.position, occurredAt: expect.any(String) });
    expect(body.data).toMatchObject({ matchId: recorded.matchId, winningTeam: 'team1', mode: null });
    expect(body.data.url).toMatch(new RegExp(`/tracker/matches/${recorded.matchId}$`));
    expect(body.data.imageUrl).toMatch(new RegExp(`/og/matches/${recorded.matchId}\\.png$`));
    expect(body.data.participants.map((p) => [p.username, Math.sign(p.ratingChange)])).toEqual([
      ['Ace', 1],
      ['Bea', -1],
    ]);
    // A tampered body no longer matches the signature.
    expect(expectedSignature(created.secret!, { ...request!, body: request!.body.replace('Ace', 'Ace2') })).not.toBe(request!.headers['webhook-signature']);
  });

  test('discord: one embed with the match, the rating changes with signs, its link and its share card', async () => {
    const created = await createWebhook(app, { url: receiver.url('/discord'), kind: 'discord', events: ['match-recorded'] });
    expect(created).not.toHaveProperty('secret');
    const recorded = await recordMatch(app, { ...aMatch('Cid', 'Dot'), modeId: 1, team1Score: 250, team2Score: 180 });
    const [request] = await receiver.waitFor(1);
    const message = JSON.parse(request!.body) as DiscordMessage;
    expect(message.allowed_mentions).toEqual({ parse: [] });
    expect(message.embeds).toHaveLength(1);
    const [embed] = message.embeds;
    expect(embed!.title).toBe(`Match #${recorded.matchId}: Team 1 won 250–180`);
    expect(embed!.url).toMatch(new RegExp(`^http://.+/tracker/matches/${recorded.matchId}$`));
    expect(embed!.image!.url).toMatch(new RegExp(`^http://.+/og/matches/${recorded.matchId}\\.png$`));
    expect(typeof embed!.color).toBe('number');
    expect(embed!.description).toContain('Hardpoint');
    const [team1, team2] = embed!.fields!;
    const cid = recorded.participants.find((p) => p.username === 'Cid')!;
    const dot = recorded.participants.find((p) => p.username === 'Dot')!;
    expect(team1).toEqual({ name: 'Team 1 (winner) · 250', value: `Cid +${cid.ratingChange} → ${cid.ratingAfter}`, inline: true });
    expect(team2).toEqual({ name: 'Team 2 · 180', value: `Dot −${Math.abs(dot.ratingChange)} → ${dot.ratingAfter}`, inline: true });
    // The share card it links to exists once the delivery goes out.
    expect((await fetch(`${app.baseUrl}/og/matches/${recorded.matchId}.png`)).status).toBe(200);
  });

  test('a 500 is retried with the same id; every attempt is kept with its status, time and answer', async () => {
    receiver.answerWith((_, n) => (n === 0 ? { status: 500, body: 'receiver broke' } : { status: 204 }));
    const created = await createWebhook(app, { url: receiver.url(), kind: 'generic', events: ['match-recorded'] });
    await recordMatch(app, aMatch('Eli', 'Fox'));
    const [first, second] = await receiver.waitFor(2);
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second!.body).toBe(first!.body);
    const [delivery] = await eventually(() => deliveriesOf(app, created.id), (list) => list[0]?.status === 'delivered');
    expect(delivery!.attempts.map((a) => [a.attempt, a.status, a.excerpt])).toEqual([
      [1, 500, 'receiver broke'],
      [2, 204, ''],
    ]);
    expect(delivery!.attempts.every((a) => Number.isInteger(a.ms) && a.ms >= 0)).toBe(true);
  });

  test('a 429 with Retry-After waits that long before the next attempt (Discord rate limits)', async () => {
    receiver.answerWith((_, n) => (n === 0 ? { status: 429, headers: { 'retry-after': '3' }, body: '{"retry_after":3}' } : { status: 200 }));
    await createWebhook(app, { url: receiver.url(), kind: 'discord', events: ['match-recorded'] });
    await recordMatch(app, aMatch('Gil', 'Hub'));
    const [first, second] = await receiver.waitFor(2);
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    // The backoff alone would have tried again after one or two seconds.
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(2900);
  });

  test('a receiver that hangs, answers slowly or cuts its answer never delays recording, and loses nothing', async () => {
    receiver.answerWith((_, n) => (n === 0 ? 'hang' : n === 1 ? 'cut' : { status: 200 }));
    const created = await createWebhook(app, { url: receiver.url(), kind: 'generic', events: ['match-recorded'] });
    await recordMatch(app, aMatch('Ida', 'Jay'));
    await receiver.waitFor(1);
    expect(receiver.hanging()).toBe(1);
    // Recorded while the receiver holds the first delivery unanswered.
    const second = await app.call('POST', '/api/matches', { json: aMatch('Kai', 'Lou') });
    expect(second.status).toBe(201);
    expect(receiver.hanging()).toBe(1);
    // The hung attempt times out (10 s), the cut one fails; both deliveries are made in the end.
    const deliveries = await eventually(() => deliveriesOf(app, created.id), (list) => list.length === 2 && list.every((d) => d.status === 'delivered'), 40_000);
    const attempts = deliveries.flatMap((d) => d.attempts);
    expect(attempts.map((a) => a.error).filter(Boolean)).toEqual(expect.arrayContaining(['timed out after 10 s', 'the receiver closed the connection mid-answer']));
  }, 60_000);

  test('a test delivery, and a redelivery with the same id and body', async () => {
    const created = await createWebhook(app, { url: receiver.url(), kind: 'generic', events: ['match-recorded'] });
    const test = await app.call('POST', `/api/admin/webhooks/${created.id}/test`, { admin: true });
    expect(test.status).toBe(202);
    const [request] = await receiver.waitFor(1);
    expect(JSON.parse(request!.body)).toMatchObject({ id: test.body.deliveryId, type: 'webhook-test', position: 0 });
    expect(request!.headers['webhook-signature']).toBe(expectedSignature(created.secret!, request!));
    await eventually(() => deliveriesOf(app, created.id), (list) => list[0]?.status === 'delivered');
    const again = await app.call('POST', `/api/admin/webhooks/${created.id}/deliveries/${test.body.deliveryId}/redeliver`, { admin: true });
    expect(again.status).toBe(202);
    const [, repeat] = await receiver.waitFor(2);
    expect(repeat!.headers['webhook-id']).toBe(test.body.deliveryId);
    expect(repeat!.body).toBe(request!.body);
    expect((await app.call('POST', `/api/admin/webhooks/${created.id}/deliveries/test-00000000-0000-4000-8000-000000000000/redeliver`, { admin: true })).status).toBe(404);
  });

  test('only the events a webhook asked for; none while it is paused; none after it is deleted', async () => {
    const created = await createWebhook(app, { url: receiver.url(), kind: 'generic', events: ['submission-waiting', 'match-voided'] });
    const recorded = await recordMatch(app, aMatch('Max', 'Ned'));
    const voided = await app.call('POST', `/api/admin/matches/${recorded.matchId}/void`, { admin: true, json: { reason: 'Played on the wrong server' } });
    expect(voided.status).toBe(200);
    const [request] = await receiver.waitFor(1);
    expect(JSON.parse(request!.body)).toMatchObject({ type: 'match-voided', data: { matchId: recorded.matchId, reason: 'Played on the wrong server' } });

    expect((await app.call('PUT', `/api/admin/webhooks/${created.id}`, { admin: true, json: { paused: true, events: ['match-recorded'] } })).body).toMatchObject({ paused: true, pausedReason: 'Paused by the owner', events: ['match-recorded'] });
    await recordMatch(app, aMatch('Oli', 'Pam'));
    expect((await app.call('PUT', `/api/admin/webhooks/${created.id}`, { admin: true, json: { paused: false } })).body).toMatchObject({ paused: false });
    const later = await recordMatch(app, aMatch('Quin', 'Rex'));
    const [, next] = await receiver.waitFor(2);
    expect(JSON.parse(next!.body).data.matchId).toBe(later.matchId);
    expect((await app.call('DELETE', `/api/admin/webhooks/${created.id}`, { admin: true })).status).toBe(204);
    await recordMatch(app, aMatch('Sal', 'Tom'));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.received).toHaveLength(2);
  });

  test('the audit log names webhook changes and never shows a secret, nor finds one by its text', async () => {
    const created = await createWebhook(app, { url: receiver.url(), kind: 'generic', events: ['match-recorded'] });
    const audit = await app.call('GET', '/api/admin/events?type=WebhookCreated', { admin: true });
    expect(audit.body.events[0].summary).toContain(`Webhook ${created.id} (generic) created`);
    const text = JSON.stringify(audit.body);
    expect(text).not.toContain(created.secret!.slice(6));
    expect(text).not.toContain('"secret"');
    const search = await app.call('GET', `/api/admin/events?q=${encodeURIComponent(created.secret!.slice(6, 20))}`, { admin: true });
    expect(search.body.events).toEqual([]);
  });

  test('bad input is a 400 with a clear message, and nothing is appended', async () => {
    const before = await app.eventCount();
    const unknown = await app.call('POST', '/api/admin/webhooks', { admin: true, json: { url: receiver.url(), kind: 'generic', events: ['match-recorded', 'goal-scored'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([expect.stringContaining('unknown event name "goal-scored"')]);
    expect((await app.call('POST', '/api/admin/webhooks', { admin: true, json: { url: 'ftp://example.com/x', kind: 'generic', events: ['match-recorded'] } })).status).toBe(400);
    expect((await app.call('POST', '/api/admin/webhooks', { admin: true, json: { url: receiver.url(), kind: 'slack', events: ['match-recorded'] } })).status).toBe(400);
    expect((await app.call('POST', '/api/admin/webhooks', { admin: true, json: { url: receiver.url(), kind: 'generic', events: [] } })).status).toBe(400);
    expect(await app.eventCount()).toBe(before);
    expect((await app.call('POST', '/api/admin/webhooks', { json: { url: receiver.url(), kind: 'generic', events: ['match-recorded'] } })).status).toBe(401);
  });
});

describe('a webhook whose receiver keeps failing (WEBHOOK_RETRY_WINDOW_HOURS shortened to 4 s)', () => {
  let app: TestApp;
  let receiver: TestReceiver;

  beforeAll(async () => {
    app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_WINDOW_HOURS: String(4 / 3600) });
    receiver = await startReceiver();
    receiver.answerWith(() => ({ status: 503, body: 'down for maintenance' }));
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  test('is paused after the retry window, and Operations says why; resuming sends what waited', async () => {
    const created = await createWebhook(app, { url: receiver.url(), kind: 'generic', events: ['match-recorded'] });
    await recordMatch(app, aMatch('Uma', 'Vic'));
    const operations = await eventually(
      async () => (await app.call('GET', '/api/admin/operations', { admin: true })).body as OperationsStatus,
      (status) => status.pausedWebhooks.length === 1,
    );
    expect(operations.pausedWebhooks[0]).toMatchObject({ id: created.id, automatic: true, reason: expect.stringContaining('the last attempt got: HTTP 503') });
    const [delivery] = await deliveriesOf(app, created.id);
    expect(delivery!.status).toBe('failed');
    expect(delivery!.attempts.length).toBeGreaterThanOrEqual(2);
    const attemptsSoFar = receiver.received.length;
    // Paused: a new match waits (is not even queued); nothing more is sent.
    await recordMatch(app, aMatch('Wes', 'Xan'));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.received).toHaveLength(attemptsSoFar);
    const audit = await app.call('GET', '/api/admin/events?type=WebhookPaused', { admin: true });
    expect(audit.body.events[0]).toMatchObject({ actor: 'system' });

    // The owner fixes the receiver, resumes, and redelivers the failed one.
    receiver.answerWith(() => ({ status: 200 }));
    expect((await app.call('PUT', `/api/admin/webhooks/${created.id}`, { admin: true, json: { paused: false } })).status).toBe(200);
    expect((await app.call('POST', `/api/admin/webhooks/${created.id}/deliveries/${delivery!.id}/redeliver`, { admin: true })).status).toBe(202);
    await eventually(() => deliveriesOf(app, created.id), (list) => list.length === 1 && list[0]!.status === 'delivered');
    expect(((await app.call('GET', '/api/admin/operations', { admin: true })).body as OperationsStatus).pausedWebhooks).toEqual([]);
  });
});

describe('webhook URLs without WEBHOOK_ALLOW_PRIVATE (SSRF)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({});
  });
  afterAll(() => app?.close());

  test.each([
    ['http, not https', 'http://example.com/hook', 'The webhook URL must use https.'],
    ['loopback', 'https://127.0.0.1/hook', 'The webhook URL must point to a public address.'],
    ['a name that resolves to loopback', 'https://localhost:8443/hook', 'The webhook URL must point to a public address.'],
    ['a private network', 'https://10.1.2.3/hook', 'The webhook URL must point to a public address.'],
    ['link-local (cloud metadata)', 'https://169.254.169.254/latest', 'The webhook URL must point to a public address.'],
    ['IPv6 loopback', 'https://[::1]/hook', 'The webhook URL must point to a public address.'],
    ['IPv4-mapped IPv6', 'https://[::ffff:127.0.0.1]/hook', 'The webhook URL must point to a public address.'],
    ['carrier-grade NAT', 'https://100.64.0.1/hook', 'The webhook URL must point to a public address.'],
  ])('%s is a 400 and nothing is appended', async (_, url, error) => {
    const before = await app.eventCount();
    const answer = await app.call('POST', '/api/admin/webhooks', { admin: true, json: { url, kind: 'discord', events: ['match-recorded'] } });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(error);
    expect(await app.eventCount()).toBe(before);
  });
});
