import { type EventStore, isLadderEvent, LADDER_STREAM, type LadderEvent } from '@team/contracts';
import { evolve } from '../ladder.evolve.js';
import { initialLadderState, type LadderState } from '../ladder.state.js';

/** Events per page of the first load: bounded memory however long the log is. */
const LOAD_PAGE = 5000;

/**
 * The ladder folded from the whole log, for a first load without a snapshot. It pages through
 * the global log (readStream has no page size), so a long ladder is folded a page at a time
 * instead of held whole in memory; `afterPage` runs after each page (the repository evicts
 * Idempotency-Key answers older than the window there).
 */
export async function foldLadderLog(
  store: EventStore,
  afterPage: (state: LadderState) => void,
): Promise<{ state: LadderState; revision: number }> {
  const state = initialLadderState();
  let revision = -1;
  let after = 0;
  for (;;) {
    const page = await store.readAll(after, LOAD_PAGE);
    for (const event of page) {
      if (event.streamId !== LADDER_STREAM || !isLadderEvent(event)) continue;
      evolve(state, event as LadderEvent, event);
      revision = event.revision;
    }
    afterPage(state);
    if (page.length < LOAD_PAGE) break;
    after = page[page.length - 1]!.position;
  }
  return { state, revision };
}
