// The ladder state's stored form, shared by the restart snapshot and time travel's kept
// snapshots (ladder-snapshot-store.ts keeps both).
import type { StatTotals } from '@team/contracts';
import type { LadderPlayer, LadderState, MergeRecord, RatingReset, SeasonRecord } from './ladder.state.js';

/**
 * Bump when LadderState or evolve changes meaning: older snapshots are then ignored and the
 * state is folded from the log again (and a new snapshot written).
 */
// 4: a match no longer renames an existing player (issue 22), and PlayerRenamed exists.
export const SNAPSHOT_VERSION = 4;

export interface LadderSnapshot {
  /** Last stream revision folded into the state. */
  revision: number;
  state: LadderState;
}

type PlayerTuple = [
  id: number,
  discordId: string,
  discordIds: string[],
  username: string,
  mergedInto: number | null,
  ratings: [number, number][],
  matchIds: number[],
  pools: number[],
  changes: number[],
  recordedAs: number[],
  totals: TotalsTuple,
  absorbed: MergeTuple[],
  resets: ResetTuple[],
];

type ResetTuple = [firstMatchId: number, pool: number, delta: number];

type TotalsTuple = [wins: number, losses: number, kills: number, deaths: number, assists: number, score: number];

type MergeTuple = [
  duplicateId: number,
  discordIds: string[],
  username: string,
  primaryUsername: string,
  matchIds: number[],
  share: [number, number][],
  totals: TotalsTuple,
  resets: ResetTuple[],
  resetSince: boolean,
];

interface SerializedState {
  nextPlayerId: number;
  nextMatchId: number;
  players: PlayerTuple[];
  // No Idempotency-Key answers: they matter for a bounded window only, and the repository reads
  // that window's events again after loading a snapshot (older snapshots' answers are ignored).
  voided: number[];
  matchPositions: number[];
  reverted: string[];
  seasons: SeasonRecord[];
}

const totalsTuple = (t: StatTotals): TotalsTuple => [t.wins, t.losses, t.kills, t.deaths, t.assists, t.score];
const totalsOf = ([wins, losses, kills, deaths, assists, score]: TotalsTuple): StatTotals => ({ wins, losses, kills, deaths, assists, score });

const resetTuple = (r: RatingReset): ResetTuple => [r.firstMatchId, r.pool, r.delta];
const resetOf = ([firstMatchId, pool, delta]: ResetTuple): RatingReset => ({ firstMatchId, pool, delta });

const mergeTuple = (r: MergeRecord): MergeTuple => [
  r.duplicateId,
  r.discordIds,
  r.username,
  r.primaryUsername,
  r.matchIds,
  [...r.share.entries()],
  totalsTuple(r.totals),
  r.resets.map(resetTuple),
  r.resetSince,
];
const mergeOf = ([duplicateId, discordIds, username, primaryUsername, matchIds, share, totals, resets, resetSince]: MergeTuple): MergeRecord => ({
  duplicateId,
  discordIds,
  username,
  primaryUsername,
  matchIds,
  share: new Map(share),
  totals: totalsOf(totals),
  resets: resets.map(resetOf),
  resetSince,
});

/** The state as compact JSON (tuples, not objects: 100,000s of history entries). */
export function serializeState(state: LadderState): string {
  const serialized: SerializedState = {
    nextPlayerId: state.nextPlayerId,
    nextMatchId: state.nextMatchId,
    players: [...state.players.values()].map((p) => [
      p.id,
      p.discordId,
      p.discordIds,
      p.username,
      p.mergedInto,
      [...p.ratings.entries()],
      p.matchIds,
      p.pools,
      p.changes,
      p.recordedAs,
      totalsTuple(p.totals),
      p.absorbed.map(mergeTuple),
      p.resets.map(resetTuple),
    ]),
    voided: [...state.voided],
    matchPositions: state.matchPositions,
    reverted: [...state.reverted],
    seasons: state.seasons,
  };
  return JSON.stringify(serialized);
}

export function deserializeState(json: string): LadderState {
  const s = JSON.parse(json) as SerializedState;
  const players = new Map<number, LadderPlayer>();
  const playerIdByDiscordId = new Map<string, number>();
  for (const [id, discordId, discordIds, username, mergedInto, ratings, matchIds, pools, changes, recordedAs, totals, absorbed, resets] of s.players) {
    players.set(id, {
      id,
      discordId,
      discordIds,
      username,
      mergedInto,
      ratings: new Map(ratings),
      matchIds,
      pools,
      changes,
      recordedAs,
      totals: totalsOf(totals),
      absorbed: absorbed.map(mergeOf),
      resets: resets.map(resetOf),
    });
    for (const alias of discordIds) playerIdByDiscordId.set(alias, id);
  }
  return {
    nextPlayerId: s.nextPlayerId,
    nextMatchId: s.nextMatchId,
    players,
    playerIdByDiscordId,
    answers: new Map(),
    voided: new Set(s.voided),
    matchPositions: s.matchPositions,
    reverted: new Set(s.reverted),
    seasons: s.seasons.map((season) => ({ ...season })),
  };
}
