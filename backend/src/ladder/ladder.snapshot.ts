// The ladder state's stored form, shared by the restart snapshot and time travel's kept
// snapshots (ladder-snapshot-store.ts keeps both).
import type { StatTotals } from '@team/contracts';
import type { LadderPlayer, LadderState, MergeRecord, RatingReset, SeasonRecord } from './ladder.state.js';
import { PlayerLines } from './player-lines.js';

/**
 * Bump when LadderState or evolve changes meaning: older snapshots are then ignored and the
 * state is folded from the log again (and a new snapshot written).
 */
// 4: a match no longer renames an existing player (issue 22), and PlayerRenamed exists.
// 5: the players' lines are binary (`lines`), no longer four JSON arrays each.
export const SNAPSHOT_VERSION = 5;

/**
 * A stored state: `state` is JSON of everything but the players' lines, `lines` their columns'
 * bytes, player after player in the order of the JSON's players (each PlayerLines.bytes()).
 * Loading copies those bytes into each player's typed array instead of parsing numbers
 * (docs/performance.md, "Scale curve").
 */
export interface SerializedLadder {
  state: string;
  lines: Uint8Array;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

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
  /** How many lines the player has in `lines`; negative: −count, in the wide (Float64) layout. */
  lineCount: number,
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
  /** The byte order of `lines`: a snapshot from a machine of the other order is not read. */
  littleEndian: boolean;
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

/** The state as compact JSON (tuples, not objects) and its players' lines as bytes. */
export function serializeState(state: LadderState): SerializedLadder {
  const players = [...state.players.values()];
  let bytes = 0;
  for (const p of players) bytes += p.lines.bytes().byteLength;
  const lines = new Uint8Array(bytes);
  let offset = 0;
  for (const p of players) {
    const own = p.lines.bytes();
    lines.set(own, offset);
    offset += own.byteLength;
  }
  const serialized: SerializedState = {
    littleEndian: LITTLE_ENDIAN,
    nextPlayerId: state.nextPlayerId,
    nextMatchId: state.nextMatchId,
    players: players.map((p) => [
      p.id,
      p.discordId,
      p.discordIds,
      p.username,
      p.mergedInto,
      [...p.ratings.entries()],
      p.lines.wide ? -p.lines.length : p.lines.length,
      totalsTuple(p.totals),
      p.absorbed.map(mergeTuple),
      p.resets.map(resetTuple),
    ]),
    voided: [...state.voided],
    matchPositions: state.matchPositions,
    reverted: [...state.reverted],
    seasons: state.seasons,
  };
  return { state: JSON.stringify(serialized), lines };
}

/** Bytes a player's lines take in `lines` (PlayerTuple's lineCount). */
const lineBytes = (lineCount: number): number => PlayerLines.byteLength(Math.abs(lineCount), lineCount < 0);

export function deserializeState({ state, lines }: SerializedLadder): LadderState {
  const s = JSON.parse(state) as SerializedState;
  if (s.littleEndian !== LITTLE_ENDIAN) throw new Error('The snapshot was written on a machine of the other byte order.');
  const expected = s.players.reduce((sum, [, , , , , , lineCount]) => sum + lineBytes(lineCount), 0);
  if (lines.byteLength !== expected) throw new Error(`The snapshot's lines are ${lines.byteLength} bytes, its players name ${expected}.`);
  const players = new Map<number, LadderPlayer>();
  const playerIdByDiscordId = new Map<string, number>();
  let offset = 0;
  for (const [id, discordId, discordIds, username, mergedInto, ratings, lineCount, totals, absorbed, resets] of s.players) {
    const size = lineBytes(lineCount);
    players.set(id, {
      id,
      discordId,
      discordIds,
      username,
      mergedInto,
      ratings: new Map(ratings),
      lines: PlayerLines.fromBytes(lines.subarray(offset, offset + size), lineCount < 0),
      totals: totalsOf(totals),
      absorbed: absorbed.map(mergeOf),
      resets: resets.map(resetOf),
    });
    offset += size;
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
