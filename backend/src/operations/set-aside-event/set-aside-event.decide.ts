import {
  OPERATIONS_STREAM,
  SET_ASIDE_REASON_MAX,
  textProblem,
  type ProjectionEventSetAside,
  type ProjectionEventSetAsideUndone,
  type RecordedEvent,
  type SetAsideEntry,
} from '@team/contracts';
import { ConflictError, InvalidInputError, NotFoundError } from '../../shared/domain-errors.js';

/** What the decision about one position needs to know. */
export interface SetAsideState {
  /** The events set aside now (the `operations` stream folded), by position. */
  setAside: ReadonlyMap<number, SetAsideEntry>;
  /** The event at the position named, or null when the log has none there. */
  target: RecordedEvent | null;
  /** The live projector's checkpoint: events at or below it are already in the read tables. */
  checkpoint: number;
}

/** The reason as stored: trimmed, 1–500 characters. */
export function validReason(reason: unknown): string {
  const text = typeof reason === 'string' ? reason.trim() : '';
  const unstorable = textProblem(text, { multiline: true });
  if (unstorable) throw new InvalidInputError(`The reason ${unstorable}.`);
  if (text.length === 0) throw new InvalidInputError('A reason is required to set an event aside.');
  if (text.length > SET_ASIDE_REASON_MAX) {
    throw new InvalidInputError(`The reason must be at most ${SET_ASIDE_REASON_MAX} characters.`);
  }
  return text;
}

export function validPosition(position: unknown): number {
  const value = typeof position === 'string' && /^\d{1,15}$/.test(position) ? Number(position) : position;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new InvalidInputError('The position must be a whole number of at least 1.');
  }
  return value;
}

/**
 * Sets aside the event at `position`. Refused for an event the projector has already applied:
 * a later rebuild would skip it while the live tables keep its effect, so the two would differ.
 */
export function decideSetAside(state: SetAsideState, position: number, reason: string): ProjectionEventSetAside {
  const { target } = state;
  if (!target) throw new NotFoundError(`There is no event at position ${position}.`);
  if (target.streamId === OPERATIONS_STREAM) {
    throw new InvalidInputError('Events of the operations stream are not projected, so they cannot be set aside.');
  }
  if (state.setAside.has(position)) throw new ConflictError(`The event at position ${position} is already set aside.`);
  if (position <= state.checkpoint) {
    throw new ConflictError(
      `The event at position ${position} is already applied to the read tables; only an event the projector has not passed can be set aside.`,
    );
  }
  return {
    type: 'ProjectionEventSetAside',
    data: { position, eventId: target.id, type: target.type, streamId: target.streamId, reason },
  };
}

/** Undoes a set-aside: future rebuilds apply the event again (the live tables have skipped it). */
export function decideUndoSetAside(state: Pick<SetAsideState, 'setAside'>, position: number): ProjectionEventSetAsideUndone {
  const entry = state.setAside.get(position);
  if (!entry) throw new NotFoundError(`The event at position ${position} is not set aside.`);
  return { type: 'ProjectionEventSetAsideUndone', data: { position, eventId: entry.eventId } };
}
