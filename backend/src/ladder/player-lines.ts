import type { PoolKey } from './pool-key.js';

// A player's participant lines in one typed array (docs/performance.md, "Scale curve": the
// ladder state holds every line of the log, 8,000,000 at 1,000,000 matches).

/** Numbers a line holds per layout: match id, recorded-as id, and pool and change (packed in one, or two). */
const PACKED_STRIDE = 3;
const WIDE_STRIDE = 4;
const FIRST_CAPACITY = 4;
/**
 * A full array grows by an eighth (still amortised O(1) a push). A snapshot's load gives each
 * player exactly its lines, so the first match after a restart grows every player it names: by
 * doubling, the thousand busiest players of the 1,000,000-match ladder took about 25 MB more
 * within a burst of 650 matches (docs/performance.md, "Scale curve"), for room they rarely fill.
 */
const GROWTH_SHIFT = 3;

const fitsInt32 = (value: number): boolean => (value | 0) === value;
const fitsPacked = (matchId: number, pool: number, change: number, recordedAs: number): boolean =>
  fitsInt32(matchId) && fitsInt32(recordedAs) && (pool & 0xffff) === pool && (change << 16) >> 16 === change;

/** One line: a match, its pool, the rating change it gave and the account it was recorded under. */
export interface Line {
  matchId: number;
  pool: PoolKey;
  change: number;
  recordedAs: number;
}

/**
 * A player's matches in time order: match id, pool, rating change and recorded-as id per line.
 * Packed, a line is three 32-bit integers in one Int32Array (12 bytes; pool 0–65535 and change
 * ±32,767 share the third), which covers every line the decider makes: ids are sequential,
 * mode ids small, changes whole points of at most ELO_K × 1.25 × 1.3 (contracts' elo.ts). A
 * line that does not fit (a fractional change, say, from a log written otherwise) turns the
 * player's columns into a Float64Array of four numbers a line, so every value stays exact.
 * Capacity grows by an eighth as lines are pushed. Lines up to the length never change in place: a push
 * writes after them and anything else makes a new array, so the restart snapshot views them
 * rather than copying 121 MB at 1,000,000 matches (ladder.snapshot.ts, snapshotParts).
 */
export class PlayerLines implements Iterable<Line> {
  private data: Int32Array | Float64Array;
  private size: number;
  /** Numbers a line: PACKED_STRIDE in the Int32Array, WIDE_STRIDE in the Float64Array. */
  private stride: number;

  private constructor(data: Int32Array | Float64Array, size: number) {
    this.data = data;
    this.size = size;
    this.stride = data instanceof Float64Array ? WIDE_STRIDE : PACKED_STRIDE;
  }

  static empty(): PlayerLines {
    return new PlayerLines(new Int32Array(0), 0);
  }

  static of(lines: Iterable<Line>): PlayerLines {
    const out = PlayerLines.empty();
    for (const line of lines) out.push(line.matchId, line.pool, line.change, line.recordedAs);
    return out;
  }

  /**
   * Lines from their stored bytes (see `bytes()`), packed unless `wide`. Bytes aligned for
   * their layout (4 packed, 8 wide) are used in place, not copied: a snapshot's load makes
   * every player a view of one buffer (ladder.snapshot.ts), and a player that grows moves to a
   * buffer of its own. Other bytes are copied.
   */
  static fromBytes(bytes: Uint8Array, wide: boolean): PlayerLines {
    const one = PlayerLines.byteLength(1, wide);
    if (bytes.byteLength % one !== 0) throw new Error(`Player lines of ${bytes.byteLength} bytes`);
    const width = wide ? 8 : 4;
    const [buffer, offset] =
      bytes.byteOffset % width === 0 ? [bytes.buffer, bytes.byteOffset] : [bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), 0];
    const count = bytes.byteLength / width;
    return new PlayerLines(wide ? new Float64Array(buffer, offset, count) : new Int32Array(buffer, offset, count), bytes.byteLength / one);
  }

  /** Bytes `count` lines take in bytes(): 12 a line packed, 32 wide. */
  static byteLength(count: number, wide: boolean): number {
    return wide ? count * WIDE_STRIDE * 8 : count * PACKED_STRIDE * 4;
  }

  get length(): number {
    return this.size;
  }

  /** Whether the columns are the exact Float64 ones (a line did not fit the packed ones). */
  get wide(): boolean {
    return this.stride === WIDE_STRIDE;
  }

  /** The lines' bytes in this platform's byte order (the snapshot records which). */
  bytes(): Uint8Array {
    return new Uint8Array(this.data.buffer, this.data.byteOffset, this.size * this.stride * this.data.BYTES_PER_ELEMENT);
  }

  push(matchId: number, pool: PoolKey, change: number, recordedAs: number): void {
    if (!this.wide && !fitsPacked(matchId, pool, change, recordedAs)) this.widen();
    const stride = this.stride;
    if ((this.size + 1) * stride > this.data.length) this.grow(this.size + Math.max(FIRST_CAPACITY, this.size >> GROWTH_SHIFT));
    const at = this.size * stride;
    const data = this.data;
    data[at] = matchId;
    data[at + 1] = recordedAs;
    if (stride === WIDE_STRIDE) {
      data[at + 2] = pool;
      data[at + 3] = change;
    } else {
      data[at + 2] = (pool << 16) | (change & 0xffff);
    }
    this.size++;
  }

  matchId(i: number): number {
    return this.data[i * this.stride]!;
  }

  recordedAs(i: number): number {
    return this.data[i * this.stride + 1]!;
  }

  pool(i: number): PoolKey {
    return this.wide ? this.data[i * WIDE_STRIDE + 2]! : this.data[i * PACKED_STRIDE + 2]! >>> 16;
  }

  change(i: number): number {
    return this.wide ? this.data[i * WIDE_STRIDE + 3]! : (this.data[i * PACKED_STRIDE + 2]! << 16) >> 16;
  }

  line(i: number): Line {
    return { matchId: this.matchId(i), pool: this.pool(i), change: this.change(i), recordedAs: this.recordedAs(i) };
  }

  *[Symbol.iterator](): Iterator<Line> {
    for (let i = 0; i < this.size; i++) yield this.line(i);
  }

  /** The match ids, in order, as a plain list. */
  matchIds(): number[] {
    const out = new Array<number>(this.size);
    for (let i = 0; i < this.size; i++) out[i] = this.matchId(i);
    return out;
  }

  /** Index of the line of `matchId` (match ids ascend), or −1. */
  indexOf(matchId: number): number {
    let lo = 0;
    let hi = this.size - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const at = this.matchId(mid);
      if (at === matchId) return mid;
      if (at < matchId) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  hasPool(pool: PoolKey): boolean {
    for (let i = 0; i < this.size; i++) if (this.pool(i) === pool) return true;
    return false;
  }

  /**
   * Removes line `i` into a new array (voids and merges, which are rare), never in place: lines
   * up to the length stay as they were in the array that held them, so a snapshot taken from
   * views of them (ladder.snapshot.ts, snapshotParts) can be written while the ladder moves on.
   */
  removeAt(i: number): void {
    if (i < 0 || i >= this.size) throw new RangeError(`No line ${i} of ${this.size}`);
    const stride = this.stride;
    const next = this.wide ? new Float64Array(Math.max(FIRST_CAPACITY * stride, this.data.length)) : new Int32Array(Math.max(FIRST_CAPACITY * stride, this.data.length));
    next.set(this.data.subarray(0, i * stride));
    next.set(this.data.subarray((i + 1) * stride, this.size * stride), i * stride);
    this.data = next;
    this.size--;
  }

  private grow(lines: number): void {
    const stride = this.stride;
    const next = this.wide ? new Float64Array(lines * stride) : new Int32Array(lines * stride);
    next.set(this.data.subarray(0, this.size * stride));
    this.data = next;
  }

  private widen(): void {
    const wide = new Float64Array(Math.max(FIRST_CAPACITY, this.size * 2) * WIDE_STRIDE);
    for (let i = 0; i < this.size; i++) {
      wide.set([this.matchId(i), this.recordedAs(i), this.pool(i), this.change(i)], i * WIDE_STRIDE);
    }
    this.data = wide;
    this.stride = WIDE_STRIDE;
  }
}
