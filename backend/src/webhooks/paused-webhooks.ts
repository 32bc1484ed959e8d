import type { PausedWebhook } from '@team/contracts';
import type { WebhooksState } from './webhook.decider.js';

/** The paused webhooks, with why, for the Operations screen (oldest pause first). */
export function pausedWebhooks(state: WebhooksState): PausedWebhook[] {
  return [...state.webhooks.values()]
    .flatMap((webhook) => (webhook.paused ? [{ id: webhook.id, url: webhook.url, kind: webhook.kind, reason: webhook.paused.reason, pausedAt: webhook.paused.at, automatic: webhook.paused.automatic }] : []))
    .sort((a, b) => a.pausedAt.localeCompare(b.pausedAt));
}
