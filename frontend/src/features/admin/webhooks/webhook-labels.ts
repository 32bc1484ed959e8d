import type { WebhookEventName, WebhookKind } from '@team/contracts';

/** How the Webhooks screen names each event a webhook may hear about. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventName, string> = {
  'match-recorded': 'Match recorded',
  'match-voided': 'Match voided',
  'players-merged': 'Players merged',
  'season-started': 'Season started',
  'fixture-scheduled': 'Fixture scheduled',
  'fixture-result': 'Fixture result',
  'submission-waiting': 'Submission waiting for review',
};

export const WEBHOOK_KIND_LABELS: Record<WebhookKind, string> = {
  discord: 'Discord',
  generic: 'Generic (Standard Webhooks)',
};

/** The label of a delivery's type: an event's, or the test's. */
export function deliveryTypeLabel(type: string): string {
  return type === 'webhook-test' ? 'Test' : (WEBHOOK_EVENT_LABELS[type as WebhookEventName] ?? type);
}
