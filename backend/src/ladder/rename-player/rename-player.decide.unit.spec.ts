import { MODES, validateRecordMatch, type RecordMatchPlayer, type LadderEvent, type PlayersUnmerged } from '@team/contracts';
import { ConflictError, InvalidInputError, NotFoundError } from '../../shared/domain-errors.js';
import { decide, type LadderCommand } from '../ladder.decider.js';
import { evolve } from '../ladder.evolve.js';
import { initialLadderState } from '../ladder.state.js';
import { deserializeState, serializeState } from '../ladder.snapshot.js';

// No anonymous rename (issue 22): given a ladder, a match never renames an existing player, and
// RenamePlayer is the one command that does, validated as a match's usernames are.

const now = new Date('2025-03-01T12:00:00.000Z');
const line = (discordId: string, username: string): RecordMatchPlayer => ({ discordId, username, kills: 0, deaths: 0, assists: 0, score: 0 });

function match(a: RecordMatchPlayer, b: RecordMatchPlayer): LadderCommand {
  const validation = validateRecordMatch({ winningTeam: 'team1', team1: [a], team2: [b] }, MODES);
  if (!validation.ok) throw new Error(validation.error);
  return { type: 'RecordMatch', request: validation.value, mode: validation.mode, statsUsed: validation.statsUsed, idempotencyKey: null, requestHash: null };
}

/** Decides and folds each command in turn: the state and every event. */
function run(...commands: LadderCommand[]) {
  const state = initialLadderState();
  const events: LadderEvent[] = [];
  for (const command of commands) {
    for (const event of decide(command, state, { now })) {
      evolve(state, event, { position: events.length + 1 });
      events.push(event);
    }
  }
  return { state, events, when: (command: LadderCommand) => decide(command, state, { now }) };
}

const rename = (playerId: number, username: unknown): LadderCommand => ({ type: 'RenamePlayer', playerId, username });

describe('rename-player decide', () => {
  test('a match with a known Discord ID keeps the player\'s name; a new Discord ID takes the typed one', () => {
    const { state, events } = run(match(line('d-a', 'Ace'), line('d-b', 'Bob')), match(line('d-b', 'Bob'), line('d-a', 'Player69 is a cheater')));
    expect(state.players.get(1)!.username).toBe('Ace');
    // The event still says what was typed: the match's line keeps it.
    expect(events[1]!.type === 'MatchRecorded' && events[1].data.participants[1]!.username).toBe('Player69 is a cheater');
    // A snapshot of the state says the same.
    expect(deserializeState(serializeState(state)).players.get(1)!.username).toBe('Ace');
  });

  test('renames a standing player, trimmed, naming the previous name', () => {
    const { when } = run(match(line('d-a', 'Ace'), line('d-b', 'Bob')));
    expect(when(rename(1, '  Ace of Spades '))).toEqual([
      { type: 'PlayerRenamed', data: { playerId: 1, username: 'Ace of Spades', previousUsername: 'Ace', recordedAt: now.toISOString() } },
    ]);
  });

  test('the same name decides nothing; renaming back is a rename like any other', () => {
    const { state, when } = run(match(line('d-a', 'Ace'), line('d-b', 'Bob')), rename(1, 'Spades'));
    expect(state.players.get(1)!.username).toBe('Spades');
    expect(when(rename(1, ' Spades '))).toEqual([]);
    expect(when(rename(1, 'Ace'))).toMatchObject([{ data: { username: 'Ace', previousUsername: 'Spades' } }]);
  });

  test.each([
    [undefined, 'Username is required.'],
    ['   ', 'Username is required.'],
    [42, 'Username must be text.'],
    ['x'.repeat(65), 'Username must be at most 64 characters.'],
    ['Ace\nof Spades', 'Username must not contain control characters.'],
  ])('a bad name (%j) is refused: %s', (username, message) => {
    const { when } = run(match(line('d-a', 'Ace'), line('d-b', 'Bob')));
    expect(() => when(rename(1, username))).toThrow(new InvalidInputError(message, [`username: ${message}`]));
  });

  test('an unknown player is not found; a merged-away account is a conflict', () => {
    const { when } = run(
      match(line('d-a', 'Ace'), line('d-b', 'Bob')),
      match(line('d-a2', 'ace'), line('d-b', 'Bob')),
      { type: 'MergePlayers', primaryId: 1, duplicateId: 3 },
    );
    expect(() => when(rename(99, 'X'))).toThrow(NotFoundError);
    expect(() => when(rename(3, 'X'))).toThrow(ConflictError);
  });

  test('a merge reverted after renames gives the primary its admin-given name and the duplicate its own', () => {
    const { when } = run(
      match(line('d-a', 'Ace'), line('d-b', 'Bob')),
      match(line('d-a2', 'ace'), line('d-b', 'Bob')),
      { type: 'MergePlayers', primaryId: 1, duplicateId: 3 },
      match(line('d-a2', 'typed with the alias'), line('d-b', 'Bob')),
      rename(1, 'Ace of Spades'),
    );
    const [event] = when({ type: 'UnmergePlayers', primaryId: 1, duplicateId: 3 }) as [PlayersUnmerged];
    expect(event.data.primary).toEqual({ username: 'Ace of Spades' });
    expect(event.data.duplicate).toMatchObject({ username: 'ace' });
  });
});
