import type { RecordMatchResponse, StatTotals } from '@team/contracts';
import { NotFoundError } from '../shared/domain-errors.js';
import type { PlayerLines } from './player-lines.js';
import type { PoolKey } from './pool-key.js';

// The ladder aggregate's state (docs/product.md#aggregates), folded by ladder.evolve.ts and read by each use
// case's decide function (ladder.decider.ts routes a command to it).

/**
 * A merge that still stands, kept on the primary so it can be reverted. The duplicate's
 * part of the merged account is tracked as later events change it.
 */
export interface MergeRecord {
  duplicateId: number;
  /** The duplicate's Discord IDs at the merge: a match recorded with one since is the duplicate's. */
  discordIds: string[];
  /** The duplicate's username at the merge: its name again after a revert. */
  username: string;
  /** The primary's username (at the merge, or an admin's rename since): its name after a revert. */
  primaryUsername: string;
  /** The duplicate's matches in the merged history, ascending: brought in or recorded with its IDs since, less voided ones. */
  matchIds: number[];
  /**
   * Per pool, the duplicate's part of the merged rating above START_RATING: its rating at the
   * merge − START_RATING, plus the changes of its matches since, less those voided.
   */
  share: Map<PoolKey, number>;
  /** The duplicate's part of the merged totals. */
  totals: StatTotals;
  /** The duplicate's soft-reset moves at the merge: its own again after a revert. */
  resets: RatingReset[];
  /**
   * True once a soft reset moved the merged account: the reset's move cannot be split back
   * between the two accounts, so the merge can no longer be reverted.
   */
  resetSince: boolean;
}

/**
 * A soft reset's move of one rating (a SeasonStarted): re-threading a history adds it before
 * the first match of the season, since a rating is START_RATING plus the changes and the moves.
 */
export interface RatingReset {
  /** The first match id of the season that began with the move. */
  firstMatchId: number;
  pool: PoolKey;
  delta: number;
}

/** A season started by SeasonStarted (the implicit first season has none). */
export interface SeasonRecord {
  id: number;
  name: string;
  firstMatchId: number;
}

export interface LadderPlayer {
  id: number;
  /** The Discord ID the player was created with. */
  discordId: string;
  /** Its own Discord ID and those of accounts merged into it: all resolve to this player. */
  discordIds: string[];
  username: string;
  /** Set on a tombstone: the player this account was merged into. */
  mergedInto: number | null;
  /** Current rating per pool; a pool never played is absent (START_RATING). */
  ratings: Map<PoolKey, number>;
  /**
   * The player's matches in time order: per line the match id, pool, rating change and the
   * player id it was recorded under (a merge or an unmerge moves lines between accounts; the
   * match's event still names the recording one). Merges need them to refuse accounts that met
   * in one match and to re-thread ELO-after values. One typed array (player-lines.ts): at
   * 1,000,000 matches the state holds 8,000,000 lines (docs/performance.md, "Scale curve").
   */
  lines: PlayerLines;
  /** Sums over the history: what the read model shows, so a fold of the log can show it too. */
  totals: StatTotals;
  /** Merges into this player that still stand, oldest first. */
  absorbed: MergeRecord[];
  /** Soft-reset moves of this account's ratings (a merged account's include the duplicate's), oldest first. */
  resets: RatingReset[];
}

export interface IdempotentAnswer {
  requestHash: string | null;
  response: RecordMatchResponse;
  /** When its match was recorded (epoch ms): the answer stands for the idempotency window from then. */
  recordedAt: number;
}

export interface LadderState {
  nextPlayerId: number;
  nextMatchId: number;
  players: Map<number, LadderPlayer>;
  /** Every known Discord ID, aliases of merged accounts included → the player that counts. */
  playerIdByDiscordId: Map<string, number>;
  /**
   * Idempotency-Key → the answer its first request got, oldest first. Only the keys of the
   * idempotency window are needed: the repository evicts older ones (evictAnswers), and
   * snapshots leave them out (a restart reads the window's events again).
   */
  answers: Map<string, IdempotentAnswer>;
  /** Ids of voided matches. */
  voided: Set<number>;
  /**
   * Global log position of each match's MatchRecorded, by match id: a void reads the match's
   * stats from the log rather than keeping every line's stats in memory.
   */
  matchPositions: number[];
  /** `primaryId>duplicateId` of merges reverted (and not merged again since). */
  reverted: Set<string>;
  /**
   * Seasons started by SeasonStarted, in order. Before the first one, matches belong to the
   * implicit first season (FIRST_SEASON_ID), which begins with the first match.
   */
  seasons: SeasonRecord[];
}

export function initialLadderState(): LadderState {
  return {
    nextPlayerId: 1,
    nextMatchId: 1,
    players: new Map(),
    playerIdByDiscordId: new Map(),
    answers: new Map(),
    voided: new Set(),
    // Match ids start at 1; index 0 is filled so the list stays dense (and its JSON exact).
    matchPositions: [0],
    reverted: new Set(),
    seasons: [],
  };
}

/** What every decide function is given beside the command and the state. */
export interface DecideContext {
  /** The injected clock's time of the decision. */
  now: Date;
  /** An Idempotency-Key's answer stands this long after its match; default 24 hours. */
  idempotencyWindowMs?: number;
}

/** The two accounts a merge or its revert names. */
export interface PlayerPair {
  primaryId: number;
  duplicateId: number;
}

/** Key of a merge in `LadderState.reverted`. */
export const mergeKey = (primaryId: number, duplicateId: number) => `${primaryId}>${duplicateId}`;

/** The player with this id (a tombstone included); an unknown id is a 404. */
export function requirePlayer(state: LadderState, id: number): LadderPlayer {
  const player = state.players.get(id);
  if (!player) throw new NotFoundError(`Player ${id} not found.`);
  return player;
}

/** A player as the refusals name it. */
export const playerLabel = (player: LadderPlayer): string => `${player.username} (#${player.id})`;

/** Index of `value` in an ascending list, or −1. */
export function indexOfSorted(list: readonly number[], value: number): number {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = list[mid]!;
    if (at === value) return mid;
    if (at < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
