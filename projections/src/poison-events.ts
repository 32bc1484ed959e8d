import type { Knex } from 'knex';
import type { RecordedEvent } from '@team/contracts';
import { applyEvents, type Projection } from './projection.js';

/** A batch stopped at an event no projection could apply; everything before it was committed. */
export class ProjectionEventFailedError extends Error {
  constructor(
    readonly position: number,
    cause: unknown,
  ) {
    super((cause as Error).message, { cause });
    this.name = 'ProjectionEventFailedError';
  }
}

export interface OneByOneResult {
  /** The last position passed (applied or set aside); `from` when the first event failed. */
  last: number;
  passed: number;
  failure: ProjectionEventFailedError | null;
}

/**
 * The attempt after a failed batch: applies the events one at a time, each in a savepoint,
 * and stops at the first that fails, so the events before it can commit with the checkpoint
 * and the failing one can be named. Events `isSetAside` names are passed without being applied.
 */
export async function applyOneByOne(
  projections: readonly Projection[],
  events: readonly RecordedEvent[],
  from: number,
  isSetAside: (position: number) => boolean,
  trx: Knex.Transaction,
): Promise<OneByOneResult> {
  let last = from;
  let passed = 0;
  for (const event of events) {
    if (!isSetAside(event.position)) {
      try {
        await trx.transaction((savepoint) => applyEvents(projections, [event], savepoint));
      } catch (error) {
        return { last, passed, failure: new ProjectionEventFailedError(event.position, error) };
      }
    }
    last = event.position;
    passed += 1;
  }
  return { last, passed, failure: null };
}
