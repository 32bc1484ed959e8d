import type { AuditEntry } from '@team/contracts';

const metadata = (position: number, actor: AuditEntry['actor']) => ({
  eventId: `event-${position}`,
  type: 'x',
  schemaVersion: 1,
  recordedAt: '2025-03-04T10:15:30.000Z',
  correlationId: `corr-${position}`,
  actor,
});

/** A recorded match between players 1 and 2. */
export function matchEntry(position: number, matchId = position): AuditEntry {
  return {
    position,
    recordedAt: '2025-03-04T10:15:30.000Z',
    type: 'MatchRecorded',
    streamId: 'ladder',
    revision: position - 1,
    actor: 'public',
    correlationId: `corr-${position}`,
    fingerprint: 'fp-abc',
    adminKey: null,
    summary: `Match #${matchId} recorded: Team 1 won, 2 players`,
    links: { playerIds: [1, 2], pageSlugs: [], contentPages: [], playerNames: { 1: 'Ace', 2: 'Bee' }, pageTitles: {} },
    data: { matchId, participants: [{ playerId: 1 }, { playerId: 2 }] },
    metadata: { ...metadata(position, 'public'), type: 'MatchRecorded' },
  };
}

/** An edit of section 7 ("our-story") on the about page. */
export function contentEditedEntry(position: number): AuditEntry {
  return {
    position,
    recordedAt: '2025-03-04T11:00:00.000Z',
    type: 'ContentEdited',
    streamId: 'content-about',
    revision: 3,
    actor: 'admin',
    correlationId: `corr-${position}`,
    fingerprint: null,
    adminKey: { id: 'k0123456789', name: 'Alice' },
    summary: 'Section "New" on the About page edited (title)',
    links: { playerIds: [], pageSlugs: [], contentPages: ['about'], playerNames: {}, pageTitles: {} },
    data: { id: 7, page: 'about', section: 'our-story', before: { title: '<p>Old</p>' }, after: { title: '<p>New</p>' } },
    metadata: { ...metadata(position, 'admin'), type: 'ContentEdited' },
  };
}

/** A block saved on page 12 (/tryouts). */
export function blockSavedEntry(position: number): AuditEntry {
  return {
    position,
    recordedAt: '2025-03-04T12:00:00.000Z',
    type: 'ContentBlockSaved',
    streamId: 'page-12',
    revision: 2,
    actor: 'admin',
    correlationId: `corr-${position}`,
    fingerprint: null,
    adminKey: { id: 'owner', name: 'Owner' },
    summary: 'Text block #4 added to page "Tryouts" (/tryouts)',
    links: { playerIds: [], pageSlugs: ['tryouts'], contentPages: [], playerNames: {}, pageTitles: { tryouts: 'Tryouts' } },
    data: { pageId: 12, block: { id: 4, blockType: 'text' }, previous: null },
    metadata: { ...metadata(position, 'admin'), type: 'ContentBlockSaved' },
  };
}
