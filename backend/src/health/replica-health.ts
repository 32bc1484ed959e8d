import type { HealthReplica } from '@team/contracts';

/**
 * The read replica's part of health. Reads are served by the replica, so one that cannot be
 * reached, or that trails the primary's checkpoint by more than `maxLag` positions, leaves the
 * pages stale and every command waiting for it (then 503): the instance is `degraded`.
 *
 * `replicaPosition` is the checkpoint the replica has replayed, or null when it did not answer.
 */
export function judgeReplica(
  primaryPosition: number,
  replicaPosition: number | null,
  maxLag: number,
): { replica: HealthReplica; reasons: string[] } {
  if (replicaPosition === null) {
    return {
      replica: { reachable: false, position: null, lag: null },
      reasons: ['The read replica cannot be reached.'],
    };
  }
  // A replica never has more than the primary it replays; a checkpoint read a moment before
  // the replica's can still look that way, which is no lag.
  const lag = Math.max(0, primaryPosition - replicaPosition);
  return {
    replica: { reachable: true, position: replicaPosition, lag },
    reasons: lag > maxLag ? [`The read replica is ${lag} events behind the primary's read tables (limit ${maxLag}).`] : [],
  };
}
