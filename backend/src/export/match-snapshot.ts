import { type EventStore, LADDER_STREAM } from '@team/contracts';
import type { LadderRepository } from '../ladder/runtime/ladder.repository.js';

export interface MatchExportSnapshot {
  /** The log position the export reads up to: the ladder's last event in the snapshot (0: none yet). */
  position: number;
  /** The matches voided up to `position`. */
  voided: ReadonlySet<number>;
}

/**
 * Where the match export reads to, and which matches it leaves out, in one consistent snapshot
 * without a pass over the log for the voids (a void comes after its match in the log, so a
 * single pass in log order would learn of it too late).
 *
 * The ladder's caught-up state holds the voided matches at its revision R. Every event the
 * export depends on (MatchRecorded, MatchVoided) is in the ladder stream, and a void is never
 * undone, so the voids at R are exactly those up to the position of the ladder's event R:
 * exporting the matches up to that position, less that set, is the ladder at R. Events of
 * other streams after it change nothing in this export. The position is read back from the
 * ladder stream at R (the event at R and what was appended after the catch-up, a handful).
 */
export async function matchExportSnapshot(ladder: LadderRepository, store: Pick<EventStore, 'readStream'>): Promise<MatchExportSnapshot> {
  const { revision, voided } = await ladder.read((state) => ({ revision: ladder.currentRevision, voided: new Set(state.voided) }));
  if (revision < 0) return { position: 0, voided };
  const [event] = await store.readStream(LADDER_STREAM, revision);
  if (!event || event.revision !== revision) throw new Error(`The ladder stream has no event at revision ${revision}`);
  return { position: event.position, voided };
}
