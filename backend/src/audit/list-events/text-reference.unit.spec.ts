import { refersTo, textReference } from './text-reference.js';

describe('a search text that names a match or a player', () => {
  test.each([
    ['Match #300', { id: 300, match: true, player: false }],
    ['match 300', { id: 300, match: true, player: false }],
    ['  MATCH#300 ', { id: 300, match: true, player: false }],
    ['Player #12', { id: 12, match: false, player: true }],
    ['player 12', { id: 12, match: false, player: true }],
    ['#300', { id: 300, match: true, player: true }],
  ])('%j refers to %j', (text, reference) => {
    expect(textReference(text)).toEqual(reference);
  });

  test.each(['300', 'Match', 'match #', 'match #0', 'match #2147483648', 'match #30x', 'Match #300 recorded', 'the match 300'])(
    '%j is plain text',
    (text) => expect(textReference(text)).toBeNull(),
  );

  test("finds a match's recorded and voided events, and a player's events", () => {
    const recorded = { type: 'MatchRecorded', streamId: 'ladder', data: { matchId: 300, participants: [{ playerId: 12 }] } };
    const voided = { type: 'MatchVoided', streamId: 'ladder', data: { matchId: 300, participants: [{ playerId: 12 }] } };
    const other = { type: 'MatchRecorded', streamId: 'ladder', data: { matchId: 3000, participants: [{ playerId: 4 }] } };
    const merged = { type: 'PlayersMerged', streamId: 'ladder', data: { primaryId: 7, duplicateId: 12, movedMatchIds: [300] } };
    const events = [recorded, voided, other, merged];
    expect(events.filter((event) => refersTo(textReference('Match #300')!, event))).toEqual([recorded, voided]);
    expect(events.filter((event) => refersTo(textReference('player 12')!, event))).toEqual([recorded, voided, merged]);
    expect(events.filter((event) => refersTo(textReference('#7')!, event))).toEqual([merged]);
  });
});
