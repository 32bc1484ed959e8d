import { MODES, validateRecordMatch, type LadderEvent, type MatchRecorded, type RecordMatchPlayer } from '@team/contracts';
import { foldSteps, type LadderStep } from '../../test/support/ladder-fold.js';
import { decide, type LadderCommand } from './ladder.decider.js';
import { evolve } from './ladder.evolve.js';
import type { LadderState } from './ladder.state.js';
import { deserializeState, serializeState, snapshotParts } from './ladder.snapshot.js';

// The restart snapshot (docs/performance.md, "Scale curve"): JSON of names and small fields,
// the players' lines as bytes; what comes back is the state that was folded.

const now = new Date('2025-03-01T12:00:00.000Z');
const line = (discordId: string, kills = 1): RecordMatchPlayer => ({ discordId, username: discordId.toUpperCase(), kills, deaths: 1, assists: 0, score: 100 });

function match(team1: string[], team2: string[], modeId: number | null = null): LadderCommand {
  const validation = validateRecordMatch({ winningTeam: 'team1', modeId, team1: team1.map((d, i) => line(d, i + 2)), team2: team2.map((d) => line(d)) }, MODES);
  if (!validation.ok) throw new Error(validation.error);
  return { type: 'RecordMatch', request: validation.value, mode: validation.mode, statsUsed: validation.statsUsed, idempotencyKey: null, requestHash: null };
}

const fold = (...steps: LadderStep[]) => foldSteps(now, ...steps);

const voidOf = (matchId: number) => (events: LadderEvent[]): LadderCommand => ({
  type: 'VoidMatch',
  matchId,
  reason: 'Wrong lobby',
  recorded: events.find((e): e is MatchRecorded => e.type === 'MatchRecorded' && e.data.matchId === matchId)!.data,
});

/** The state with each player's lines as a plain list: what equality means here (capacity aside). */
const plain = (state: LadderState) => ({
  ...state,
  players: [...state.players.values()].map(({ lines, ...rest }) => ({ ...rest, lines: [...lines], wide: lines.wide })),
});

/** A ladder with modes, a season, merges (one reverted, one standing), a match by a merged-away ID and a void. */
const ladder = () => {
  const mode = MODES[0]!.id;
  return fold(
    match(['a', 'b'], ['c', 'd']),
    match(['a', 'c'], ['e', 'f'], mode),
    match(['e', 'b'], ['a', 'd']),
    { type: 'StartSeason', name: 'Season 2', softResetPercent: 25 },
    match(['g', 'd'], ['c', 'b'], mode),
    { type: 'MergePlayers', primaryId: 1, duplicateId: 7 },
    match(['g', 'b'], ['c', 'e']),
    voidOf(3),
    { type: 'UnmergePlayers', primaryId: 1, duplicateId: 7 },
    { type: 'MergePlayers', primaryId: 6, duplicateId: 7 },
    match(['e', 'a'], ['b', 'c'], mode),
  );
};

describe('ladder snapshot', () => {
  test('state → snapshot → state is the folded state, and folds on the same', () => {
    const { state, events } = ladder();
    expect(events.map((e) => e.type)).toContain('PlayersUnmerged');
    const snapshot = serializeState(state);
    // The players' numbers (8 bytes each), then 12 bytes a line.
    const numbers = (JSON.parse(snapshot.state) as { numbers: number }).numbers;
    expect(snapshot.lines.byteLength).toBe(numbers * 8 + [...state.players.values()].reduce((n, p) => n + p.lines.length * 12, 0));
    const loaded = deserializeState(snapshot);
    expect(plain(loaded)).toEqual({ ...plain(state), answers: new Map() });
    // The same snapshot again, byte for byte.
    expect(serializeState(loaded)).toEqual(snapshot);

    // The loaded state decides and folds the next match as the folded one does.
    const next = match(['a', 'e'], ['b', 'f']);
    const [fromFolded] = decide(next, state, { now });
    const [fromLoaded] = decide(next, loaded, { now });
    expect(fromLoaded).toEqual(fromFolded);
    evolve(state, fromFolded!, { position: 100 });
    evolve(loaded, fromLoaded!, { position: 100 });
    expect(plain(loaded)).toEqual({ ...plain(state), answers: new Map() });
  });

  test('a line that needs the wide columns comes back exact', () => {
    const { state, events } = fold(match(['a'], ['b']));
    const recorded = events[0] as MatchRecorded;
    const odd: MatchRecorded = {
      type: 'MatchRecorded',
      // Only the second player's line: the first keeps one packed line (12 bytes), so the wide one starts at 16.
      data: { ...recorded.data, matchId: 2, participants: recorded.data.participants.slice(1).map((p) => ({ ...p, ratingChange: p.ratingChange + 0.25 })) },
    };
    evolve(state, odd, { position: 2 });
    expect([state.players.get(1)!.lines.wide, state.players.get(2)!.lines.wide]).toEqual([false, true]);
    const snapshot = serializeState(state);
    // Each player's 13 numbers (id, merged-into, line count, six totals, one rating, no resets), then the lines.
    expect(snapshot.lines.byteLength).toBe(2 * 13 * 8 + 12 + 4 + 2 * 32);
    const loaded = deserializeState(snapshot);
    expect(plain(loaded)).toEqual(plain(state));
    expect(loaded.players.get(2)!.lines.change(1)).toBe(recorded.data.participants[1]!.ratingChange + 0.25);
  });

  test('a load that adopts the bytes views them in place; one that does not leaves them as they were', () => {
    const { state } = ladder();
    const snapshot = serializeState(state);
    const before = Buffer.from(snapshot.lines);
    const owner = (loaded: LadderState) => [...loaded.players.values()].find((p) => p.lines.length > 1)!;
    // A copy: the players change their lines in place (a void or a merge removes one).
    const copied = owner(deserializeState(snapshot));
    copied.lines.removeAt(0);
    expect(Buffer.from(snapshot.lines).equals(before)).toBe(true);
    expect(copied.lines.bytes().buffer).not.toBe(snapshot.lines.buffer);
    // Adopted: the players view the snapshot's own buffer, not a second copy of it (121 MB at 1M matches).
    const adopted = deserializeState(snapshot, true);
    expect(plain(adopted)).toEqual({ ...plain(state), answers: new Map() });
    expect(owner(adopted).lines.bytes().buffer).toBe(snapshot.lines.buffer);
  });

  test('a snapshot taken as parts is the state as it was taken, however the ladder moves on before it is written', () => {
    const { state } = ladder();
    const taken = serializeState(state);
    const parts = snapshotParts(state);
    // The ladder moves on: a line removed (a void or a merge) and a match's lines pushed.
    const [one, two] = [...state.players.values()].filter((p) => p.lines.length > 1);
    one!.lines.removeAt(0);
    two!.lines.push(999, 0, 12, two!.id);
    one!.totals.wins += 5;
    const written = Buffer.concat(parts.parts);
    expect(written.byteLength).toBe(parts.byteLength);
    expect({ state: parts.state, lines: new Uint8Array(written) }).toEqual(taken);
    expect(serializeState(state)).not.toEqual(taken);
  });

  test('a snapshot whose lines do not add up, or of the other byte order, is refused, not misread', () => {
    const { state } = ladder();
    const { state: text, lines } = serializeState(state);
    expect(() => deserializeState({ state: text, lines: lines.subarray(0, lines.byteLength - 12) })).toThrow(/lines are \d+ bytes, its players name more/);
    const longer = new Uint8Array(lines.byteLength + 12);
    longer.set(lines);
    expect(() => deserializeState({ state: text, lines: longer })).toThrow(/lines are \d+ bytes, its players name \d+/);
    expect(() => deserializeState({ state: text, lines: lines.subarray(0, 8) })).toThrow(/short of its \d+ numbers/);
    const other = JSON.stringify({ ...JSON.parse(text), littleEndian: !JSON.parse(text).littleEndian });
    expect(() => deserializeState({ state: other, lines })).toThrow('other byte order');
  });
});
