import {
  computeEloChanges,
  type LadderEvent,
  type MatchRecorded,
  type MatchVoided,
  MODES,
  type PlayersMerged,
  type PlayersUnmerged,
  type RecordMatchPlayer,
  type RecordMatchRequest,
  validateRecordMatch,
} from '@team/contracts';
import { foldSteps, type LadderStep } from '../../test/support/ladder-fold.js';
import { ConflictError, InvalidInputError, NotFoundError } from '../shared/domain-errors.js';
import { decide, type LadderCommand } from './ladder.decider.js';
import { evolve } from './ladder.evolve.js';
import { initialLadderState, type LadderState } from './ladder.state.js';
import type { RecordMatch } from './record-match/record-match.decide.js';
import type { VoidMatch } from './void-match/void-match.decide.js';

const now = new Date('2025-03-01T12:00:00.000Z');

function player(discordId: string, username: string, stats: Partial<RecordMatchPlayer> = {}): RecordMatchPlayer {
  return { discordId, username, kills: 0, deaths: 0, assists: 0, score: 0, ...stats };
}

/** A RecordMatch command from a body, validated as the handler does. */
function recordMatch(body: Partial<RecordMatchRequest> & Pick<RecordMatchRequest, 'team1' | 'team2'>, key: string | null = null): RecordMatch {
  const validation = validateRecordMatch({ winningTeam: 'team1', ...body }, MODES);
  if (!validation.ok) throw new Error(`test body is invalid: ${validation.error}`);
  return {
    type: 'RecordMatch',
    request: validation.value,
    mode: validation.mode,
    statsUsed: validation.statsUsed,
    idempotencyKey: key,
    requestHash: key === null ? null : JSON.stringify(validation.value),
  };
}

/** Given events, when a command: the events it decides. */
function given(events: LadderEvent[]) {
  const state = initialLadderState();
  events.forEach((event, i) => evolve(state, event, { position: i + 1 }));
  return {
    state,
    when: (command: LadderCommand) => decide(command, state, { now }),
  };
}

/** Decides and folds each command in turn, returning every event: the history to start from. */
function history(...commands: LadderCommand[]): LadderEvent[] {
  const state = initialLadderState();
  const events: LadderEvent[] = [];
  for (const command of commands) {
    for (const event of decide(command, state, { now })) {
      evolve(state, event, { position: events.length + 1 });
      events.push(event);
    }
  }
  return events;
}

const oneVsOne = (a: RecordMatchPlayer, b: RecordMatchPlayer, extra: Partial<RecordMatchRequest> = {}) =>
  recordMatch({ team1: [a], team2: [b], ...extra });

describe('ladder decider: RecordMatch', () => {
  test('a first match creates players with sequential ids and moves the overall pool by plain ELO', () => {
    const [event] = given([]).when(
      recordMatch({ team1: [player('d-a', 'Alpha'), player('d-b', 'Bravo')], team2: [player('d-c', 'Charlie')] }),
    ) as [MatchRecorded];
    expect(event.type).toBe('MatchRecorded');
    expect(event.data).toMatchObject({
      matchId: 1,
      recordedAt: now.toISOString(),
      mode: null,
      pool: 'overall',
      winningTeam: 'team1',
      statsUsed: false,
      idempotencyKey: null,
    });
    expect(event.data.participants.map((p) => [p.playerId, p.newPlayer, p.team, p.won])).toEqual([
      [1, true, 'team1', true],
      [2, true, 'team1', true],
      [3, true, 'team2', false],
    ]);
    // Equal teams, no stats: K·(1 − 0.5) = 16 either way.
    expect(event.data.participants.map((p) => [p.ratingBefore, p.ratingChange, p.ratingAfter])).toEqual([
      [1000, 16, 1016],
      [1000, 16, 1016],
      [1000, -16, 984],
    ]);
    // Without K/D stats the kills and deaths are blanks, not zeros.
    expect(event.data.participants[0]).toMatchObject({ kills: null, deaths: null });
  });

  test('a known Discord ID reuses its player (keeping its name: the line keeps the typed one) and rates from its current rating', () => {
    const past = history(oneVsOne(player('d-a', 'Alpha'), player('d-b', 'Bravo')));
    const [event] = given(past).when(oneVsOne(player('d-b', 'Bravo2'), player('d-c', 'Charlie'))) as [MatchRecorded];
    expect(given([...past, event]).state.players.get(2)!.username).toBe('Bravo');
    expect(event.data.matchId).toBe(2);
    const [bravo, charlie] = event.data.participants;
    expect(bravo).toMatchObject({ playerId: 2, newPlayer: false, username: 'Bravo2', ratingBefore: 984 });
    expect(charlie).toMatchObject({ playerId: 3, newPlayer: true, ratingBefore: 1000 });
    expect(bravo!.ratingChange).toBe(
      computeEloChanges({
        winningTeam: 'team1',
        statsUsed: false,
        participants: [
          { key: 'b', team: 'team1', rating: 984, kills: 0, deaths: 0, assists: 0, score: 0 },
          { key: 'c', team: 'team2', rating: 1000, kills: 0, deaths: 0, assists: 0, score: 0 },
        ],
      })[0]!.ratingChange,
    );
  });

  test('a mode match moves only that mode pool; the overall rating stays for the next overall match', () => {
    const past = history(
      oneVsOne(player('d-a', 'Alpha'), player('d-b', 'Bravo')),
      oneVsOne(player('d-b', 'Bravo'), player('d-a', 'Alpha'), { modeId: 1, team1Score: 250, team2Score: 100 }),
    );
    const modeEvent = past[1] as MatchRecorded;
    expect(modeEvent.data.pool).toBe(1);
    expect(modeEvent.data.mode).toEqual({ id: 1, name: 'Hardpoint', scoreLimit: 250 });
    // Both start the Hardpoint pool at 1000; margin 150/250 → M = 1.05 → round(32·1.05·0.5) = 17.
    expect(modeEvent.data.participants.map((p) => [p.ratingBefore, p.ratingChange])).toEqual([
      [1000, 17],
      [1000, -17],
    ]);
    const [next] = given(past).when(oneVsOne(player('d-a', 'Alpha'), player('d-b', 'Bravo'))) as [MatchRecorded];
    expect(next.data.participants.map((p) => p.ratingBefore)).toEqual([1016, 984]);
  });

  test('stats count only when every player has them, and then performance shapes the change', () => {
    const [event] = given([]).when(
      recordMatch({
        team1: [player('a', 'A', { kills: 20, deaths: 5, score: 3000 }), player('b', 'B', { kills: 5, deaths: 10, score: 1000 })],
        team2: [player('c', 'C', { kills: 10, deaths: 10, score: 2000 }), player('d', 'D', { kills: 10, deaths: 10, score: 2000 })],
      }),
    ) as [MatchRecorded];
    expect(event.data.statsUsed).toBe(true);
    const [a, b] = event.data.participants;
    expect(a!.kills).toBe(20);
    expect(a!.ratingChange).toBeGreaterThan(16);
    expect(b!.ratingChange).toBeLessThan(16);
    expect(b!.ratingChange).toBeGreaterThanOrEqual(1);
  });

  test('a repeated Idempotency-Key decides nothing; the same key for another match is a conflict', () => {
    const command = oneVsOne(player('a', 'A'), player('b', 'B'));
    const keyed = { ...command, idempotencyKey: 'k1', requestHash: 'h1' };
    const { state, when } = given(history(keyed));
    expect(when(keyed)).toEqual([]);
    expect(state.answers.get('k1')!.response).toEqual({
      matchId: 1,
      position: 1,
      participants: [
        { playerId: 1, username: 'A', team: 'team1', ratingBefore: 1000, ratingChange: 16, ratingAfter: 1016 },
        { playerId: 2, username: 'B', team: 'team2', ratingBefore: 1000, ratingChange: -16, ratingAfter: 984 },
      ],
    });
    expect(() => when({ ...keyed, requestHash: 'h2' })).toThrow(ConflictError);
  });

  test('two Discord IDs of one merged player in one match are refused', () => {
    const past = history(
      oneVsOne(player('d-a', 'Alpha'), player('d-c', 'Charlie')),
      oneVsOne(player('d-a2', 'alpha'), player('d-c', 'Charlie')),
      { type: 'MergePlayers', primaryId: 1, duplicateId: 3 },
    );
    expect(() => given(past).when(oneVsOne(player('d-a', 'Alpha'), player('d-a2', 'alpha')))).toThrow(InvalidInputError);
  });
});

describe('ladder decider: MergePlayers', () => {
  // Alpha (1) and Charlie (2) play; then alpha (3), a duplicate of Alpha, plays Charlie twice, once in Hardpoint.
  const past = history(
    oneVsOne(player('d-a', 'Alpha'), player('d-c', 'Charlie')),
    oneVsOne(player('d-a2', 'alpha '), player('d-c', 'Charlie')),
    oneVsOne(player('d-c', 'Charlie'), player('d-a2', 'alpha '), { modeId: 2, team1Score: 3, team2Score: 1 }),
    oneVsOne(player('d-a', 'Alpha'), player('d-c', 'Charlie')),
  );
  const changeOf = (matchIndex: number, playerId: number) =>
    (past[matchIndex] as MatchRecorded).data.participants.find((p) => p.playerId === playerId)!.ratingChange;

  test('merging records both ratings per pool, the moved matches and re-threaded ELO-after values', () => {
    const [event] = given(past).when({ type: 'MergePlayers', primaryId: 1, duplicateId: 3 }) as [PlayersMerged];
    expect(event.type).toBe('PlayersMerged');
    expect(event.data).toMatchObject({
      primaryId: 1,
      duplicateId: 3,
      primary: { discordId: 'd-a', username: 'Alpha' },
      duplicate: { discordId: 'd-a2', username: 'alpha' },
      movedMatchIds: [2, 3],
    });
    const alphaOverall = 1000 + changeOf(0, 1) + changeOf(3, 1);
    const dupOverall = 1000 + changeOf(1, 3);
    const dupControl = 1000 + changeOf(2, 3);
    expect(event.data.ratings).toEqual([
      { pool: 'overall', primaryBefore: alphaOverall, duplicateBefore: dupOverall, after: alphaOverall + dupOverall - 1000 },
      { pool: 2, primaryBefore: 1000, duplicateBefore: dupControl, after: dupControl },
    ]);
    // Match 1 is before any duplicate match, so its value stands; 2, 3 and 4 are re-threaded in time order.
    expect(event.data.rethreaded).toEqual([
      { matchId: 2, eloAfter: 1000 + changeOf(0, 1) + changeOf(1, 3) },
      { matchId: 3, eloAfter: 1000 + changeOf(2, 3) },
      { matchId: 4, eloAfter: 1000 + changeOf(0, 1) + changeOf(1, 3) + changeOf(3, 1) },
    ]);
  });

  test('after a merge the duplicate Discord ID counts for the primary at the merged rating', () => {
    const merged = [...past, ...given(past).when({ type: 'MergePlayers', primaryId: 1, duplicateId: 3 })];
    const [event] = given(merged).when(oneVsOne(player('d-a2', 'Alpha'), player('d-c', 'Charlie'))) as [MatchRecorded];
    const expected = (merged[4] as PlayersMerged).data.ratings[0]!.after;
    expect(event.data.participants[0]).toMatchObject({ playerId: 1, newPlayer: false, discordId: 'd-a2', ratingBefore: expected });
  });

  test('refusals: itself (400), unknown ids (404), a shared match (409), already merged (409)', () => {
    const { when } = given(past);
    expect(() => when({ type: 'MergePlayers', primaryId: 1, duplicateId: 1 })).toThrow(
      new InvalidInputError('A player cannot be merged into itself.'),
    );
    expect(() => when({ type: 'MergePlayers', primaryId: 1, duplicateId: 99 })).toThrow(new NotFoundError('Player 99 not found.'));
    expect(() => when({ type: 'MergePlayers', primaryId: 99, duplicateId: 1 })).toThrow(NotFoundError);
    expect(() => when({ type: 'MergePlayers', primaryId: 1, duplicateId: 2 })).toThrow(
      new ConflictError('Alpha (#1) and Charlie (#2) both played in match #1, so they cannot be the same person.'),
    );
    const merged = [...past, ...given(past).when({ type: 'MergePlayers', primaryId: 1, duplicateId: 3 })];
    expect(() => given(merged).when({ type: 'MergePlayers', primaryId: 1, duplicateId: 3 })).toThrow(
      new ConflictError('alpha (#3) was already merged into player #1.'),
    );
    expect(() => given(merged).when({ type: 'MergePlayers', primaryId: 3, duplicateId: 2 })).toThrow(ConflictError);
  });

  test('a chain of merges keeps every alias pointing at the final primary', () => {
    const events = history(
      oneVsOne(player('x1', 'X'), player('z', 'Z')),
      oneVsOne(player('x2', 'X'), player('w', 'W')),
      oneVsOne(player('x3', 'X'), player('v', 'V')),
      { type: 'MergePlayers', primaryId: 3, duplicateId: 1 },
      { type: 'MergePlayers', primaryId: 5, duplicateId: 3 },
    );
    const { state } = given(events);
    expect(state.playerIdByDiscordId.get('x1')).toBe(5);
    expect(state.playerIdByDiscordId.get('x2')).toBe(5);
    expect(state.players.get(5)!.ratings.get(0)).toBe(1000 + 16 + 16 + 16);
    expect(state.players.get(5)!.lines.matchIds()).toEqual([1, 2, 3]);
  });
});

/** A VoidMatch as the handler builds it: the match's facts come from its MatchRecorded in the log. */
function voidMatch(events: readonly LadderEvent[], matchId: number, reason = 'Wrong teams entered'): VoidMatch {
  const recorded = events.find((e): e is MatchRecorded => e.type === 'MatchRecorded' && e.data.matchId === matchId);
  return { type: 'VoidMatch', matchId, reason, recorded: recorded?.data ?? null };
}

/** Like history(), but each item may need the events so far (a void reads its match from them). */
function historyWith(...steps: LadderStep[]): LadderEvent[] {
  return foldSteps(now, ...steps).events;
}

const changeIn = (event: LadderEvent, playerId: number) =>
  (event as MatchRecorded).data.participants.find((p) => p.playerId === playerId)!.ratingChange;
const rating = (state: LadderState, playerId: number, pool = 0) => state.players.get(playerId)!.ratings.get(pool) ?? 1000;

describe('ladder decider: VoidMatch', () => {
  // Alpha (1) beats Bravo (2), then Bravo beats Alpha with stats, then Alpha beats Bravo again.
  const past = history(
    oneVsOne(player('d-a', 'Alpha'), player('d-b', 'Bravo')),
    oneVsOne(player('d-b', 'Bravo', { kills: 12, deaths: 3, assists: 2, score: 900 }), player('d-a', 'Alpha', { kills: 3, deaths: 12, score: 300 })),
    oneVsOne(player('d-a', 'Alpha'), player('d-b', 'Bravo')),
  );

  test('voiding gives each participant the change back, re-threads later entries and leaves later changes alone', () => {
    const [event] = given(past).when(voidMatch(past, 2, '  Recorded twice  ')) as [MatchVoided];
    expect(event.type).toBe('MatchVoided');
    const [a1, a2, a3] = [changeIn(past[0]!, 1), changeIn(past[1]!, 1), changeIn(past[2]!, 1)];
    const [b1, b2, b3] = [changeIn(past[0]!, 2), changeIn(past[1]!, 2), changeIn(past[2]!, 2)];
    expect(event.data).toEqual({
      matchId: 2,
      reason: 'Recorded twice',
      recordedAt: now.toISOString(),
      pool: 'overall',
      participants: [
        { playerId: 2, won: true, kills: 12, deaths: 3, assists: 2, score: 900, ratingBefore: 1000 + b1 + b2 + b3, ratingChange: -b2, ratingAfter: 1000 + b1 + b3 },
        { playerId: 1, won: false, kills: 3, deaths: 12, assists: 0, score: 300, ratingBefore: 1000 + a1 + a2 + a3, ratingChange: -a2, ratingAfter: 1000 + a1 + a3 },
      ],
      // Match 3 keeps its change; its ELO-after is the start plus the changes that still count.
      rethreaded: [
        { playerId: 2, matchId: 3, eloAfter: 1000 + b1 + b3 },
        { playerId: 1, matchId: 3, eloAfter: 1000 + a1 + a3 },
      ],
    });

    const { state } = given([...past, event]);
    expect(rating(state, 1)).toBe(1000 + a1 + a3);
    expect(state.players.get(1)!.lines.matchIds()).toEqual([1, 3]);
    expect(state.players.get(2)!.totals).toEqual({ wins: 0, losses: 2, kills: 0, deaths: 0, assists: 0, score: 0 });
    expect(state.players.get(1)!.totals).toEqual({ wins: 2, losses: 0, kills: 0, deaths: 0, assists: 0, score: 0 });
    // The next match is rated from the corrected rating.
    const [next] = given([...past, event]).when(oneVsOne(player('d-a', 'Alpha'), player('d-b', 'Bravo'))) as [MatchRecorded];
    expect(next.data.participants.map((p) => p.ratingBefore)).toEqual([1000 + a1 + a3, 1000 + b1 + b3]);
  });

  test('refusals: no or too long a reason (400), an unknown match (404), a match already voided (409)', () => {
    const { when } = given(past);
    expect(() => when(voidMatch(past, 2, '   '))).toThrow(new InvalidInputError('A reason is required to void a match (1 to 500 characters).'));
    expect(() => when(voidMatch(past, 2, 'x'.repeat(501)))).toThrow(InvalidInputError);
    expect(() => when(voidMatch(past, 2, 'x'.repeat(500)))).not.toThrow();
    expect(() => when(voidMatch(past, 4))).toThrow(new NotFoundError('Match #4 not found.'));
    const voided = [...past, ...given(past).when(voidMatch(past, 2))];
    expect(() => given(voided).when(voidMatch(voided, 2))).toThrow(new ConflictError('Match #2 was already voided.'));
  });

  test('a mode pool the player has no match left in is dropped; the rating never goes below 0', () => {
    const hardpoint = history(oneVsOne(player('d-a', 'Alpha'), player('d-b', 'Bravo'), { modeId: 1, team1Score: 250, team2Score: 100 }));
    const voided = [...hardpoint, ...given(hardpoint).when(voidMatch(hardpoint, 1))];
    const { state } = given(voided);
    expect(state.players.get(1)!.ratings.has(1)).toBe(false);
    expect(state.players.get(1)!.lines.matchIds()).toEqual([]);

    // Hand-made history: Alpha gained 30, then lost 1020 (down to 10). Giving back the 30 stops at 0.
    const line = (playerId: number, discordId: string, won: boolean, before: number, change: number) => ({
      playerId, newPlayer: before === 1000 && won, discordId, username: discordId, team: won ? ('team1' as const) : ('team2' as const), won,
      kills: null, deaths: null, assists: 0, score: 0, hardpointTime: null, captures: null, plantsDefuses: null,
      ratingBefore: before, ratingChange: change, ratingAfter: before + change,
    });
    const base = (past[0] as MatchRecorded).data;
    const steep: LadderEvent[] = [
      { type: 'MatchRecorded', data: { ...base, matchId: 1, participants: [line(1, 'a', true, 1000, 30), line(2, 'b', false, 1000, -30)] } },
      { type: 'MatchRecorded', data: { ...base, matchId: 2, participants: [line(2, 'b', true, 970, 30), line(1, 'a', false, 1030, -1020)] } },
    ];
    const [event] = given(steep).when(voidMatch(steep, 1)) as [MatchVoided];
    expect(event.data.participants[0]).toMatchObject({ playerId: 1, ratingBefore: 10, ratingChange: -10, ratingAfter: 0 });
    expect(event.data.rethreaded).toContainEqual({ playerId: 1, matchId: 2, eloAfter: 0 });
  });
});

describe('ladder decider: UnmergePlayers', () => {
  // Alpha (1) plays Charlie (2); alpha (3), Alpha's second account, plays Charlie in Hardpoint;
  // alpha is merged into Alpha; then a match is recorded with alpha's Discord ID and one with Alpha's.
  const past = history(
    oneVsOne(player('d-a', 'Alpha'), player('d-c', 'Charlie')),
    oneVsOne(player('d-a2', 'alpha'), player('d-c', 'Charlie'), { modeId: 1, team1Score: 250, team2Score: 200 }),
    { type: 'MergePlayers', primaryId: 1, duplicateId: 3 },
    oneVsOne(player('d-c', 'Charlie'), player('d-a2', 'alpha again')),
    oneVsOne(player('d-a', 'Alpha'), player('d-c', 'Charlie')),
  );
  const merge = past[2] as PlayersMerged;
  // Match ids 1–4 (the merge is no match): m3 was recorded with alpha's Discord ID.
  const [m1, m2, m3, m4] = [past[0]!, past[1]!, past[3]!, past[4]!];

  test("unmerging gives the duplicate its matches, those recorded with its Discord ID since, and its share of each pool", () => {
    const { state, when } = given(past);
    const [event] = when({ type: 'UnmergePlayers', primaryId: 1, duplicateId: 3 }) as [PlayersUnmerged];
    const alphaOverall = 1000 + changeIn(m1, 1) + changeIn(m3, 1) + changeIn(m4, 1);
    expect(rating(state, 1)).toBe(alphaOverall);
    expect(event.data).toEqual({
      primaryId: 1,
      duplicateId: 3,
      recordedAt: now.toISOString(),
      primary: { username: 'Alpha' },
      // Its name at the merge: a match with its Discord ID ("alpha again") renamed nobody.
      duplicate: { discordId: 'd-a2', username: 'alpha', discordIds: ['d-a2'] },
      movedBackMatchIds: [2, 3],
      ratings: [
        {
          pool: 'overall',
          primaryBefore: alphaOverall,
          primaryAfter: 1000 + changeIn(m1, 1) + changeIn(m4, 1),
          duplicateAfter: 1000 + changeIn(m3, 1),
          primaryMatches: 2,
          duplicateMatches: 1,
        },
        { pool: 1, primaryBefore: merge.data.ratings[0]!.after, primaryAfter: 1000, duplicateAfter: 1000 + changeIn(m2, 3), primaryMatches: 0, duplicateMatches: 1 },
      ],
      duplicateTotals: { wins: 1, losses: 1, kills: 0, deaths: 0, assists: 0, score: 0, matches: 2 },
      rethreaded: [
        { playerId: 1, matchId: 4, eloAfter: 1000 + changeIn(m1, 1) + changeIn(m4, 1) },
        { playerId: 3, matchId: 2, eloAfter: 1000 + changeIn(m2, 3) },
        { playerId: 3, matchId: 3, eloAfter: 1000 + changeIn(m3, 1) },
      ],
    });

    const after = given([...past, event]);
    expect(after.state.playerIdByDiscordId.get('d-a2')).toBe(3);
    expect(after.state.players.get(3)).toMatchObject({ mergedInto: null, username: 'alpha' });
    expect(after.state.players.get(3)!.lines.matchIds()).toEqual([2, 3]);
    expect(after.state.players.get(1)!.lines.matchIds()).toEqual([1, 4]);
    expect(after.state.players.get(1)!.totals).toEqual({ wins: 2, losses: 0, kills: 0, deaths: 0, assists: 0, score: 0 });
    expect(after.state.players.get(1)!.ratings.has(1)).toBe(false);
    // The duplicate's Discord ID counts for the duplicate again, from its own rating.
    const [next] = after.when(oneVsOne(player('d-a2', 'alpha'), player('d-c', 'Charlie'))) as [MatchRecorded];
    expect(next.data.participants[0]).toMatchObject({ playerId: 3, ratingBefore: 1000 + changeIn(m3, 1) });
  });

  test('refusals: itself (400), unknown ids (404), never merged or already reverted (409), a later merge of the primary (409)', () => {
    const { when } = given(past);
    expect(() => when({ type: 'UnmergePlayers', primaryId: 1, duplicateId: 1 })).toThrow(InvalidInputError);
    expect(() => when({ type: 'UnmergePlayers', primaryId: 1, duplicateId: 99 })).toThrow(new NotFoundError('Player 99 not found.'));
    expect(() => when({ type: 'UnmergePlayers', primaryId: 1, duplicateId: 2 })).toThrow(
      new ConflictError('Charlie (#2) was never merged into Alpha (#1).'),
    );
    expect(() => when({ type: 'UnmergePlayers', primaryId: 2, duplicateId: 3 })).toThrow(
      new ConflictError('alpha (#3) was merged into player #1, not #2.'),
    );
    const reverted = [...past, ...when({ type: 'UnmergePlayers', primaryId: 1, duplicateId: 3 })];
    expect(() => given(reverted).when({ type: 'UnmergePlayers', primaryId: 1, duplicateId: 3 })).toThrow(
      new ConflictError('This merge was already reverted.'),
    );

    const chained = historyWith(
      oneVsOne(player('x1', 'X'), player('z', 'Z')),
      oneVsOne(player('x2', 'X'), player('w', 'W')),
      oneVsOne(player('x3', 'X'), player('v', 'V')),
      { type: 'MergePlayers', primaryId: 3, duplicateId: 1 },
      { type: 'MergePlayers', primaryId: 5, duplicateId: 3 },
    );
    expect(() => given(chained).when({ type: 'UnmergePlayers', primaryId: 3, duplicateId: 1 })).toThrow(
      new ConflictError('X (#3) was merged into player #5 since. Revert that merge first.'),
    );
  });

  test('a chain of merges unwinds in reverse order, each match going back to the account it was recorded with', () => {
    const events = historyWith(
      oneVsOne(player('x1', 'X'), player('z', 'Z')),
      oneVsOne(player('x2', 'X'), player('w', 'W')),
      { type: 'MergePlayers', primaryId: 3, duplicateId: 1 },
      oneVsOne(player('x3', 'X'), player('v', 'V')),
      { type: 'MergePlayers', primaryId: 5, duplicateId: 3 },
      // Recorded with x1: X (#1) was merged into #3, which was merged into #5.
      oneVsOne(player('v', 'V'), player('x1', 'X')),
      { type: 'UnmergePlayers', primaryId: 5, duplicateId: 3 },
    );
    const { state, when } = given(events);
    expect(state.players.get(3)!.lines.matchIds()).toEqual([1, 2, 4]);
    expect(state.players.get(5)!.lines.matchIds()).toEqual([3]);
    expect(state.playerIdByDiscordId.get('x1')).toBe(3);
    const [event] = when({ type: 'UnmergePlayers', primaryId: 3, duplicateId: 1 }) as [PlayersUnmerged];
    expect(event.data.movedBackMatchIds).toEqual([1, 4]);
    const last = events[5] as MatchRecorded;
    expect(event.data.ratings[0]).toMatchObject({ duplicateAfter: 1016 + last.data.participants[1]!.ratingChange, primaryAfter: 1016 });
  });

  test("a void while merged comes off the duplicate's part: unmerging does not bring it back", () => {
    const voided = [...past, ...given(past).when(voidMatch(past, 3))];
    const [voidEvent] = voided.slice(-1) as [MatchVoided];
    // The line was recorded with the duplicate's Discord ID, but counts for its owner now: the primary.
    expect(voidEvent.data.participants.map((p) => p.playerId)).toEqual([2, 1]);
    const [event] = given(voided).when({ type: 'UnmergePlayers', primaryId: 1, duplicateId: 3 }) as [PlayersUnmerged];
    expect(event.data.movedBackMatchIds).toEqual([2]);
    expect(event.data.ratings[0]).toMatchObject({
      pool: 'overall',
      primaryAfter: 1000 + changeIn(m1, 1) + changeIn(m4, 1),
      duplicateAfter: 1000,
      duplicateMatches: 0,
    });
    expect(event.data.duplicateTotals).toEqual({ wins: 1, losses: 0, kills: 0, deaths: 0, assists: 0, score: 0, matches: 1 });
  });
});
