import { START_RATING, type RethreadedEntry } from '@team/contracts';
import type { LadderPlayer, RatingReset } from './ladder.state.js';
import type { PoolKey } from './pool-key.js';
import { PlayerLines } from './player-lines.js';

// A player's history as a list of entries: how merges, unmerges and voids read, move and
// re-thread the lines a LadderPlayer keeps.

export interface HistoryEntry {
  matchId: number;
  pool: PoolKey;
  change: number;
  recordedAs: number;
  /** In a merged history: whether the entry came from the duplicate. */
  fromDuplicate: boolean;
}

export function historyOf(player: LadderPlayer, fromDuplicate: boolean): HistoryEntry[] {
  const out: HistoryEntry[] = [];
  for (const line of player.lines) out.push({ ...line, fromDuplicate });
  return out;
}

export function setHistory(player: LadderPlayer, entries: readonly HistoryEntry[]): void {
  player.lines = PlayerLines.of(entries);
}

/** Both accounts' histories as one, in match id (time) order. */
export function mergeHistories(primary: LadderPlayer, duplicate: LadderPlayer): HistoryEntry[] {
  return [...historyOf(primary, false), ...historyOf(duplicate, true)].sort((a, b) => a.matchId - b.matchId);
}

/**
 * ELO-after values of `entries` (one player's history, in match order) re-threaded as
 * START_RATING plus the running sum of the changes per pool and of the soft resets' moves
 * (`resets`, each added before the first match of its season), never below 0; only those
 * `emit` accepts are returned (it is called in match order).
 */
export function runningEloAfter(
  playerId: number,
  entries: readonly HistoryEntry[],
  emit: (entry: HistoryEntry) => boolean,
  resets: readonly RatingReset[] = [],
): RethreadedEntry[] {
  const running = new Map<PoolKey, number>();
  const pending = [...resets].sort((a, b) => a.firstMatchId - b.firstMatchId);
  let next = 0;
  const out: RethreadedEntry[] = [];
  for (const entry of entries) {
    for (; next < pending.length && pending[next]!.firstMatchId <= entry.matchId; next++) {
      const reset = pending[next]!;
      running.set(reset.pool, (running.get(reset.pool) ?? START_RATING) + reset.delta);
    }
    const sum = (running.get(entry.pool) ?? START_RATING) + entry.change;
    running.set(entry.pool, sum);
    if (emit(entry)) out.push({ playerId, matchId: entry.matchId, eloAfter: Math.max(0, sum) });
  }
  return out;
}

/** `all` less one instance of each of `taken` (a merged account's moves less the duplicate's). */
export function withoutResets(all: readonly RatingReset[], taken: readonly RatingReset[]): RatingReset[] {
  const left = [...all];
  for (const t of taken) {
    const i = left.findIndex((r) => r.firstMatchId === t.firstMatchId && r.pool === t.pool && r.delta === t.delta);
    if (i >= 0) left.splice(i, 1);
  }
  return left;
}

/** Both accounts' soft-reset moves as one merged account's, oldest first. */
export const mergeResets = (a: readonly RatingReset[], b: readonly RatingReset[]): RatingReset[] =>
  [...a, ...b].sort((x, y) => x.firstMatchId - y.firstMatchId);
