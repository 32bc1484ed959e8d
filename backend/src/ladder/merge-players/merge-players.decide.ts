import { mergedRating, START_RATING, type LadderEvent, type PlayersMerged, type PoolMerge } from '@team/contracts';
import { ConflictError, InvalidInputError } from '../../shared/domain-errors.js';
import { mergeHistories, mergeResets, runningEloAfter, type HistoryEntry } from '../ladder.history.js';
import type { PlayerLines } from '../player-lines.js';
import { playerLabel, requirePlayer, type DecideContext, type LadderPlayer, type LadderState, type PlayerPair } from '../ladder.state.js';
import { toPoolId, toPoolKey, type PoolKey } from '../pool-key.js';

export interface MergePlayers extends PlayerPair {
  type: 'MergePlayers';
}

/**
 * Merging a duplicate account into a primary (docs/product.md#players-and-merges): the duplicate's history moves to the
 * primary, each pool it played in becomes primary + duplicate − START_RATING, and the merged
 * history's ELO-after values are re-threaded. Accounts that met in one match, an account
 * already merged and a player into itself are refused.
 */
export function decideMergePlayers(command: MergePlayers, state: LadderState, { now }: DecideContext): LadderEvent[] {
  const { primaryId, duplicateId } = command;
  if (primaryId === duplicateId) throw new InvalidInputError('A player cannot be merged into itself.');
  const primary = requirePlayer(state, primaryId);
  const duplicate = requirePlayer(state, duplicateId);
  for (const player of [primary, duplicate]) {
    if (player.mergedInto !== null) {
      throw new ConflictError(`${playerLabel(player)} was already merged into player #${player.mergedInto}.`);
    }
  }
  const shared = firstCommonMatch(primary.lines, duplicate.lines);
  if (shared !== null) {
    throw new ConflictError(
      `${playerLabel(primary)} and ${playerLabel(duplicate)} both played in match #${shared}, so they cannot be the same person.`,
    );
  }

  // Only pools the duplicate played in change; elsewhere primary + 1000 − 1000 = primary.
  const ratings: PoolMerge[] = [...duplicate.ratings.entries()]
    .sort(([a], [b]) => a - b)
    .map(([key, duplicateBefore]) => {
      const primaryBefore = primary.ratings.get(key) ?? START_RATING;
      return { pool: toPoolId(key), primaryBefore, duplicateBefore, after: mergedRating(primaryBefore, duplicateBefore) };
    });

  return [
    {
      type: 'PlayersMerged',
      data: {
        primaryId,
        duplicateId,
        recordedAt: now.toISOString(),
        primary: { discordId: primary.discordId, username: primary.username },
        duplicate: { discordId: duplicate.discordId, username: duplicate.username },
        movedMatchIds: duplicate.lines.matchIds(),
        ratings,
        rethreaded: rethread(primary, duplicate, new Set(ratings.map((r) => toPoolKey(r.pool)))),
      },
    },
  ];
}

/**
 * The merged history's ELO-after values: in each affected pool, START_RATING plus the running
 * sum of both accounts' changes and soft-reset moves in match order (never below 0, like a
 * rating). Ids are sequential in the stream, so match id order is time order.
 */
function rethread(primary: LadderPlayer, duplicate: LadderPlayer, affected: ReadonlySet<PoolKey>): PlayersMerged['data']['rethreaded'] {
  const merged = mergeHistories(primary, duplicate).filter((entry) => affected.has(entry.pool));
  const duplicateSeen = new Set<PoolKey>();
  // Before the duplicate's first match in a pool, the primary's values are already right.
  const changed = (entry: HistoryEntry): boolean => {
    if (entry.fromDuplicate) duplicateSeen.add(entry.pool);
    return duplicateSeen.has(entry.pool);
  };
  return runningEloAfter(primary.id, merged, changed, mergeResets(primary.resets, duplicate.resets)).map(({ matchId, eloAfter }) => ({
    matchId,
    eloAfter,
  }));
}

/** The first match id two players' lines (ascending by match) share, or null. */
function firstCommonMatch(a: PlayerLines, b: PlayerLines): number | null {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a.matchId(i);
    const y = b.matchId(j);
    if (x === y) return x;
    if (x < y) i++;
    else j++;
  }
  return null;
}
