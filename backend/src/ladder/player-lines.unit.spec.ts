import { PlayerLines, type Line } from './player-lines.js';

const lines = (n: number, at = (i: number): Line => ({ matchId: i * 3 + 1, pool: i % 4, change: (i % 2 === 0 ? 1 : -1) * (i % 40), recordedAs: 7 + (i % 3) })) =>
  Array.from({ length: n }, (_, i) => at(i));

describe('PlayerLines', () => {
  test('keeps every pushed line in order, growing as it goes', () => {
    const expected = lines(1000);
    const columns = PlayerLines.of(expected);
    expect(columns.length).toBe(1000);
    expect(columns.wide).toBe(false);
    expect([...columns]).toEqual(expected);
    expect(columns.matchIds()).toEqual(expected.map((l) => l.matchId));
    expect(columns.line(10)).toEqual(expected[10]);
    expect([columns.matchId(999), columns.pool(999), columns.change(999), columns.recordedAs(999)]).toEqual(Object.values(expected[999]!));
  });

  test('finds a match by binary search, removes a line and knows its pools', () => {
    const columns = PlayerLines.of(lines(50));
    expect(columns.indexOf(31)).toBe(10);
    expect(columns.indexOf(32)).toBe(-1);
    expect(PlayerLines.empty().indexOf(1)).toBe(-1);
    columns.removeAt(10);
    expect(columns.length).toBe(49);
    expect(columns.indexOf(31)).toBe(-1);
    expect(columns.line(10)).toEqual(lines(50)[11]);
    expect(columns.hasPool(3)).toBe(true);
    expect(columns.hasPool(4)).toBe(false);
    expect(() => columns.removeAt(49)).toThrow(RangeError);
    // Pushed after a removal, a line lands after the last one left.
    columns.push(500, 2, -3, 8);
    expect(columns.line(49)).toEqual({ matchId: 500, pool: 2, change: -3, recordedAs: 8 });
  });

  test('packs the edges of its ranges exactly', () => {
    const edges: Line[] = [
      { matchId: 2 ** 31 - 1, pool: 65535, change: 32767, recordedAs: 2 ** 31 - 1 },
      { matchId: 1, pool: 0, change: -32768, recordedAs: 1 },
      { matchId: 2, pool: 32768, change: -1, recordedAs: 2 },
    ];
    const columns = PlayerLines.of(edges);
    expect(columns.wide).toBe(false);
    expect([...columns]).toEqual(edges);
  });

  test.each([
    ['a fractional change', { change: 2.5 }],
    ['a change past 16 bits', { change: 40_000 }],
    ['a pool past 16 bits', { pool: 70_000 }],
    ['an id past 32 bits', { matchId: 2 ** 40 }],
  ])('turns wide on %s and keeps every value exact', (_, odd) => {
    const before = lines(5);
    const columns = PlayerLines.of(before);
    const line = { matchId: 100, pool: 1, change: 3, recordedAs: 9, ...odd };
    columns.push(line.matchId, line.pool, line.change, line.recordedAs);
    columns.push(101, 2, -4, 9);
    expect(columns.wide).toBe(true);
    expect([...columns]).toEqual([...before, line, { matchId: 101, pool: 2, change: -4, recordedAs: 9 }]);
    columns.removeAt(0);
    expect([...columns]).toEqual([...before.slice(1), line, { matchId: 101, pool: 2, change: -4, recordedAs: 9 }]);
  });

  test('comes back from its bytes, packed or wide, and grows from there', () => {
    for (const columns of [PlayerLines.of(lines(37)), PlayerLines.of([...lines(3), { matchId: 200, pool: 1, change: 0.5, recordedAs: 1 }])]) {
      const bytes = columns.bytes();
      expect(bytes.byteLength).toBe(PlayerLines.byteLength(columns.length, columns.wide));
      // At an odd offset of a larger buffer, as a snapshot's bytes may be.
      const carrier = new Uint8Array(bytes.byteLength + 3);
      carrier.set(bytes, 3);
      const back = PlayerLines.fromBytes(carrier.subarray(3), columns.wide);
      expect(back.wide).toBe(columns.wide);
      expect([...back]).toEqual([...columns]);
      back.push(1000, 1, 5, 2);
      expect(back.line(back.length - 1)).toEqual({ matchId: 1000, pool: 1, change: 5, recordedAs: 2 });
      expect(back.length).toBe(columns.length + 1);
      // Room for an eighth more, not as many again: a restart's first match grows every player it names.
      expect(back.bytes().buffer.byteLength).toBeLessThanOrEqual(PlayerLines.byteLength(Math.ceil(columns.length * 1.125) + 4, columns.wide));
    }
    expect(() => PlayerLines.fromBytes(new Uint8Array(13), false)).toThrow('Player lines of 13 bytes');
  });

  test('aligned bytes are viewed in place; a push or a removal never changes the bytes viewed, its own or beside them', () => {
    const first = PlayerLines.of(lines(3));
    const second = PlayerLines.of(lines(4));
    const shared = new Uint8Array(first.bytes().byteLength + second.bytes().byteLength);
    shared.set(first.bytes());
    shared.set(second.bytes(), first.bytes().byteLength);
    const before = Buffer.from(shared);
    const a = PlayerLines.fromBytes(shared.subarray(0, 36), false);
    const b = PlayerLines.fromBytes(shared.subarray(36), false);
    expect(a.bytes().buffer).toBe(shared.buffer);
    // A snapshot views a player's lines while the ladder moves on (ladder.snapshot.ts, snapshotParts).
    const viewed = a.bytes();
    a.removeAt(0);
    expect(a.bytes().buffer).not.toBe(shared.buffer);
    a.push(999, 1, 1, 1);
    expect([...b]).toEqual(lines(4));
    expect([...a]).toEqual([...lines(3).slice(1), { matchId: 999, pool: 1, change: 1, recordedAs: 1 }]);
    expect(Buffer.from(shared).equals(before)).toBe(true);
    expect(Buffer.from(viewed).equals(before.subarray(0, 36))).toBe(true);
    // A push on lines with room writes after those viewed.
    const room = PlayerLines.of(lines(5));
    const kept = Buffer.from(room.bytes());
    const view = room.bytes();
    room.push(1000, 2, -2, 1);
    expect(Buffer.from(view).equals(kept)).toBe(true);
    expect(room.length).toBe(6);
    expect([...b]).toEqual(lines(4));
  });
});
