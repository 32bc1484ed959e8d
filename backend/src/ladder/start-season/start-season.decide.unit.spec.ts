import type { LadderEvent, MatchRecorded } from '@team/contracts';
import { decide } from '../ladder.decider.js';
import { evolve } from '../ladder.evolve.js';
import { initialLadderState, type LadderState } from '../ladder.state.js';
import { ConflictError } from '../../shared/domain-errors.js';

// Given events, when StartSeason or RenameSeason, then events (or a refusal).

const now = new Date('2030-01-02T03:04:05.000Z');

function given(...events: LadderEvent[]): LadderState {
  return events.reduce((state, event) => evolve(state, event), initialLadderState());
}

function match(matchId: number, winnerRating: number, loserRating: number): MatchRecorded {
  const line = (playerId: number, won: boolean, after: number) => ({
    playerId, newPlayer: matchId === 1, discordId: `d${playerId}`, username: `P${playerId}`, team: won ? ('team1' as const) : ('team2' as const),
    won, kills: null, deaths: null, assists: 0, score: 0, hardpointTime: null, captures: null, plantsDefuses: null,
    ratingBefore: 1000, ratingChange: after - 1000, ratingAfter: after,
  });
  return {
    type: 'MatchRecorded',
    data: {
      matchId, recordedAt: now.toISOString(), mode: null, pool: 'overall', winningTeam: 'team1', team1Score: null, team2Score: null,
      statsUsed: false, idempotencyKey: null, requestHash: null, participants: [line(1, true, winnerRating), line(2, false, loserRating)],
    },
  };
}

describe('start a season', () => {
  test('closes the implicit first season and moves every rating toward 1000 by the percentage', () => {
    const [event] = decide({ type: 'StartSeason', name: ' Spring ', softResetPercent: 25 }, given(match(1, 1016, 984)), { now });
    expect(event).toEqual({
      type: 'SeasonStarted',
      data: {
        seasonId: 2, name: 'Spring', startedAt: now.toISOString(), softResetPercent: 25, endedSeasonId: 1, firstMatchId: 2,
        ratings: [
          { playerId: 1, pool: 'overall', before: 1016, after: 1012 },
          { playerId: 2, pool: 'overall', before: 984, after: 988 },
        ],
      },
    });
  });

  test('the moves are folded into the ratings the next decision reads, and into later re-threading', () => {
    const state = given(match(1, 1016, 984));
    for (const event of decide({ type: 'StartSeason', name: 'Spring', softResetPercent: 50 }, state, { now })) evolve(state, event);
    expect(state.players.get(1)!.ratings.get(0)).toBe(1008);
    expect(state.players.get(1)!.resets).toEqual([{ firstMatchId: 2, pool: 0, delta: -8 }]);
    evolve(state, match(2, 1024, 976));
    // Voiding match 1 re-threads match 2 from 1000 + reset move + match 2's change.
    const recorded = match(1, 1016, 984).data;
    const [voided] = decide({ type: 'VoidMatch', matchId: 1, reason: 'test', recorded }, state, { now });
    expect(voided!.type === 'MatchVoided' && voided.data.rethreaded).toEqual([
      { playerId: 1, matchId: 2, eloAfter: 1000 - 8 + 24 },
      { playerId: 2, matchId: 2, eloAfter: 1000 + 8 - 24 },
    ]);
  });

  test('default 0 %: nothing moves, but the closing ratings are kept', () => {
    const [event] = decide({ type: 'StartSeason', name: 'S2', softResetPercent: undefined }, given(match(1, 1016, 984)), { now });
    expect(event!.type === 'SeasonStarted' && event.data.ratings.every((r) => r.before === r.after)).toBe(true);
  });

  test('before any match it names the first season; a season without a match is not followed by another', () => {
    const [first] = decide({ type: 'StartSeason', name: 'Opening', softResetPercent: 0 }, initialLadderState(), { now });
    expect(first).toMatchObject({ data: { seasonId: 1, endedSeasonId: null, firstMatchId: 1, ratings: [] } });
    expect(() => decide({ type: 'StartSeason', name: 'Next', softResetPercent: 0 }, given(first!), { now })).toThrow(/Opening has no match yet/);
  });

  test('refuses a blank or long name and a percentage outside 0–100', () => {
    const state = given(match(1, 1016, 984));
    expect(() => decide({ type: 'StartSeason', name: '', softResetPercent: 0 }, state, { now })).toThrow(/name: blank/);
    expect(() => decide({ type: 'StartSeason', name: 'x'.repeat(61), softResetPercent: 0 }, state, { now })).toThrow(/at most 60/);
    expect(() => decide({ type: 'StartSeason', name: 'S', softResetPercent: 100.5 }, state, { now })).toThrow(/0 to 100/);
  });
});

describe('rename a season', () => {
  test('names the implicit first season, and refuses an unknown one', () => {
    const state = given(match(1, 1016, 984));
    const [renamed] = decide({ type: 'RenameSeason', seasonId: 1, name: 'Founders' }, state, { now });
    expect(renamed).toEqual({ type: 'SeasonRenamed', data: { seasonId: 1, name: 'Founders', previousName: 'Season 1', recordedAt: now.toISOString() } });
    evolve(state, renamed!);
    expect(state.seasons).toEqual([{ id: 1, name: 'Founders', firstMatchId: 1 }]);
    expect(() => decide({ type: 'RenameSeason', seasonId: 2, name: 'X' }, state, { now })).toThrow(/Season 2 not found/);
    expect(() => decide({ type: 'RenameSeason', seasonId: 1, name: 'X' }, initialLadderState(), { now })).toThrow(/Season 1 not found/);
  });

  test('refuses a name another season has, ignoring case, spaces and format characters (409)', () => {
    const state = given(match(1, 1016, 984));
    expect(() => decide({ type: 'StartSeason', name: ' SEASON 1\u200B', softResetPercent: 0 }, state, { now })).toThrow(
      expect.objectContaining({ constructor: ConflictError, message: 'A season named "Season 1" already exists: choose another name.' }),
    );
    const [started] = decide({ type: 'StartSeason', name: 'Spring', softResetPercent: 0 }, state, { now });
    evolve(state, started!);
    expect(() => decide({ type: 'RenameSeason', seasonId: 1, name: 'spring' }, state, { now })).toThrow(ConflictError);
    expect(() => decide({ type: 'RenameSeason', seasonId: 2, name: 'season 1' }, state, { now })).toThrow(/"Season 1" already exists/);
  });

  test('renaming a season to the name it has appends nothing; another case is a rename', () => {
    const state = given(match(1, 1016, 984));
    expect(decide({ type: 'RenameSeason', seasonId: 1, name: ' Season 1 ' }, state, { now })).toEqual([]);
    expect(decide({ type: 'RenameSeason', seasonId: 1, name: 'SEASON 1' }, state, { now })).toMatchObject([{ type: 'SeasonRenamed', data: { name: 'SEASON 1' } }]);
  });
});
