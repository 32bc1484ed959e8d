import { ApiErrorSchema, z, type ApiOperationSpec } from './schema.js';
import { isStorableText } from '../text/text-rules.js';

// Outgoing webhooks: the owner's /api/admin/webhooks calls, the events of the `webhooks` stream,
// and what a delivery sends (docs/webhooks.md).

/** The stream of every webhook's decisions: created, changed, paused, resumed and deleted. */
export const WEBHOOKS_STREAM = 'webhooks';

/** What a webhook may ask to hear about (the names outside clients rely on). */
export const WEBHOOK_EVENT_NAMES = [
  'match-recorded',
  'match-voided',
  'players-merged',
  'season-started',
  'fixture-scheduled',
  'fixture-result',
  'submission-waiting',
] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENT_NAMES)[number];

/** `discord`: a Discord channel webhook (an embed); `generic`: Standard Webhooks, signed JSON. */
export const WEBHOOK_KINDS = ['discord', 'generic'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

/** The `type` of a test delivery (POST /api/admin/webhooks/{id}/test): never a log event. */
export const WEBHOOK_TEST_EVENT = 'webhook-test';

export const MAX_WEBHOOK_URL_LENGTH = 2000;
/** The reason an owner gives for pausing, or the one the worker writes: at most this long. */
export const MAX_WEBHOOK_PAUSE_REASON_LENGTH = 500;

const urlField = z
  .string({ error: 'the webhook URL is required' })
  .max(MAX_WEBHOOK_URL_LENGTH, `the webhook URL must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`)
  .superRefine((value, context) => {
    const problem = webhookUrlShapeProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .meta({ description: 'Where deliveries are POSTed: https to a public address (WEBHOOK_ALLOW_PRIVATE=true also allows http and private addresses).' });

/**
 * What is wrong with a webhook URL's shape, or null. Whether it may use http and where its host
 * resolves to depend on the server's settings and on DNS: the server checks those itself.
 */
export function webhookUrlShapeProblem(value: string): string | null {
  if (!isStorableText(value)) return 'the webhook URL holds characters that cannot be stored';
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return 'the webhook URL must be a full https:// address';
  if (url.username || url.password) return 'the webhook URL must not hold a user name or password';
  return null;
}

const kindField = z.enum(WEBHOOK_KINDS, { error: `the kind must be one of ${WEBHOOK_KINDS.join(', ')}` });

export const WebhookEventNameSchema = z
  .string({ error: 'each event must be an event name' })
  .refine((name) => (WEBHOOK_EVENT_NAMES as readonly string[]).includes(name), {
    error: (issue) => `unknown event name "${String(issue.input).slice(0, 60)}"; the events are ${WEBHOOK_EVENT_NAMES.join(', ')}`,
  })
  .transform((name) => name as WebhookEventName)
  .meta({ id: 'WebhookEventName', description: `One of ${WEBHOOK_EVENT_NAMES.join(', ')}.` });

const eventsField = z
  .array(WebhookEventNameSchema, { error: 'events must be a list of event names' })
  .min(1, 'a webhook needs at least one event')
  .max(WEBHOOK_EVENT_NAMES.length * 2, 'events lists one name at most twice')
  .transform((names) => [...new Set(names)]);

/** POST /api/admin/webhooks. */
export const CreateWebhookRequestSchema = z
  .object({ url: urlField, kind: kindField, events: eventsField })
  .meta({ id: 'CreateWebhookRequest' });
export type CreateWebhookRequest = z.input<typeof CreateWebhookRequestSchema>;

/**
 * PUT /api/admin/webhooks/{id}: the fields given change; `paused` pauses or resumes. The kind
 * stays (a generic webhook's secret is shown only when it is created): make a new webhook instead.
 */
export const UpdateWebhookRequestSchema = z
  .object({
    url: urlField.optional(),
    events: eventsField.optional(),
    paused: z.boolean({ error: 'paused must be true or false' }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'give at least one of url, events and paused')
  .meta({ id: 'UpdateWebhookRequest' });
export type UpdateWebhookRequest = z.input<typeof UpdateWebhookRequestSchema>;

export const WebhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    kind: z.enum(WEBHOOK_KINDS),
    events: z.array(z.enum(WEBHOOK_EVENT_NAMES)),
    paused: z.boolean(),
    /** Why it is paused: the owner's pause, or the worker's after the retry window. */
    pausedReason: z.string().nullable(),
    pausedAt: z.string().nullable(),
    /** True when the worker paused it after failing for the whole retry window. */
    pausedAutomatically: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Webhook', description: 'A webhook as the owner sees it: never its secret.' });
export type Webhook = z.infer<typeof WebhookSchema>;

/** 201 of POST /api/admin/webhooks: the secret (generic kind) is shown here only, once. */
export const CreatedWebhookSchema = z
  .object({
    id: z.string(),
    secret: z.string().optional().meta({ description: 'whsec_<base64>: the signing secret, shown once (generic kind only).' }),
    webhook: WebhookSchema,
  })
  .meta({ id: 'CreatedWebhook' });
export type CreatedWebhook = z.infer<typeof CreatedWebhookSchema>;

export const WebhookListSchema = z.object({ webhooks: z.array(WebhookSchema) }).meta({ id: 'WebhookList' });
export type WebhookList = z.infer<typeof WebhookListSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WebhookAttemptSchema = z
  .object({
    attempt: z.int(),
    startedAt: z.string(),
    /** The receiver's HTTP status; null when no answer came (refused, timed out, cut off). */
    status: z.int().nullable(),
    ms: z.int(),
    /** Why the attempt failed without an answer, or what the answer meant (a redirect, say). */
    error: z.string().nullable(),
    /** The answer's first characters. */
    excerpt: z.string(),
  })
  .meta({ id: 'WebhookAttempt' });
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

export const WebhookDeliverySchema = z
  .object({
    /** The Webhook-Id header: the same on every attempt and redelivery, so receivers deduplicate. */
    id: z.string(),
    webhookId: z.string(),
    type: z.string().meta({ description: `An event name, or ${WEBHOOK_TEST_EVENT} for a test.` }),
    /** The log position of the event delivered; null for a test. */
    position: z.int().nullable(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    createdAt: z.string(),
    deliveredAt: z.string().nullable(),
    /** When the next attempt is due (pending only). */
    nextAttemptAt: z.string().nullable(),
    attempts: z.array(WebhookAttemptSchema),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryListSchema = z.object({ deliveries: z.array(WebhookDeliverySchema) }).meta({ id: 'WebhookDeliveryList' });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryListSchema>;

/** The answer of a test or a redelivery: the delivery queued (it goes out at once). */
export const QueuedDeliverySchema = z.object({ deliveryId: z.string() }).meta({ id: 'QueuedDelivery' });
export type QueuedDelivery = z.infer<typeof QueuedDeliverySchema>;

/** A webhook paused on the Operations screen. */
export const PausedWebhookSchema = z
  .object({ id: z.string(), url: z.string(), kind: z.enum(WEBHOOK_KINDS), reason: z.string(), pausedAt: z.string(), automatic: z.boolean() })
  .meta({ id: 'PausedWebhook' });
export type PausedWebhook = z.infer<typeof PausedWebhookSchema>;

/** The body a generic webhook receives (Standard Webhooks: `webhook-id` is `id`). */
export interface GenericWebhookBody<D = unknown> {
  id: string;
  type: WebhookEventName | typeof WEBHOOK_TEST_EVENT;
  /** The log position of the event; 0 for a test. */
  position: number;
  occurredAt: string;
  data: D;
}

// The events of the `webhooks` stream. WebhookCreated holds the signing secret: the server signs
// with it, and the audit log never shows it (the audit's redaction, like a key's hash).
export interface WebhookCreated {
  type: 'WebhookCreated';
  data: {
    webhookId: string;
    url: string;
    kind: WebhookKind;
    events: WebhookEventName[];
    /** whsec_<base64>; for the discord kind too (unused: Discord takes no signature). */
    secret: string;
    /** The site's address as the owner reached it, for the links deliveries carry when PUBLIC_URL is unset. */
    siteOrigin: string;
    createdAt: string;
  };
}
export interface WebhookUpdated {
  type: 'WebhookUpdated';
  data: { webhookId: string; url: string; kind: WebhookKind; events: WebhookEventName[]; updatedAt: string };
}
export interface WebhookPaused {
  type: 'WebhookPaused';
  data: { webhookId: string; reason: string; automatic: boolean; pausedAt: string };
}
export interface WebhookResumed {
  type: 'WebhookResumed';
  data: { webhookId: string; resumedAt: string };
}
export interface WebhookDeleted {
  type: 'WebhookDeleted';
  data: { webhookId: string; url: string; deletedAt: string };
}
export type WebhookEvent = WebhookCreated | WebhookUpdated | WebhookPaused | WebhookResumed | WebhookDeleted;
export const WEBHOOK_EVENT_TYPES: readonly WebhookEvent['type'][] = ['WebhookCreated', 'WebhookUpdated', 'WebhookPaused', 'WebhookResumed', 'WebhookDeleted'];

/** The field of WebhookCreated that holds the secret: kept in the log, never shown. */
export const WEBHOOK_SECRET_FIELD = 'secret';

const webhookIdParam = z.object({ id: z.string().meta({ description: 'The webhook id (w and 12 hex digits).' }) });
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema]));

export const WEBHOOK_OPERATIONS: ApiOperationSpec[] = [
  {
    method: 'get',
    path: '/api/admin/webhooks',
    summary: 'List the webhooks',
    tag: 'Webhooks',
    role: 'owner',
    responses: { 200: WebhookListSchema, ...errors(401, 403, 429) },
  },
  {
    method: 'post',
    path: '/api/admin/webhooks',
    summary: 'Create a webhook',
    description: 'The URL must be https to a public address (checked against DNS now and at every delivery). The answer shows the signing secret once.',
    tag: 'Webhooks',
    role: 'owner',
    body: CreateWebhookRequestSchema,
    responses: { 201: CreatedWebhookSchema, ...errors(400, 401, 403, 429) },
  },
  {
    method: 'put',
    path: '/api/admin/webhooks/{id}',
    summary: 'Change, pause or resume a webhook',
    tag: 'Webhooks',
    role: 'owner',
    pathParams: webhookIdParam,
    body: UpdateWebhookRequestSchema,
    responses: { 200: WebhookSchema, ...errors(400, 401, 403, 404, 429) },
  },
  {
    method: 'delete',
    path: '/api/admin/webhooks/{id}',
    summary: 'Delete a webhook',
    description: 'Its pending deliveries are not sent.',
    tag: 'Webhooks',
    role: 'owner',
    pathParams: webhookIdParam,
    responses: { 204: null, ...errors(401, 403, 404, 429) },
  },
  {
    method: 'post',
    path: '/api/admin/webhooks/{id}/test',
    summary: 'Send a test delivery',
    tag: 'Webhooks',
    role: 'owner',
    pathParams: webhookIdParam,
    responses: { 202: QueuedDeliverySchema, ...errors(401, 403, 404, 429) },
  },
  {
    method: 'get',
    path: '/api/admin/webhooks/{id}/deliveries',
    summary: "A webhook's latest deliveries and their attempts",
    tag: 'Webhooks',
    role: 'owner',
    pathParams: webhookIdParam,
    responses: { 200: WebhookDeliveryListSchema, ...errors(401, 403, 404, 429) },
  },
  {
    method: 'post',
    path: '/api/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver',
    summary: 'Send a delivery again, with the same id',
    tag: 'Webhooks',
    role: 'owner',
    pathParams: z.object({ id: z.string(), deliveryId: z.string() }),
    responses: { 202: QueuedDeliverySchema, ...errors(401, 403, 404, 429) },
  },
];
