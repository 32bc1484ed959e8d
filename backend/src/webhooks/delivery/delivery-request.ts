import { Webhook as StandardWebhook } from 'standardwebhooks';
import type { GenericWebhookBody, WebhookEventName, WEBHOOK_TEST_EVENT } from '@team/contracts';
import type { WebhookRecord } from '../webhook.decider.js';
import { discordMessage } from './discord-message.js';
import type { DeliveryData } from './webhook-payloads.js';

/** A queued delivery, as its row holds it. */
export interface QueuedDelivery {
  id: string;
  type: WebhookEventName | typeof WEBHOOK_TEST_EVENT;
  /** The event's log position; 0 for a test. */
  position: number;
  occurredAt: string;
  data: DeliveryData;
}

export const USER_AGENT = 'team-site-webhooks/1';

/**
 * The body and headers of one attempt. Every kind carries `webhook-id` (the delivery's id, the
 * same on every attempt) so a receiver can deduplicate; the generic kind is signed as Standard
 * Webhooks has it: `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">` with the
 * secret's bytes (base64 after `whsec_`), the timestamp being this attempt's, in seconds.
 */
export function deliveryRequest(webhook: Pick<WebhookRecord, 'kind' | 'secret'>, delivery: QueuedDelivery, now: Date): { headers: Record<string, string>; body: string } {
  const timestamp = Math.floor(now.getTime() / 1000);
  const common = { 'content-type': 'application/json', 'user-agent': USER_AGENT, 'webhook-id': delivery.id, 'webhook-timestamp': String(timestamp) };
  if (webhook.kind === 'discord') return { headers: common, body: JSON.stringify(discordMessage(delivery.type, delivery.data)) };
  const payload: GenericWebhookBody = { id: delivery.id, type: delivery.type, position: delivery.position, occurredAt: delivery.occurredAt, data: delivery.data };
  const body = JSON.stringify(payload);
  const signature = new StandardWebhook(webhook.secret).sign(delivery.id, new Date(timestamp * 1000), body);
  return { headers: { ...common, 'webhook-signature': signature }, body };
}
