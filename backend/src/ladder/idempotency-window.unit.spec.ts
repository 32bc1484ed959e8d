import { MODES, validateRecordMatch, type MatchRecorded } from '@team/contracts';
import { loadConfig } from '../config.js';
import { evictAnswers } from './idempotency-window.js';
import { decide } from './ladder.decider.js';
import { evolve } from './ladder.evolve.js';
import { initialLadderState } from './ladder.state.js';
import type { RecordMatch } from './record-match/record-match.decide.js';

const HOUR = 3_600_000;
const WINDOW = 24 * HOUR;
const start = new Date('2025-03-01T12:00:00.000Z');
const at = (hoursLater: number) => new Date(start.getTime() + hoursLater * HOUR);

function keyed(key: string, a = 'a', b = 'b'): RecordMatch {
  const validation = validateRecordMatch(
    {
      winningTeam: 'team1',
      team1: [{ discordId: a, username: a.toUpperCase(), kills: 0, deaths: 0, assists: 0, score: 0 }],
      team2: [{ discordId: b, username: b.toUpperCase(), kills: 0, deaths: 0, assists: 0, score: 0 }],
    },
    MODES,
  );
  if (!validation.ok) throw new Error(validation.error);
  const { value: request, mode, statsUsed } = validation;
  return { type: 'RecordMatch', request, mode, statsUsed, idempotencyKey: key, requestHash: `hash of ${a} v ${b}` };
}

/** Decides with the clock at `now` and folds what it decided, as the repository does. */
function record(state: ReturnType<typeof initialLadderState>, command: RecordMatch, now: Date) {
  const events = decide(command, state, { now, idempotencyWindowMs: WINDOW });
  events.forEach((event, i) => evolve(state, event, { position: 100 + i }));
  return events as MatchRecorded[];
}

describe('Idempotency-Key answers are kept for a bounded window', () => {
  test('a repeat within the window decides nothing; after it, the same request is a new match', () => {
    const state = initialLadderState();
    expect(record(state, keyed('k'), at(0))).toHaveLength(1);
    expect(record(state, keyed('k'), at(23.9))).toEqual([]);

    const [again] = record(state, keyed('k'), at(24.1));
    expect(again?.type).toBe('MatchRecorded');
    expect(again!.data.matchId).toBe(2);
    // The key now stands for the new match, from its own time.
    expect(state.answers.get('k')!.response.matchId).toBe(2);
    expect(record(state, keyed('k'), at(47))).toEqual([]);
  });

  test('a different request with an expired key is a new match, not a conflict', () => {
    const state = initialLadderState();
    record(state, keyed('k', 'a', 'b'), at(0));
    expect(() => record(state, keyed('k', 'c', 'd'), at(1))).toThrow(/already used for a different match/);
    expect(record(state, keyed('k', 'c', 'd'), at(25))).toHaveLength(1);
  });

  test('eviction drops the answers older than the window and keeps the rest', () => {
    const state = initialLadderState();
    record(state, keyed('old'), at(0));
    record(state, keyed('middle', 'c', 'd'), at(10));
    record(state, keyed('new', 'e', 'f'), at(20));
    // A key reused after its window counts from its new time, not its first one.
    record(state, keyed('old'), at(26));

    expect(evictAnswers(state, at(35), WINDOW)).toBe(1);
    expect([...state.answers.keys()]).toEqual(['new', 'old']);
    expect(evictAnswers(state, at(35), WINDOW)).toBe(0);
    expect(evictAnswers(state, at(60), WINDOW)).toBe(2);
    expect(state.answers.size).toBe(0);
  });
});

describe('IDEMPOTENCY_WINDOW_HOURS', () => {
  test('defaults to 24 hours; a malformed value stops the start with its name', () => {
    expect(loadConfig({}).idempotencyWindowHours).toBe(24);
    expect(loadConfig({ IDEMPOTENCY_WINDOW_HOURS: '2' }).idempotencyWindowHours).toBe(2);
    for (const bad of ['0', '-1', '1.5', 'day', '9000']) {
      expect(() => loadConfig({ IDEMPOTENCY_WINDOW_HOURS: bad })).toThrow(/IDEMPOTENCY_WINDOW_HOURS/);
    }
  });
});
