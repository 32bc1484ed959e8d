import type { ActiveProjector } from '@team/projections';
import type { HealthProjector, HealthResponse } from '@team/contracts';
import { judgeReplica } from './replica-health.js';

/** The checkpoint facts health judges by, read from the shared table (the projector may run elsewhere). */
export interface CheckpointFacts {
  position: number;
  updatedAt: string | null;
  /** The position the projector's last attempt failed on; null when its last batch succeeded. */
  failingPosition: number | null;
  failingSince: string | null;
  /** How long it has failed on that position, by the database's clock; null when not failing. */
  failingForMs: number | null;
  /** Whether the last attempt failed at all (an error not tied to one event has no position). */
  failing: boolean;
}

export interface HealthLimits {
  stuckAfterMs: number;
  maxLag: number;
}

/**
 * 200 `ok`, or 503 `degraded` when the read tables cannot be trusted: the projector has been
 * stuck on one event for `stuckAfterMs` (a poison event: every command would wait and answer
 * 503), or it is more than `maxLag` events behind. A load balancer takes a degraded instance
 * out of rotation; the reasons never carry an error's text (that is on the admin Operations screen).
 * With a read replica (`replica` given: its replayed checkpoint, null when it did not answer)
 * the replica is judged too (see judgeReplica).
 */
export function judgeHealth(
  head: number,
  checkpoint: CheckpointFacts,
  limits: HealthLimits,
  projector: { name: string; runsInThisProcess: boolean; active: ActiveProjector | null },
  replica?: { position: number | null },
): { status: 200 | 503; body: HealthResponse } {
  const lag = Math.max(0, head - checkpoint.position);
  const reasons: string[] = [];
  if (checkpoint.failingForMs !== null && checkpoint.failingForMs >= limits.stuckAfterMs) {
    reasons.push(
      checkpoint.failingPosition === null
        ? 'The projector has been failing for a while.'
        : `The projector has been failing on event ${checkpoint.failingPosition} for a while.`,
    );
  }
  if (lag > limits.maxLag) reasons.push(`The read tables are ${lag} events behind the log (limit ${limits.maxLag}).`);
  const replicaJudged = replica ? judgeReplica(checkpoint.position, replica.position, limits.maxLag) : null;
  if (replicaJudged) reasons.push(...replicaJudged.reasons);
  const projectorBody: HealthProjector = {
    name: projector.name,
    position: checkpoint.position,
    lag,
    runsInThisProcess: projector.runsInThisProcess,
    activeSince: projector.active?.since ?? null,
    failing: checkpoint.failing,
    since: checkpoint.failingSince,
    updatedAt: checkpoint.updatedAt,
  };
  const degraded = reasons.length > 0;
  return {
    status: degraded ? 503 : 200,
    body: {
      status: degraded ? 'degraded' : 'ok',
      database: 'up',
      eventStore: { head },
      projector: projectorBody,
      ...(replicaJudged ? { replica: replicaJudged.replica } : {}),
      ...(degraded ? { reasons } : {}),
    },
  };
}
