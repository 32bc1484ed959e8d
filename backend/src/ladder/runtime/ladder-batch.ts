import { randomUUID } from 'node:crypto';
import type { NewEvent, LadderEvent } from '@team/contracts';
import { ConflictError } from '../../shared/domain-errors.js';
import { decide } from '../ladder.decider.js';
import { evolve } from '../ladder.evolve.js';
import type { LadderState } from '../ladder.state.js';
import type { AppendedLadderEvent, PendingCommand } from './ladder-command-queue.js';
import { recordMatchResponse } from '../record-match/record-match.response.js';

export interface DecidedBatch {
  /** The commands decided, each with its events (none for an idempotent repeat). */
  decided: { pending: PendingCommand; events: LadderEvent[] }[];
  /** Commands left for the next batch. */
  deferred: PendingCommand[];
  /** When the batch's last event was recorded (epoch ms), or the time given when it appends none. */
  latestEventAt: number | null;
}

/**
 * An imported match is decided at its `playedAt`, which must not lie before the ladder's latest
 * event: the ladder rates matches in log order, so one recorded "into the past" would be rated
 * after matches it preceded. The import's dry run checks this, but a live match (or another
 * process's) can land while the import runs; this is where that is caught.
 */
function refuseImportIntoThePast(p: PendingCommand, latestEventAt: number | null): void {
  if (!p.context.imported || latestEventAt === null || p.context.recordedAt.getTime() >= latestEventAt) return;
  throw new ConflictError(
    `The match was played at ${p.context.recordedAt.toISOString()}, before the ladder's latest event ` +
      `(${new Date(latestEventAt).toISOString()}), recorded while the import ran. An import can only add matches played after what the ladder holds.`,
  );
}

/**
 * Decides a batch's commands in turn on `state`, folding each one's events before the next
 * decides (so later commands see earlier ones). A refused command is rejected at once and
 * takes no part in the append; so are the later commands of its sequence (an import's). A
 * repeat of a key decided in this batch needs that answer's position, which only the append
 * gives: it is deferred to the next batch. `latestEventAt` is when the ladder's latest event
 * was recorded (epoch ms, null for an empty ladder).
 */
export function decideBatch(
  batch: readonly PendingCommand[],
  state: LadderState,
  idempotencyWindowMs: number,
  latestEventAt: number | null = null,
): DecidedBatch {
  const decided: DecidedBatch['decided'] = [];
  const deferred: PendingCommand[] = [];
  const keysInBatch = new Set<string>();
  let latest = latestEventAt;
  for (const p of batch) {
    if (p.sequence?.refused) {
      p.reject(new ConflictError('Not recorded: an earlier match of this import was refused.'));
      continue;
    }
    const key = p.command.type === 'RecordMatch' ? p.command.idempotencyKey : null;
    if (key !== null && keysInBatch.has(key)) {
      deferred.push(p);
      continue;
    }
    let events: LadderEvent[];
    try {
      refuseImportIntoThePast(p, latest);
      events = decide(p.command, state, { now: p.context.recordedAt, idempotencyWindowMs });
    } catch (refusal) {
      if (p.sequence) p.sequence.refused = true;
      p.reject(refusal);
      continue;
    }
    if (key !== null) keysInBatch.add(key);
    for (const event of events) evolve(state, event);
    if (events.length > 0) latest = p.context.recordedAt.getTime();
    decided.push({ pending: p, events });
  }
  return { decided, deferred, latestEventAt: latest };
}

/** The batch's events as one append, each with a fresh id and its own command's context. */
export function eventsToAppend({ decided }: DecidedBatch): NewEvent[] {
  return decided.flatMap(({ pending, events }) =>
    events.map((event) => ({ id: randomUUID(), type: event.type, data: event.data, context: pending.context })),
  );
}

/**
 * Events were evolved before their positions were known; the idempotent answers and the
 * index of matches in the log need them once the append gave them.
 */
export function recordPosition(state: LadderState, event: AppendedLadderEvent): void {
  if (event.type !== 'MatchRecorded') return;
  state.matchPositions[event.data.matchId] = event.position;
  if (event.data.idempotencyKey === null) return;
  const prior = state.answers.get(event.data.idempotencyKey);
  if (prior) prior.response = recordMatchResponse(event.data, event.position);
}
