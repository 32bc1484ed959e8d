import {
  MAX_WEBHOOK_PAUSE_REASON_LENGTH,
  type WebhookEvent,
  type WebhookEventName,
  type WebhookKind,
  type Webhook,
} from '@team/contracts';
import type { Decider } from '../shared/decide-and-append.js';
import { NotFoundError } from '../shared/domain-errors.js';

/** One webhook as the `webhooks` stream has it, its secret included (it never leaves the server). */
export interface WebhookRecord {
  id: string;
  url: string;
  kind: WebhookKind;
  events: WebhookEventName[];
  secret: string;
  siteOrigin: string;
  paused: { reason: string; at: string; automatic: boolean } | null;
  createdAt: string;
  updatedAt: string;
}

/** Every live webhook by id; a deleted one is gone (its id is never reused: ids are random). */
export interface WebhooksState {
  webhooks: ReadonlyMap<string, WebhookRecord>;
}

export type CreateWebhook = {
  type: 'CreateWebhook';
  webhookId: string;
  url: string;
  kind: WebhookKind;
  events: WebhookEventName[];
  secret: string;
  siteOrigin: string;
  now: string;
};
/** The fields given change; `paused` pauses (with the owner's reason) or resumes. */
export type UpdateWebhook = {
  type: 'UpdateWebhook';
  webhookId: string;
  url?: string;
  events?: WebhookEventName[];
  paused?: boolean;
  now: string;
};
export type DeleteWebhook = { type: 'DeleteWebhook'; webhookId: string; now: string };
/** The worker's pause once a delivery has failed for the whole retry window: nothing when it is paused or gone already. */
export type PauseFailingWebhook = { type: 'PauseFailingWebhook'; webhookId: string; reason: string; now: string };
export type WebhookCommand = CreateWebhook | UpdateWebhook | DeleteWebhook | PauseFailingWebhook;

export const WEBHOOK_NOT_FOUND = 'Webhook not found';
export const OWNER_PAUSE_REASON = 'Paused by the owner';

/** A logged event of the stream as the fold takes it. */
export const asWebhookEvent = (event: { type: string; data: unknown }): WebhookEvent => ({ type: event.type, data: event.data }) as WebhookEvent;

export const initialWebhooksState = (): WebhooksState => ({ webhooks: new Map() });

export function evolveWebhooks(state: WebhooksState, event: WebhookEvent): WebhooksState {
  const webhooks = new Map(state.webhooks);
  switch (event.type) {
    case 'WebhookCreated': {
      const d = event.data;
      webhooks.set(d.webhookId, {
        id: d.webhookId,
        url: d.url,
        kind: d.kind,
        events: d.events,
        secret: d.secret,
        siteOrigin: d.siteOrigin,
        paused: null,
        createdAt: d.createdAt,
        updatedAt: d.createdAt,
      });
      break;
    }
    case 'WebhookUpdated': {
      const current = webhooks.get(event.data.webhookId);
      if (current) webhooks.set(current.id, { ...current, url: event.data.url, kind: event.data.kind, events: event.data.events, updatedAt: event.data.updatedAt });
      break;
    }
    case 'WebhookPaused': {
      const current = webhooks.get(event.data.webhookId);
      const { reason, pausedAt, automatic } = event.data;
      if (current) webhooks.set(current.id, { ...current, paused: { reason, at: pausedAt, automatic }, updatedAt: pausedAt });
      break;
    }
    case 'WebhookResumed': {
      const current = webhooks.get(event.data.webhookId);
      if (current) webhooks.set(current.id, { ...current, paused: null, updatedAt: event.data.resumedAt });
      break;
    }
    case 'WebhookDeleted':
      webhooks.delete(event.data.webhookId);
      break;
  }
  return { webhooks };
}

function existing(state: WebhooksState, webhookId: string): WebhookRecord {
  const webhook = state.webhooks.get(webhookId);
  if (!webhook) throw new NotFoundError(WEBHOOK_NOT_FOUND);
  return webhook;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, i) => item === b[i]);

export function decideWebhooks(command: WebhookCommand, state: WebhooksState): WebhookEvent[] {
  switch (command.type) {
    case 'CreateWebhook': {
      const { webhookId, url, kind, events, secret, siteOrigin, now } = command;
      // Ids are random: a used one means the id source is broken.
      if (state.webhooks.has(webhookId)) throw new Error('This webhook id is already in use');
      return [{ type: 'WebhookCreated', data: { webhookId, url, kind, events, secret, siteOrigin, createdAt: now } }];
    }
    case 'UpdateWebhook': {
      const current = existing(state, command.webhookId);
      const out: WebhookEvent[] = [];
      const url = command.url ?? current.url;
      const events = command.events ?? current.events;
      if (url !== current.url || !sameList(events, current.events)) {
        out.push({ type: 'WebhookUpdated', data: { webhookId: current.id, url, kind: current.kind, events, updatedAt: command.now } });
      }
      if (command.paused === true && !current.paused) {
        out.push({ type: 'WebhookPaused', data: { webhookId: current.id, reason: OWNER_PAUSE_REASON, automatic: false, pausedAt: command.now } });
      }
      if (command.paused === false && current.paused) out.push({ type: 'WebhookResumed', data: { webhookId: current.id, resumedAt: command.now } });
      return out;
    }
    case 'DeleteWebhook': {
      const current = existing(state, command.webhookId);
      return [{ type: 'WebhookDeleted', data: { webhookId: current.id, url: current.url, deletedAt: command.now } }];
    }
    case 'PauseFailingWebhook': {
      const current = state.webhooks.get(command.webhookId);
      if (!current || current.paused) return [];
      const reason = command.reason.slice(0, MAX_WEBHOOK_PAUSE_REASON_LENGTH);
      return [{ type: 'WebhookPaused', data: { webhookId: current.id, reason, automatic: true, pausedAt: command.now } }];
    }
  }
}

export const webhooksDecider: Decider<WebhooksState, WebhookCommand, WebhookEvent> = {
  initialState: initialWebhooksState,
  evolve: evolveWebhooks,
  decide: decideWebhooks,
};

/** A webhook as the owner sees it: never the secret. */
export function webhookView(record: WebhookRecord): Webhook {
  return {
    id: record.id,
    url: record.url,
    kind: record.kind,
    events: record.events,
    paused: record.paused !== null,
    pausedReason: record.paused?.reason ?? null,
    pausedAt: record.paused?.at ?? null,
    pausedAutomatically: record.paused?.automatic ?? false,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}
