import { MODES, validateRecordMatch, type RecordMatchPlayer, type MatchRecorded } from '@team/contracts';
import { createHash } from 'node:crypto';
import { decide } from '../ladder.decider.js';
import { evolve } from '../ladder.evolve.js';
import { initialLadderState } from '../ladder.state.js';
import type { RecordMatch } from './record-match.decide.js';
import { recordMatchRequestHash } from './record-match.command.js';

// The map on MatchRecorded (issue 21): given a ladder, when a match is recorded, then its event
// names the map only when the request did; an event without one still folds as before.

const now = new Date('2025-03-01T12:00:00.000Z');
const line = (discordId: string, username: string): RecordMatchPlayer => ({ discordId, username, kills: 0, deaths: 0, assists: 0, score: 0 });
const body = { winningTeam: 'team1', team1: [line('a', 'Ann')], team2: [line('b', 'Bob')] };

function command(extra: Record<string, unknown>): RecordMatch {
  const validation = validateRecordMatch({ ...body, ...extra }, MODES);
  if (!validation.ok) throw new Error(validation.error);
  return { type: 'RecordMatch', request: validation.value, mode: validation.mode, statsUsed: validation.statsUsed, idempotencyKey: null, requestHash: null };
}

const recorded = (extra: Record<string, unknown>) => decide(command(extra), initialLadderState(), { now })[0] as MatchRecorded;

describe('record-match decide: the map', () => {
  it('puts the named map, trimmed, on MatchRecorded', () => {
    expect(recorded({ map: ' Dust II ' }).data.map).toBe('Dust II');
  });

  it('leaves the field out when no map was named, as in every event from before maps', () => {
    for (const extra of [{}, { map: '' }, { map: null }]) expect(recorded(extra).data).not.toHaveProperty('map');
  });

  it('an event with or without a map folds into the same ladder', () => {
    const withMap = evolve(initialLadderState(), recorded({ map: 'Nuke' }));
    const without = evolve(initialLadderState(), recorded({}));
    expect(withMap).toEqual(without);
  });

  it('a request without a map hashes as it did before maps existed (Idempotency-Key and import repeats)', () => {
    // The validated request as it was before maps: known fields in this order, no `map` key.
    const canonical = { modeId: null, winningTeam: 'team1', team1Score: null, team2Score: null, team1: body.team1, team2: body.team2 };
    const before = createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
    expect(recordMatchRequestHash(command({}).request)).toBe(before);
    expect(recordMatchRequestHash(command({ map: '  ' }).request)).toBe(before);
    expect(recordMatchRequestHash(command({ map: 'Nuke' }).request)).not.toBe(before);
  });
});
