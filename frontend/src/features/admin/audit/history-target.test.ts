import { describe, expect, it } from 'vitest';
import { blockSavedEntry, contentEditedEntry, matchEntry } from '@/test/fixtures/audit-entries';
import { historyTargetOf, linksOfEntry } from './history-target';

describe('historyTargetOf', () => {
  it('finds the section of a content event from its data', () => {
    expect(historyTargetOf(contentEditedEntry(3))).toEqual({ kind: 'section', id: 7, label: 'Section our-story (about page)' });
  });

  it('finds the page of a page event from its stream', () => {
    expect(historyTargetOf(blockSavedEntry(4))).toEqual({ kind: 'page', id: 12, label: 'Page #12' });
    expect(historyTargetOf({ ...blockSavedEntry(4), type: 'PageCreated', data: { id: 12, slug: 'tryouts', title: 'Tryouts' } })).toEqual({
      kind: 'page',
      id: 12,
      label: 'Page /tryouts',
    });
  });

  it('has no history for matches, merges or a reorder of a whole page', () => {
    expect(historyTargetOf(matchEntry(1))).toBeNull();
    expect(
      historyTargetOf({ ...contentEditedEntry(3), type: 'ContentSectionsReordered', data: { page: 'about', before: [1, 2], after: [2, 1] } }),
    ).toBeNull();
  });
});

describe('linksOfEntry', () => {
  it('links a recorded or voided match to its page, and no other event to one', () => {
    expect(linksOfEntry({ ...matchEntry(4, 9), type: 'MatchVoided' })[0]).toEqual({ label: 'Match #9', href: '/tracker/matches/9' });
    expect(linksOfEntry({ ...matchEntry(4, 9), type: 'PlayersMerged' }).map((link) => link.label)).not.toContain('Match #9');
  });

  it('links players to their profile and pages to the public page, by name where the server knows it', () => {
    expect(
      linksOfEntry({
        ...matchEntry(1),
        links: { playerIds: [3, 4], contentPages: ['home', 'roster'], pageSlugs: ['tryouts'], playerNames: { 3: 'Shadow' }, pageTitles: { tryouts: 'Tryouts' } },
      }),
    ).toEqual([
      { label: 'Match #1', href: '/tracker/matches/1' },
      { label: 'Shadow (#3)', href: '/tracker/players?playerId=3' },
      { label: 'Player #4', href: '/tracker/players?playerId=4' },
      { label: 'Home page', href: '/' },
      { label: 'Roster page', href: '/roster' },
      { label: 'Tryouts (/tryouts)', href: '/tryouts' },
    ]);
    // A block on the home page links to / by its title.
    expect(linksOfEntry({ ...blockSavedEntry(2), links: { ...blockSavedEntry(2).links, pageSlugs: ['home'], pageTitles: { home: 'Home' } } })).toEqual([
      { label: 'Home (/)', href: '/' },
    ]);
  });
});
