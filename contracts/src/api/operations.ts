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
export interface SetAsideEventRequest {
  position: number;
  reason: string;
}

/** One event an admin has set aside (and not undone). */
export interface SetAsideEntry {
  position: number;
  eventId: string;
  type: string;
  streamId: string;
  reason: string;
  /** Log position of the ProjectionEventSetAside event. */
  setAsideAt: number;
  /** When the admin set it aside (ISO-8601). */
  recordedAt: string;
}

/** The answer of set-aside and of its undo: the decision event's position and the current list. */
export interface SetAsideEventResponse {
  /** Position of the ProjectionEventSetAside or ProjectionEventSetAsideUndone event appended. */
  eventPosition: number;
  setAside: SetAsideEntry[];
}

/** The event the projector cannot get past, for the Operations screen (admin only). */
export interface FailingEvent {
  position: number;
  /** Null when the event could not be read (the log was unreachable). */
  eventId: string | null;
  type: string | null;
  streamId: string | null;
  /** The projector's error message: never shown on public endpoints. */
  error: string | null;
  /** Since when the projector has been failing on this position (ISO-8601). */
  since: string;
}

/** The projector's part of GET /api/health: no error text, only whether it is stuck. */
export interface HealthProjector {
  name: string;
  position: number;
  lag: number;
  runsInThisProcess: boolean;
  /**
   * Since when a worker has held the projector lock (ISO-8601), or null when none does: every
   * worker is stopped or killed and the read tables are not moving. Which worker it is (WORKER_NAME,
   * or host:pid) is shown to admins only, on GET /api/admin/operations.
   */
  activeSince: string | null;
  /** True while the projector's last attempt failed. */
  failing: boolean;
  /** Since when it has failed on the same position; null when it is not failing. */
  since: string | null;
  updatedAt: string | null;
}

/**
 * The read replica's part of GET /api/health, present when READ_DATABASE_URL is set: how far
 * its replay of the read tables trails the primary's.
 */
export interface HealthReplica {
  /** False when the replica did not answer (then position and lag are null). */
  reachable: boolean;
  /** The projector checkpoint the replica has replayed. */
  position: number | null;
  /** Positions it trails the primary's checkpoint by. */
  lag: number | null;
}

/** GET /api/health: 200 `ok`, 503 `degraded` (read tables stuck or far behind) or `unavailable`. */
export interface HealthResponse {
  status: 'ok' | 'degraded' | 'unavailable';
  database: 'up' | 'down';
  eventStore?: { head: number };
  projector?: HealthProjector;
  replica?: HealthReplica;
  /** Why the status is not `ok`, in words a load balancer's operator can act on. */
  reasons?: string[];
  error?: string;
}

/** How far a rebuild of the read models has come. */
export interface RebuildProgress {
  /** Replaying into fresh tables, swapping them in, or finished. */
  phase: 'building' | 'swapping' | 'done';
  done: number;
  total: number;
  ratePerSecond: number;
  /** Null until a rate is known. */
  secondsLeft: number | null;
}

/** The rebuild of this API process: the answer of POST /api/admin/projections/rebuild (202). */
export interface RebuildStatus {
  running: boolean;
  progress: RebuildProgress | null;
  startedAt: string | null;
  finishedAt: string | null;
  lastError: string | null;
  lastResult: { events: number; seconds: number } | null;
}

/** One read-model projection as the projector's checkpoint reports it. */
export interface ProjectionStatus {
  name: string;
  tables: string[];
  /** The last log position it has applied. */
  position: number;
  /** Events in the log it has not applied yet. */
  lag: number;
  lastError: string | null;
  updatedAt: string | null;
}

/** Which projector worker applies the log now (one holds the lock; the others wait to take over). */
export interface ProjectorWorkerStatus {
  /** WORKER_NAME or host:pid of the lock holder; null when no worker is active. */
  activeWorker: string | null;
  /** Since when it has been active (ISO-8601); null when none is. */
  activeSince: string | null;
  /** The checkpoint: the last log position applied to the read tables. */
  position: number;
  /** Events in the log not applied yet. */
  lag: number;
}

/** GET /api/admin/operations: the Operations screen's data (admin only). */
export interface OperationsStatus {
  /** Position of the newest event in the log. */
  head: number;
  projections: ProjectionStatus[];
  /** The event the projector keeps failing on, with its error; null while it is not stuck. */
  failing: FailingEvent | null;
  /** Events an admin has set aside: the projector and rebuilds skip them. */
  setAside: SetAsideEntry[];
  /** Whether the API process runs the projector itself (otherwise a separate worker does). */
  projectorInThisProcess: boolean;
  /** The active projector worker and how far behind the log it is. */
  projector: ProjectorWorkerStatus;
  rebuild: RebuildStatus;
}
