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
 * A stored state (docs/performance.md, "Scale curve"): `state` is JSON of the strings and the
 * rare fields (names, Discord IDs, standing merges, seasons, voids), `lines` the bytes of the
 * rest: first every player's numbers (SerializedState.numbers Float64 values, see writePlayer),
 * then every player's lines (PlayerLines.bytes(), a wide player's from a multiple of 8), player
 * after player in the order of the JSON's lists. A load copies the lines once into one buffer
 * that every player's typed array views, and reads the numbers without parsing text.
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
  /** Per player, in one order: */
  discordId: string[];
  username: string[];
  discordIds: string[][];
  /** Standing merges, by the index of their primary in the lists above (few players have any). */
  absorbed: [index: number, records: MergeTuple[]][];
  /** How many Float64 values the players' numbers take at the start of `lines`. */
  numbers: number;
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

/**
 * One player's numbers: id, merged-into (−1: none), line count (negative: −count, in the wide
 * layout), the six totals, the ratings (count, then pool and rating each) and the soft-reset
 * moves (count, then first match id, pool and delta each).
 */
function writePlayer(out: number[], p: LadderPlayer): void {
  const t = p.totals;
  out.push(p.id, p.mergedInto ?? -1, p.lines.wide ? -p.lines.length : p.lines.length, t.wins, t.losses, t.kills, t.deaths, t.assists, t.score);
  out.push(p.ratings.size);
  for (const [pool, rating] of p.ratings) out.push(pool, rating);
  out.push(p.resets.length);
  for (const r of p.resets) out.push(r.firstMatchId, r.pool, r.delta);
}

/**
 * A snapshot as it is taken: the JSON, and the bytes of SerializedLadder.lines as parts in order
 * (the numbers, then each player's lines, with zeros where a wide player's start is aligned),
 * the lines not copied but viewed. Taking one reads the state at once; the parts may be written
 * out later while the ladder moves on, since a player's lines up to their length never change
 * in place (PlayerLines: a push writes after them, a removal makes a new array).
 */
export interface SnapshotParts {
  state: string;
  byteLength: number;
  parts: Uint8Array[];
}

/**
 * The state's snapshot (SnapshotParts). At 1,000,000 matches the lines are 121 MB: copied into
 * one buffer (serializeState) they held the event loop for 200–430 ms, most of it the first
 * touch of the new memory, then again in the database driver's message (docs/performance.md,
 * "Scale curve"); as parts they are streamed by COPY from where they are.
 */
export function snapshotParts(state: LadderState): SnapshotParts {
  const players = [...state.players.values()];
  const written: number[] = [];
  for (const p of players) writePlayer(written, p);
  const values = Float64Array.from(written);
  const numbers = values.length;
  const parts: Uint8Array[] = [new Uint8Array(values.buffer)];
  let offset = numbers * 8;
  for (const p of players) {
    const aligned = startOf(offset, p.lines.wide);
    if (aligned > offset) parts.push(new Uint8Array(aligned - offset));
    const own = p.lines.bytes();
    if (own.byteLength > 0) parts.push(own);
    offset = aligned + own.byteLength;
  }
  const serialized: SerializedState = {
    littleEndian: LITTLE_ENDIAN,
    nextPlayerId: state.nextPlayerId,
    nextMatchId: state.nextMatchId,
    discordId: players.map((p) => p.discordId),
    username: players.map((p) => p.username),
    discordIds: players.map((p) => p.discordIds),
    absorbed: players.flatMap((p, i): SerializedState['absorbed'] => (p.absorbed.length > 0 ? [[i, p.absorbed.map(mergeTuple)]] : [])),
    numbers,
    voided: [...state.voided],
    matchPositions: state.matchPositions,
    reverted: [...state.reverted],
    seasons: state.seasons,
  };
  return { state: JSON.stringify(serialized), byteLength: offset, parts };
}

/** The state as compact JSON and bytes (SerializedLadder): snapshotParts with its parts in one buffer. */
export function serializeState(state: LadderState): SerializedLadder {
  const { state: text, byteLength, parts } = snapshotParts(state);
  const lines = new Uint8Array(byteLength);
  let offset = 0;
  for (const part of parts) {
    lines.set(part, offset);
    offset += part.byteLength;
  }
  return { state: text, lines };
}

/** Where a player's lines start in `lines` after `offset`: a wide player's Float64 view needs a multiple of 8. */
const startOf = (offset: number, wide: boolean): number => (wide ? Math.ceil(offset / 8) * 8 : offset);

/**
 * A whole number read from a Float64Array as the integer it is, which V8 keeps unboxed (a Smi)
 * in an object or a Map as a fold's values are; others (and −0) as they are.
 */
const exact = (value: number): number => (value === (value | 0) && (value !== 0 || 1 / value > 0) ? value | 0 : value);

/**
 * The state `serializeState` stored. `adopt`: the caller gives up `lines`, which the state's
 * players then view; otherwise they are copied.
 */
export function deserializeState({ state, lines }: SerializedLadder, adopt = false): LadderState {
  const s = JSON.parse(state) as SerializedState;
  if (s.littleEndian !== LITTLE_ENDIAN) throw new Error('The snapshot was written on a machine of the other byte order.');
  if (lines.byteLength < s.numbers * 8) throw new Error(`The snapshot's lines are ${lines.byteLength} bytes, short of its ${s.numbers} numbers.`);
  // The numbers are read once and the lines are viewed by the players' typed arrays (kept only
  // as long as one of them does): from a copy, unless the caller hands the bytes over and they
  // start at a multiple of 8 (the restart snapshot's load: 121 MB not copied again at 1,000,000
  // matches, docs/performance.md), so that the caller's bytes and the state never share memory.
  const aligned = adopt && lines.byteOffset % 8 === 0 ? lines : new Uint8Array(lines);
  const numbers = new Float64Array(aligned.buffer, aligned.byteOffset, s.numbers);
  const shared = aligned.subarray(s.numbers * 8);
  const absorbed = new Map(s.absorbed);
  const players = new Map<number, LadderPlayer>();
  const playerIdByDiscordId = new Map<string, number>();
  let at = 0;
  let offset = 0;
  s.discordId.forEach((discordId, i) => {
    const next = (): number => exact(numbers[at++]!);
    const id = next();
    const mergedInto = next();
    const lineCount = next();
    const totals = { wins: next(), losses: next(), kills: next(), deaths: next(), assists: next(), score: next() };
    const ratings = new Map<number, number>();
    for (let n = next(); n > 0; n--) ratings.set(next(), next());
    const resets: RatingReset[] = [];
    for (let n = next(); n > 0; n--) resets.push({ firstMatchId: next(), pool: next(), delta: next() });
    const wide = lineCount < 0;
    const size = PlayerLines.byteLength(Math.abs(lineCount), wide);
    offset = startOf(offset, wide);
    if (offset + size > shared.byteLength) throw new Error(`The snapshot's lines are ${lines.byteLength} bytes, its players name more.`);
    const discordIds = s.discordIds[i]!;
    players.set(id, {
      id,
      discordId,
      discordIds,
      username: s.username[i]!,
      mergedInto: mergedInto === -1 ? null : mergedInto,
      ratings,
      lines: PlayerLines.fromBytes(shared.subarray(offset, offset + size), wide),
      totals,
      absorbed: (absorbed.get(i) ?? []).map(mergeOf),
      resets,
    });
    offset += size;
    for (const alias of discordIds) playerIdByDiscordId.set(alias, id);
  });
  if (at !== s.numbers || offset !== shared.byteLength) {
    throw new Error(`The snapshot's lines are ${lines.byteLength} bytes, its players name ${s.numbers * 8 + offset}.`);
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
