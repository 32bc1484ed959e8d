import type { WebhookEvent } from '@team/contracts';
import { decideWebhooks, evolveWebhooks, initialWebhooksState, OWNER_PAUSE_REASON, webhookView, type WebhookCommand, type WebhooksState } from './webhook.decider.js';

const now = '2026-12-01T12:00:00.000Z';
const run = (commands: WebhookCommand[]) =>
  commands.reduce<{ state: WebhooksState; events: WebhookEvent[] }>(
    ({ state, events }, command) => {
      const decided = decideWebhooks(command, state);
      return { state: decided.reduce(evolveWebhooks, state), events: [...events, ...decided] };
    },
    { state: initialWebhooksState(), events: [] },
  );
const create: WebhookCommand = { type: 'CreateWebhook', webhookId: 'w000000000001', url: 'https://hooks.example/a', kind: 'generic', events: ['match-recorded'], secret: 'whsec_c2VjcmV0', siteOrigin: 'https://team.example', now };

describe('the webhooks decider', () => {
  test('a change appends only what changed; pausing twice or resuming a live webhook appends nothing', () => {
    const { events } = run([
      create,
      { type: 'UpdateWebhook', webhookId: 'w000000000001', url: 'https://hooks.example/a', now },
      { type: 'UpdateWebhook', webhookId: 'w000000000001', paused: true, now },
      { type: 'UpdateWebhook', webhookId: 'w000000000001', paused: true, now },
      { type: 'UpdateWebhook', webhookId: 'w000000000001', paused: false, events: ['match-voided'], now },
      { type: 'UpdateWebhook', webhookId: 'w000000000001', paused: false, now },
    ]);
    expect(events.map((event) => event.type)).toEqual(['WebhookCreated', 'WebhookPaused', 'WebhookUpdated', 'WebhookResumed']);
    expect(events[1]!.data).toMatchObject({ reason: OWNER_PAUSE_REASON, automatic: false });
  });

  test("the worker's pause names its reason once, and nothing for a webhook already paused or deleted", () => {
    const pause: WebhookCommand = { type: 'PauseFailingWebhook', webhookId: 'w000000000001', reason: 'Deliveries failed for 24 hours', now };
    const { state, events } = run([create, pause, pause]);
    expect(events.map((event) => event.type)).toEqual(['WebhookCreated', 'WebhookPaused']);
    expect(webhookView(state.webhooks.get('w000000000001')!)).toMatchObject({ paused: true, pausedAutomatically: true, pausedReason: 'Deliveries failed for 24 hours' });
    expect(run([create, { type: 'DeleteWebhook', webhookId: 'w000000000001', now }, pause]).events.map((event) => event.type)).toEqual(['WebhookCreated', 'WebhookDeleted']);
  });

  test('the view never holds the secret; an unknown webhook is not found', () => {
    const { state } = run([create]);
    expect(JSON.stringify(webhookView(state.webhooks.get('w000000000001')!))).not.toContain('whsec_');
    expect(() => decideWebhooks({ type: 'DeleteWebhook', webhookId: 'w0000000000ff', now }, state)).toThrow('Webhook not found');
  });
});
