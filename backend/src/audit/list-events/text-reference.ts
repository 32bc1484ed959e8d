import { MAX_ID } from '../../shared/route-params.js';
import { linksOf } from '../event-summary.js';

/**
 * A search text that names a match or a player the way the audit's summaries do: `Match #300`,
 * `match 300`, `Player #12`, `player 12`, or a bare `#300` (either). The summaries are written
 * when the log is read, so the text search cannot find their words in the log; a reference
 * finds the events about that match or player instead (besides the text's own matches).
 */
export interface TextReference {
  id: number;
  /** The MatchRecorded and MatchVoided events of match `id`. */
  match: boolean;
  /** The events that touch player `id`, as the player filter finds them. */
  player: boolean;
}

/** The events a match reference finds: the ones whose summary starts "Match #N". */
export const MATCH_EVENT_TYPES: readonly string[] = ['MatchRecorded', 'MatchVoided'];

const REFERENCE = /^(?:(match|player)\s*#?|#)\s*(\d{1,10})$/i;

export function textReference(text: string): TextReference | null {
  const found = REFERENCE.exec(text.trim());
  if (!found) return null;
  const id = Number(found[2]);
  // Ids are PostgreSQL integers: a larger number names nothing (and would fail the query's cast).
  if (id < 1 || id > MAX_ID) return null;
  const kind = found[1]?.toLowerCase();
  return { id, match: kind !== 'player', player: kind !== 'match' };
}

/** Whether an event is one `reference` finds: KurrentDB's side of the PostgreSQL query's clauses. */
export function refersTo(reference: TextReference, event: { type: string; streamId: string; data: unknown }): boolean {
  const matchId = (event.data as { matchId?: unknown } | null)?.matchId;
  return (
    (reference.match && MATCH_EVENT_TYPES.includes(event.type) && matchId === reference.id) ||
    (reference.player && linksOf(event).playerIds.includes(reference.id))
  );
}
