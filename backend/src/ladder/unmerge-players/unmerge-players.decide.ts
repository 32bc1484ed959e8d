import { START_RATING, type LadderEvent, type LadderTotals, type PoolUnmerge } from '@team/contracts';
import { ConflictError, InvalidInputError } from '../../shared/domain-errors.js';
import { historyOf, runningEloAfter, withoutResets, type HistoryEntry } from '../ladder.history.js';
import { mergeKey, playerLabel, requirePlayer, type DecideContext, type PlayerPair, type LadderState } from '../ladder.state.js';
import { OVERALL, toPoolId, type PoolKey } from '../pool-key.js';

export interface UnmergePlayers extends PlayerPair {
  type: 'UnmergePlayers';
}

/**
 * Reverting a merge: only the newest link of a chain can be undone (the primary must not
 * have been merged into another player since). The duplicate takes back the matches it
 * brought and those recorded with its Discord IDs since (less voided ones), its Discord IDs,
 * its totals, and per pool its rating at the merge plus those later changes; the primary
 * keeps its rating less exactly that share, so no other player's rating moves.
 */
export function decideUnmergePlayers(command: UnmergePlayers, state: LadderState, { now }: DecideContext): LadderEvent[] {
  const { primaryId, duplicateId } = command;
  if (primaryId === duplicateId) throw new InvalidInputError('A player cannot be unmerged from itself.');
  const primary = requirePlayer(state, primaryId);
  const duplicate = requirePlayer(state, duplicateId);
  if (duplicate.mergedInto !== primaryId) {
    if (duplicate.mergedInto === null && state.reverted.has(mergeKey(primaryId, duplicateId))) {
      throw new ConflictError('This merge was already reverted.');
    }
    throw new ConflictError(
      duplicate.mergedInto === null
        ? `${playerLabel(duplicate)} was never merged into ${playerLabel(primary)}.`
        : `${playerLabel(duplicate)} was merged into player #${duplicate.mergedInto}, not #${primaryId}.`,
    );
  }
  // The primary's account, with the duplicate's part in it, now lives on in another player:
  // that later merge depends on this one, so it has to be reverted first.
  if (primary.mergedInto !== null) {
    throw new ConflictError(
      `${playerLabel(primary)} was merged into player #${primary.mergedInto} since. Revert that merge first.`,
    );
  }
  const record = primary.absorbed.find((r) => r.duplicateId === duplicateId);
  if (!record) throw new Error(`No merge record of #${duplicateId} on #${primaryId}`);
  if (record.resetSince) {
    throw new ConflictError(
      `A season's soft reset moved ${playerLabel(primary)}'s ratings since the merge: the move cannot be split back between the two accounts.`,
    );
  }

  const moved = new Set(record.matchIds);
  const history = historyOf(primary, false);
  const back = history.filter((e) => moved.has(e.matchId));
  const kept = history.filter((e) => !moved.has(e.matchId));

  const pools = new Set<PoolKey>([OVERALL, ...record.share.keys(), ...back.map((e) => e.pool)]);
  const ratings: PoolUnmerge[] = [...pools]
    .sort((a, b) => a - b)
    .map((key) => {
      const share = record.share.get(key) ?? 0;
      const primaryBefore = primary.ratings.get(key) ?? START_RATING;
      return {
        pool: toPoolId(key),
        primaryBefore,
        primaryAfter: Math.max(0, primaryBefore - share),
        duplicateAfter: Math.max(0, START_RATING + share),
        primaryMatches: countInPool(kept, key),
        duplicateMatches: countInPool(back, key),
      };
    });

  // The primary's values before the duplicate's first match in a pool are already right.
  const firstMoved = new Map<PoolKey, number>();
  for (const e of back) if (!firstMoved.has(e.pool)) firstMoved.set(e.pool, e.matchId);
  const rethreaded = [
    ...runningEloAfter(
      primaryId,
      kept,
      (e) => firstMoved.has(e.pool) && e.matchId > firstMoved.get(e.pool)!,
      withoutResets(primary.resets, record.resets),
    ),
    ...runningEloAfter(duplicateId, back, () => true, record.resets),
  ];

  const duplicateTotals: LadderTotals = { ...record.totals, matches: back.length };
  return [
    {
      type: 'PlayersUnmerged',
      data: {
        primaryId,
        duplicateId,
        recordedAt: now.toISOString(),
        primary: { username: record.primaryUsername },
        duplicate: { discordId: duplicate.discordId, username: record.username, discordIds: [...record.discordIds] },
        movedBackMatchIds: back.map((e) => e.matchId),
        ratings,
        duplicateTotals,
        rethreaded,
      },
    },
  ];
}

function countInPool(entries: readonly HistoryEntry[], pool: PoolKey): number {
  let n = 0;
  for (const entry of entries) if (entry.pool === pool) n++;
  return n;
}
