import { PausedWebhookSchema } from './webhooks.js';
import { errorResponses, isoTime, wholeNumber, z, type ApiOperationSpec } from './schema.js';

// Setting aside a poison event (docs/scaling.md): the events of the `operations` stream and the
// wire types of the admin calls and the Operations screen that use them.

/** The stream of operational decisions about the log itself, such as set-aside events. */
export const OPERATIONS_STREAM = 'operations';

/** The reason an admin gives for setting an event aside: required, at most this long. */
export const SET_ASIDE_REASON_MAX = 500;

/**
 * An admin told the projectors to skip the event at `position` (one they cannot apply).
 * It comes later in the log than the event it names, so projectors read the `operations`
 * stream ahead of their checkpoint instead of meeting this event in order.
 */
export interface ProjectionEventSetAside {
  type: 'ProjectionEventSetAside';
  data: {
    /** Global log position of the event skipped. */
    position: number;
    /** That event's id, type and stream, so the audit log names it without a second read. */
    eventId: string;
    type: string;
    streamId: string;
    reason: string;
  };
}

/**
 * Undoes a set-aside: future projectors and rebuilds apply the event again. The live read
 * tables skipped it already, and are not changed by the undo (a rebuild applies it).
 */
export interface ProjectionEventSetAsideUndone {
  type: 'ProjectionEventSetAsideUndone';
  data: { position: number; eventId: string };
}

export type OperationsEvent = ProjectionEventSetAside | ProjectionEventSetAsideUndone;

/** POST /api/admin/projections/set-aside. */
export const SetAsideEventRequestSchema = z
  .object({
    position: z.int().min(1).meta({ description: 'Global log position of the event.' }),
    reason: z.string().min(1).max(SET_ASIDE_REASON_MAX),
  })
  .meta({ id: 'SetAsideEventRequest' });
export type SetAsideEventRequest = z.infer<typeof SetAsideEventRequestSchema>;

/** One event an admin has set aside (and not undone). */
export const SetAsideEntrySchema = z
  .object({
    position: wholeNumber(),
    eventId: z.string(),
    type: z.string(),
    streamId: z.string(),
    reason: z.string(),
    setAsideAt: wholeNumber().meta({ description: 'Log position of the ProjectionEventSetAside event.' }),
    recordedAt: isoTime().meta({ description: 'When the admin set it aside.' }),
  })
  .meta({ id: 'SetAsideEntry' });
export type SetAsideEntry = z.infer<typeof SetAsideEntrySchema>;

/** The answer of set-aside and of its undo: the decision event's position and the current list. */
export const SetAsideEventResponseSchema = z
  .object({
    eventPosition: wholeNumber().meta({ description: 'Position of the ProjectionEventSetAside or ProjectionEventSetAsideUndone event appended.' }),
    setAside: z.array(SetAsideEntrySchema),
  })
  .meta({ id: 'SetAsideEventResponse' });
export type SetAsideEventResponse = z.infer<typeof SetAsideEventResponseSchema>;

/** The event the projector cannot get past, for the Operations screen (admin only). */
export const FailingEventSchema = z
  .object({
    position: wholeNumber(),
    eventId: z.string().nullable().meta({ description: 'Null when the event could not be read (the log was unreachable).' }),
    type: z.string().nullable(),
    streamId: z.string().nullable(),
    error: z.string().nullable().meta({ description: "The projector's error message: never shown on public endpoints." }),
    since: isoTime().meta({ description: 'Since when the projector has been failing on this position.' }),
  })
  .meta({ id: 'FailingEvent' });
export type FailingEvent = z.infer<typeof FailingEventSchema>;

/** The projector's part of GET /api/health: no error text, only whether it is stuck. */
export const HealthProjectorSchema = z
  .object({
    name: z.string(),
    position: wholeNumber(),
    lag: wholeNumber(),
    runsInThisProcess: z.boolean(),
    /**
     * Which worker holds the lock (WORKER_NAME, or host:pid) is shown to admins only, on
     * GET /api/admin/operations.
     */
    activeSince: isoTime()
      .nullable()
      .meta({ description: 'Since when a worker has held the projector lock, or null when none does: the read tables are not moving.' }),
    failing: z.boolean().meta({ description: "True while the projector's last attempt failed." }),
    since: isoTime().nullable().meta({ description: 'Since when it has failed on the same position; null when it is not failing.' }),
    updatedAt: isoTime().nullable(),
  })
  .meta({ id: 'HealthProjector' });
export type HealthProjector = z.infer<typeof HealthProjectorSchema>;

/**
 * The read replica's part of GET /api/health, present when READ_DATABASE_URL is set: how far
 * its replay of the read tables trails the primary's.
 */
export const HealthReplicaSchema = z
  .object({
    reachable: z.boolean().meta({ description: 'False when the replica did not answer (then position and lag are null).' }),
    position: wholeNumber().nullable().meta({ description: 'The projector checkpoint the replica has replayed.' }),
    lag: wholeNumber().nullable().meta({ description: "Positions it trails the primary's checkpoint by." }),
  })
  .meta({ id: 'HealthReplica' });
export type HealthReplica = z.infer<typeof HealthReplicaSchema>;

/** GET /api/health: 200 `ok`, 503 `degraded` (read tables stuck or far behind) or `unavailable`. */
export const HealthResponseSchema = z
  .object({
    status: z.enum(['ok', 'degraded', 'unavailable']),
    database: z.enum(['up', 'down']),
    eventStore: z.object({ head: wholeNumber() }).optional(),
    projector: HealthProjectorSchema.optional(),
    replica: HealthReplicaSchema.optional(),
    reasons: z.array(z.string()).optional().meta({ description: "Why the status is not `ok`, in words a load balancer's operator can act on." }),
    error: z.string().optional(),
    cause: z
      .enum(['disk full'])
      .optional()
      .meta({ description: "Why the database is down or refuses writes, when it is known: `disk full` (its volume, or the database's own error, says so)." }),
    warnings: z
      .array(z.string())
      .optional()
      .meta({
        description:
          "Trouble on its way, e.g. `disk low: 312 MB free (3%) on the data folder's volume` (the embedded database's volume under 5% or 500 MB free).",
      }),
  })
  .meta({ id: 'HealthResponse' });
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** How far a rebuild of the read models has come. */
export const RebuildProgressSchema = z
  .object({
    phase: z.enum(['building', 'swapping', 'done']).meta({ description: 'Replaying into fresh tables, swapping them in, or finished.' }),
    done: wholeNumber(),
    total: wholeNumber(),
    ratePerSecond: z.number(),
    secondsLeft: z.number().nullable().meta({ description: 'Null until a rate is known.' }),
  })
  .meta({ id: 'RebuildProgress' });
export type RebuildProgress = z.infer<typeof RebuildProgressSchema>;

/** The rebuild of this API process: the answer of POST /api/admin/projections/rebuild (202). */
export const RebuildStatusSchema = z
  .object({
    running: z.boolean(),
    progress: RebuildProgressSchema.nullable(),
    startedAt: isoTime().nullable(),
    finishedAt: isoTime().nullable(),
    lastError: z.string().nullable(),
    lastResult: z.object({ events: wholeNumber(), seconds: z.number() }).nullable(),
  })
  .meta({ id: 'RebuildStatus' });
export type RebuildStatus = z.infer<typeof RebuildStatusSchema>;

/** One read-model projection as the projector's checkpoint reports it. */
export const ProjectionStatusSchema = z
  .object({
    name: z.string(),
    tables: z.array(z.string()),
    position: wholeNumber().meta({ description: 'The last log position it has applied.' }),
    lag: wholeNumber().meta({ description: 'Events in the log it has not applied yet.' }),
    lastError: z.string().nullable(),
    updatedAt: isoTime().nullable(),
  })
  .meta({ id: 'ProjectionStatus' });
export type ProjectionStatus = z.infer<typeof ProjectionStatusSchema>;

/** Which projector worker applies the log now (one holds the lock; the others wait to take over). */
export const ProjectorWorkerStatusSchema = z
  .object({
    activeWorker: z.string().nullable().meta({ description: 'WORKER_NAME or host:pid of the lock holder; null when no worker is active.' }),
    activeSince: isoTime().nullable(),
    position: wholeNumber().meta({ description: 'The checkpoint: the last log position applied to the read tables.' }),
    lag: wholeNumber(),
  })
  .meta({ id: 'ProjectorWorkerStatus' });
export type ProjectorWorkerStatus = z.infer<typeof ProjectorWorkerStatusSchema>;

/** GET /api/admin/operations: the Operations screen's data (admin only). */
export const OperationsStatusSchema = z
  .object({
    head: wholeNumber().meta({ description: 'Position of the newest event in the log.' }),
    projections: z.array(ProjectionStatusSchema),
    failing: FailingEventSchema.nullable().meta({ description: 'The event the projector keeps failing on, with its error; null while it is not stuck.' }),
    setAside: z.array(SetAsideEntrySchema).meta({ description: 'Events an admin has set aside: the projector and rebuilds skip them.' }),
    projectorInThisProcess: z.boolean(),
    projector: ProjectorWorkerStatusSchema,
    rebuild: RebuildStatusSchema,
    pausedWebhooks: z.array(PausedWebhookSchema).meta({ description: "Paused webhooks, with why: the owner's pause, or the worker's after the retry window." }),
  })
  .meta({ id: 'OperationsStatus' });
export type OperationsStatus = z.infer<typeof OperationsStatusSchema>;

export const OPERATIONS_OPERATIONS: ApiOperationSpec[] = [
  {
    method: 'get',
    path: '/api/health',
    tag: 'health',
    summary: 'Health for load balancers',
    description:
      '200 `ok`. 503 `degraded`: the projector has failed on one event for HEALTH_STUCK_AFTER_MS, or the read tables are more than ' +
      'HEALTH_MAX_LAG events behind, or the read replica cannot be reached or trails the primary by more than HEALTH_MAX_LAG. ' +
      '503 `unavailable`: the database cannot be reached (with Retry-After). `cause: "disk full"` when its disk is full (then `degraded` ' +
      'while it still answers); `warnings` when the embedded database\'s volume runs low. No error text is shown here; admins find it at /api/admin/operations.',
    responses: { 200: HealthResponseSchema, 503: HealthResponseSchema },
  },
  {
    method: 'get',
    path: '/api/admin/operations',
    tag: 'admin: operations',
    summary: "The Operations screen's data",
    description: "Each projection's position, lag and last error, the event the projector is stuck on (with its error text), the events set aside and the rebuild.",
    role: 'owner',
    responses: { 200: OperationsStatusSchema },
  },
  {
    method: 'post',
    path: '/api/admin/projections/rebuild',
    tag: 'admin: operations',
    summary: 'Rebuild the read models',
    description: 'Replays the log into fresh tables beside the live ones and swaps them in; the answer is the rebuild as it starts.',
    role: 'owner',
    responses: { 202: RebuildStatusSchema, ...errorResponses(409) },
  },
  {
    method: 'post',
    path: '/api/admin/projections/set-aside',
    tag: 'admin: operations',
    summary: 'Set aside an event the projector cannot apply',
    description:
      'Appends ProjectionEventSetAside to the `operations` stream. The projector and every later rebuild skip the event. ' +
      'Only an event the projector has not applied yet can be set aside.',
    role: 'owner',
    body: SetAsideEventRequestSchema,
    responses: { 200: SetAsideEventResponseSchema, ...errorResponses(400, 404, 409) },
  },
  {
    method: 'post',
    path: '/api/admin/projections/set-aside/{position}/undo',
    tag: 'admin: operations',
    summary: 'Undo a set-aside',
    description: 'Future projectors and rebuilds apply the event again; the live read tables are not changed by the undo (a rebuild applies it).',
    role: 'owner',
    pathParams: z.object({ position: z.int().min(1).meta({ description: 'The position of the event set aside.' }) }),
    responses: { 200: SetAsideEventResponseSchema, ...errorResponses(400, 404, 409) },
  },
];
