import { linksOf, NO_NAMES, summarizeEvent, type EventNames, type NamedPage, type NamedSection } from './event-summary.js';

/** Names as the read models would give them. */
const names = (known: { players?: [number, string][]; pages?: [number, NamedPage][]; sections?: [number, NamedSection][] }): EventNames => ({
  ...NO_NAMES,
  players: new Map(known.players),
  pages: new Map(known.pages),
  sections: new Map(known.sections),
});

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

  test('merges, voids and reverted merges read as sentences that name both accounts', () => {
    const merged = {
      type: 'PlayersMerged',
      streamId: 'ladder',
      data: { primaryId: 7, duplicateId: 12, primary: { discordId: '1', username: 'Shadow' }, duplicate: { discordId: '2', username: 'Shadow' } },
    };
    expect(summarizeEvent(merged)).toBe('Player "Shadow" (#12) merged into "Shadow" (#7)');
    expect(linksOf(merged).playerNames).toEqual({ 7: 'Shadow', 12: 'Shadow' });
    expect(summarizeEvent({ type: 'MatchVoided', streamId: 'ladder', data: { matchId: 4, reason: '<b>Wrong</b> teams' } })).toBe('Match #4 voided: Wrong teams');
    expect(
      summarizeEvent({ type: 'PlayersUnmerged', streamId: 'ladder', data: { primaryId: 7, duplicateId: 12, primary: { username: 'Shadow' }, duplicate: { username: 'Shade' } } }),
    ).toBe('Merge of "Shade" (#12) into "Shadow" (#7) reverted');
    // Without names in the event or the read models, the ids alone.
    expect(summarizeEvent({ type: 'PlayersUnmerged', streamId: 'ladder', data: { primaryId: 1, duplicateId: 7 } })).toBe('Merge of #7 into #1 reverted');
  });

  test('links name players as the read model has them now, else as the event gave them', () => {
    const voided = { type: 'MatchVoided', streamId: 'ladder', data: { matchId: 4, participants: [{ playerId: 3 }, { playerId: 5 }] } };
    expect(linksOf(voided).playerNames).toEqual({});
    expect(linksOf(voided, names({ players: [[3, 'Ace']] })).playerNames).toEqual({ 3: 'Ace' });
    const match = { type: 'MatchRecorded', streamId: 'ladder', data: { matchId: 9, participants: [{ playerId: 3, username: 'ace (typed)' }] } };
    expect(linksOf(match).playerNames).toEqual({ 3: 'ace (typed)' });
    expect(linksOf(match, names({ players: [[3, 'Ace']] })).playerNames).toEqual({ 3: 'Ace' });
  });

  test('content sections read by their page and title, looked up when the event has none', () => {
    const section = { id: 7, page: 'about', section: 'our-story', title: '<p>Our <b>Story</b></p>', content: '', imageUrl: null, order: 0 };
    expect(summarizeEvent({ type: 'ContentSectionCreated', streamId: 'content-about', data: section })).toBe('Section "Our Story" added to the About page');
    expect(summarizeEvent({ type: 'ContentSectionDeleted', streamId: 'content-about', data: section })).toBe('Section "Our Story" deleted from the About page');
    expect(summarizeEvent({ type: 'ContentSectionRestored', streamId: 'content-about', data: section })).toBe('Section "Our Story" restored on the About page');
    const edit = { type: 'ContentEdited', streamId: 'content-about', data: { id: 7, page: 'about', section: 'our-story', before: { content: 'a' }, after: { content: 'b', imageUrl: null } } };
    // The edit names the title only when it changed it: the read model has it, else the slug id serves.
    expect(summarizeEvent(edit)).toBe('Section our-story on the About page edited (content, image URL)');
    expect(summarizeEvent(edit, undefined, names({ sections: [[7, { page: 'about', section: 'our-story', title: '<p>Our Story</p>' }]] }))).toBe(
      'Section "Our Story" on the About page edited (content, image URL)',
    );
    expect(summarizeEvent({ ...edit, data: { ...edit.data, after: { title: '<p>Origins</p>' } } })).toBe('Section "Origins" on the About page edited (title)');
    expect(summarizeEvent({ type: 'ContentSectionsReordered', streamId: 'content-home', data: { page: 'home', before: [1, 2], after: [2, 1] } })).toBe(
      'Sections of the Home page reordered',
    );
  });

  test('pages read by their title; a block names its page, looked up by id', () => {
    expect(summarizeEvent({ type: 'PageCreated', streamId: 'page-4', data: { id: 4, slug: 'tryouts', title: 'Tryouts', isSystem: false } })).toBe(
      'Page "Tryouts" created at /tryouts',
    );
    expect(summarizeEvent({ type: 'PageDeleted', streamId: 'page-4', data: { id: 4, slug: 'tryouts', title: 'Tryouts', blocks: [{}] } })).toBe(
      'Page "Tryouts" (/tryouts) deleted with its 1 block',
    );
    const saved = { type: 'ContentBlockSaved', streamId: 'page-4', data: { pageId: 4, block: { id: 9, blockType: 'text', title: 'Season recap' }, previous: null } };
    expect(summarizeEvent(saved)).toBe('Text block "Season recap" added to page #4');
    const tryouts = names({ pages: [[4, { slug: 'tryouts', title: 'Tryouts' }]] });
    expect(summarizeEvent(saved, undefined, tryouts)).toBe('Text block "Season recap" added to page "Tryouts" (/tryouts)');
    expect(linksOf(saved, tryouts)).toMatchObject({ pageSlugs: ['tryouts'], pageTitles: { tryouts: 'Tryouts' } });
    // The system pages are known without a lookup.
    const onHome = { type: 'ContentBlockDeleted', streamId: 'page-1', data: { pageId: 1, block: { id: 3, blockType: 'spacer', title: null } } };
    expect(summarizeEvent(onHome)).toBe('Spacer block #3 removed from page "Home" (/)');
    expect(linksOf(onHome)).toMatchObject({ pageSlugs: ['home'], pageTitles: { home: 'Home' } });
    const edited = { ...saved, data: { ...saved.data, block: { id: 9, blockType: 'html', title: null }, previous: { id: 9 } } };
    expect(summarizeEvent(edited, undefined, tryouts)).toBe('HTML block #9 edited on page "Tryouts" (/tryouts)');
    expect(summarizeEvent({ type: 'PageSlugReserved', streamId: 'page-slug-tryouts', data: { slug: 'tryouts', pageId: 4 } }, undefined, tryouts)).toBe(
      'Slug /tryouts reserved for "Tryouts" (page #4)',
    );
    expect(summarizeEvent({ type: 'PageSlugReleased', streamId: 'page-slug-tryouts', data: { slug: 'tryouts', pageId: 4 } })).toBe(
      'Slug /tryouts released by page #4',
    );
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
    const event = { type: 'SectionProbed', streamId: 'content-about', data: { section: '<i>our-story</i>' } };
    expect(summarizeEvent(event)).toBe('Section Probed in content-about: our-story');
    expect(linksOf(event)).toEqual({ playerIds: [], pageSlugs: [], contentPages: ['about'], playerNames: {}, pageTitles: {} });
    expect(linksOf({ type: 'PageCreated', streamId: 'page-4', data: { slug: 'news', title: 'News' } })).toMatchObject({ pageSlugs: ['news'], pageTitles: { news: 'News' } });
  });
});
