import {
  type LadderEvent,
  type MatchRecorded,
  type MatchVoidedParticipant,
  MAX_VOID_REASON_LENGTH,
  type RethreadedEntry,
  START_RATING,
  textProblem,
} from '@team/contracts';
import { ConflictError, InvalidInputError, NotFoundError } from '../../shared/domain-errors.js';
import { historyOf, runningEloAfter } from '../ladder.history.js';
import { type DecideContext, type LadderPlayer, type LadderState } from '../ladder.state.js';
import { toPoolKey } from '../pool-key.js';

export interface VoidMatch {
  type: 'VoidMatch';
  matchId: number;
  reason: string;
  /** The match as its MatchRecorded says (read from the log), or null when there is none. */
  recorded: MatchRecorded['data'] | null;
}

/**
 * Voiding (docs/product.md#players-and-merges): each line's current owner (after merges) gets the match's change back
 * in the match's pool (never below 0) and loses the line from its totals; later matches keep
 * their changes, and the owners' later ELO-after values in the pool are re-threaded. The
 * match leaves histories and recent matches; a mode pool left without matches is dropped.
 */
export function decideVoidMatch(command: VoidMatch, state: LadderState, { now }: DecideContext): LadderEvent[] {
  const unstorable = textProblem(command.reason, { multiline: true });
  if (unstorable) throw new InvalidInputError(`The reason ${unstorable}.`, [`reason: ${unstorable}.`]);
  const reason = command.reason.trim();
  if (reason.length === 0 || reason.length > MAX_VOID_REASON_LENGTH) {
    throw new InvalidInputError(`A reason is required to void a match (1 to ${MAX_VOID_REASON_LENGTH} characters).`, [
      reason.length === 0 ? 'reason: missing or blank.' : `reason: ${reason.length} characters, at most ${MAX_VOID_REASON_LENGTH}.`,
    ]);
  }
  const { matchId, recorded } = command;
  if (!recorded || recorded.matchId !== matchId || matchId >= state.nextMatchId) {
    throw new NotFoundError(`Match #${matchId} not found.`);
  }
  if (state.voided.has(matchId)) throw new ConflictError(`Match #${matchId} was already voided.`);

  const pool = toPoolKey(recorded.pool);
  // Each line counts for whoever holds it now (a merge moved it to the primary).
  const ownerByRecordedAs = new Map<number, { player: LadderPlayer; index: number }>();
  for (const owner of ownersOf(state, matchId)) ownerByRecordedAs.set(owner.player.lines.recordedAs(owner.index), owner);

  const participants: MatchVoidedParticipant[] = [];
  const rethreaded: RethreadedEntry[] = [];
  for (const line of recorded.participants) {
    const owner = ownerByRecordedAs.get(line.playerId);
    if (!owner) throw new Error(`Match #${matchId}: no player holds the line of player ${line.playerId}`);
    const { player, index } = owner;
    const change = player.lines.change(index);
    const ratingBefore = player.ratings.get(pool) ?? START_RATING;
    const ratingAfter = Math.max(0, ratingBefore - change);
    participants.push({
      playerId: player.id,
      won: line.won,
      kills: line.kills,
      deaths: line.deaths,
      assists: line.assists,
      score: line.score,
      ratingBefore,
      ratingChange: ratingAfter - ratingBefore,
      ratingAfter,
    });
    const remaining = historyOf(player, false).filter((e) => e.pool === pool && e.matchId !== matchId);
    rethreaded.push(...runningEloAfter(player.id, remaining, (e) => e.matchId > matchId, player.resets));
  }

  return [
    {
      type: 'MatchVoided',
      data: { matchId, reason, recordedAt: now.toISOString(), pool: recorded.pool, participants, rethreaded },
    },
  ];
}

/**
 * The players whose histories hold `matchId` now, each with the index of that entry. A
 * merge or unmerge moves lines, so the owners are found by scanning: a void is rare, and a
 * binary search per account is cheap beside keeping an owner index for every line.
 */
function ownersOf(state: LadderState, matchId: number): { player: LadderPlayer; index: number }[] {
  const owners: { player: LadderPlayer; index: number }[] = [];
  for (const player of state.players.values()) {
    if (player.mergedInto !== null) continue;
    const index = player.lines.indexOf(matchId);
    if (index >= 0) owners.push({ player, index });
  }
  return owners;
}
