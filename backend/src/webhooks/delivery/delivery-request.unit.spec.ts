import { createHmac } from 'node:crypto';
import { deliveryRequest, type QueuedDelivery } from './delivery-request.js';

// The worked example of docs/webhooks.md: these exact bytes and this signature.

const EXAMPLE_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const delivery: QueuedDelivery = {
  id: '42-w0123456789ab',
  type: 'match-voided',
  position: 42,
  occurredAt: '2026-01-01T00:00:00.000Z',
  data: { matchId: 7, url: 'https://team.example/tracker/matches/7', reason: 'Wrong server', voidedAt: '2026-01-01T00:00:00.000Z' },
};
const at = new Date('2026-01-01T00:00:00Z');

describe("a generic delivery's request (docs/webhooks.md's worked example)", () => {
  test('the body, headers and signature the docs show', () => {
    const { headers, body } = deliveryRequest({ kind: 'generic', secret: EXAMPLE_SECRET }, delivery, at);
    expect(body).toBe(
      '{"id":"42-w0123456789ab","type":"match-voided","position":42,"occurredAt":"2026-01-01T00:00:00.000Z","data":{"matchId":7,"url":"https://team.example/tracker/matches/7","reason":"Wrong server","voidedAt":"2026-01-01T00:00:00.000Z"}}',
    );
    expect(headers).toMatchObject({ 'webhook-id': '42-w0123456789ab', 'webhook-timestamp': '1767225600' });
    expect(headers['webhook-signature']).toBe('v1,DJ+NNreL9XfN4u/mgyrCf1A7j8KQeQVKD1pQr4ldz7o=');
    // The recipe by hand, with Node's crypto: the same signature.
    const key = Buffer.from(EXAMPLE_SECRET.slice('whsec_'.length), 'base64');
    expect(`v1,${createHmac('sha256', key).update(`42-w0123456789ab.1767225600.${body}`).digest('base64')}`).toBe(headers['webhook-signature']);
  });

  test('a discord delivery carries the id for deduplication but no signature', () => {
    const { headers, body } = deliveryRequest({ kind: 'discord', secret: EXAMPLE_SECRET }, delivery, at);
    expect(headers['webhook-id']).toBe('42-w0123456789ab');
    expect(headers).not.toHaveProperty('webhook-signature');
    expect(JSON.parse(body).embeds[0]).toMatchObject({ title: 'Match #7 was voided', description: 'Reason: Wrong server' });
  });
});
