import { linksOf, summarizeEvent } from './event-summary.js';

describe('audit summaries', () => {
  test('a recorded match names the match, mode, winner, score and player count', () => {
    const event = {
      type: 'MatchRecorded',
      streamId: 'ladder',
      data: { matchId: 12, modeName: 'Hardpoint', winningTeam: 'team2', team1Score: 180, team2Score: 250, participants: [{ playerId: 3 }, { playerId: 1 }] },
    };
    expect(summarizeEvent(event)).toBe('Match #12 recorded (Hardpoint): Team 2 won 180–250, 2 players');
    expect(linksOf(event).playerIds).toEqual([1, 3]);
  });

  test('an imported match says from which file and under which match key', () => {
    const event = { type: 'MatchRecorded', streamId: 'ladder', data: { matchId: 3, winningTeam: 'team1', participants: [] } };
    expect(summarizeEvent(event, { imported: { file: 'season-1.csv', matchKey: 'scrim-7' } })).toBe(
      'Match #3 recorded: Team 1 won, 0 players (imported from season-1.csv, match key scrim-7)',
    );
  });

  test('merges, voids and reverted merges read as sentences', () => {
    expect(summarizeEvent({ type: 'PlayersMerged', streamId: 'ladder', data: { primaryId: 1, duplicateId: 7, primaryUsername: 'Ace', duplicateUsername: 'ace ' } })).toBe(
      'Player #7 (ace ) merged into #1 (Ace)',
    );
    expect(summarizeEvent({ type: 'MatchVoided', streamId: 'ladder', data: { matchId: 4, reason: '<b>Wrong</b> teams' } })).toBe('Match #4 voided: Wrong teams');
    expect(summarizeEvent({ type: 'PlayersUnmerged', streamId: 'ladder', data: { primaryId: 1, duplicateId: 7 } })).toBe('Merge of #7 into #1 reverted');
  });

  test('setting aside a poison event and its undo read as sentences', () => {
    expect(
      summarizeEvent({
        type: 'ProjectionEventSetAside',
        streamId: 'operations',
        data: { position: 42, eventId: 'e-1', type: 'MatchRecorded', streamId: 'ladder', reason: 'Payload <i>lacks</i> participants' },
      }),
    ).toBe('Event 42 (MatchRecorded in ladder) set aside from the read models: Payload lacks participants');
    expect(summarizeEvent({ type: 'ProjectionEventSetAsideUndone', streamId: 'operations', data: { position: 42, eventId: 'e-1' } })).toBe(
      'Set-aside of event 42 undone: rebuilds apply it again',
    );
  });

  test('other events name their type, stream and subject, with markup stripped', () => {
    const event = { type: 'ContentEdited', streamId: 'content-about', data: { section: 'our-story' } };
    expect(summarizeEvent(event)).toBe('Content Edited in content-about: our-story');
    expect(linksOf(event)).toEqual({ playerIds: [], pageSlugs: [], contentPages: ['about'] });
    expect(linksOf({ type: 'PageCreated', streamId: 'page-4', data: { slug: 'news' } }).pageSlugs).toEqual(['news']);
  });
});
