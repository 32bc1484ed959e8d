import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@team/contracts';
import { decide } from './ladder.decide.js';
import { evolve } from './ladder.evolve.js';
import type { LadderEvent } from './ladder.events.js';
import type { LadderState } from './ladder.state.js';
import type { AppendedLadderEvent, PendingCommand } from './ladder-command-queue.js';
import { recordMatchResponse } from './record-match/record-match.response.js';

export interface DecidedBatch {
  /** The commands decided, each with its events (none for an idempotent repeat). */
  decided: { pending: PendingCommand; events: LadderEvent[] }[];
  /** Commands left for the next batch. */
  deferred: PendingCommand[];
}

/**
 * Decides a batch's commands in turn on `state`, folding each one's events before the next
 * decides (so later commands see earlier ones). A refused command is rejected at once and
 * takes no part in the append. A repeat of a key decided in this batch needs that answer's
 * position, which only the append gives: it is deferred to the next batch.
 */
export function decideBatch(batch: readonly PendingCommand[], state: LadderState, idempotencyWindowMs: number): DecidedBatch {
  const decided: DecidedBatch['decided'] = [];
  const deferred: PendingCommand[] = [];
  const keysInBatch = new Set<string>();
  for (const p of batch) {
    const key = p.command.type === 'RecordMatch' ? p.command.idempotencyKey : null;
    if (key !== null && keysInBatch.has(key)) {
      deferred.push(p);
      continue;
    }
    let events: LadderEvent[];
    try {
      events = decide(p.command, state, { now: p.context.recordedAt, idempotencyWindowMs });
    } catch (refusal) {
      p.reject(refusal);
      continue;
    }
    if (key !== null) keysInBatch.add(key);
    for (const event of events) evolve(state, event);
    decided.push({ pending: p, events });
  }
  return { decided, deferred };
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
