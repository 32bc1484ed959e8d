import type { ContentSection, RecordedEvent, ContentSectionEvent } from '@team/contracts';
import { sectionVersions } from './section-versions.js';

function section(id: number, overrides: Partial<ContentSection> = {}): ContentSection {
  return { id, page: 'home', section: `s-${id}`, title: `<p>T${id}</p>`, content: `<p>C${id}</p>`, imageUrl: null, order: id, ...overrides };
}

/** The stream as the store hands it back: revisions from 0, positions spread out as other streams interleave. */
function stream(events: ContentSectionEvent[]): RecordedEvent[] {
  return events.map((event, revision) => ({
    ...event,
    position: 100 + revision * 10,
    streamId: 'content-home',
    revision,
    id: `e-${revision}`,
    metadata: {
      eventId: `e-${revision}`,
      type: event.type,
      schemaVersion: 1,
      recordedAt: `2025-01-0${revision + 1}T00:00:00.000Z`,
      correlationId: `c-${revision}`,
      actor: 'admin',
    },
  }));
}

const edit = (id: number, before: Partial<ContentSection>, after: Partial<ContentSection>): ContentSectionEvent => ({
  type: 'ContentEdited',
  data: { id, page: 'home', section: `s-${id}`, before, after },
});

describe('section versions', () => {
  const history = stream([
    { type: 'ContentSectionCreated', data: section(1) },
    { type: 'ContentSectionCreated', data: section(2) },
    edit(1, { title: '<p>T1</p>' }, { title: '<p>Second</p>' }),
    { type: 'ContentSectionsReordered', data: { page: 'home', before: [1, 2], after: [2, 1] } },
    edit(2, { content: '<p>C2</p>' }, { content: '<p>other</p>' }),
    edit(1, { content: '<p>C1</p>', imageUrl: null }, { content: '<p>Third</p>', imageUrl: '/3.png' }),
    { type: 'ContentSectionDeleted', data: section(1, { title: '<p>Second</p>', content: '<p>Third</p>', imageUrl: '/3.png', order: 1 }) },
    { type: 'ContentSectionRestored', data: section(1, { order: 2 }) },
  ]);

  test('one version per event about the section, numbered from 1, with the event facts', () => {
    const versions = sectionVersions('home', history, 1);
    expect(versions.map((v) => [v.version, v.revision, v.eventType, v.deleted])).toEqual([
      [1, 0, 'ContentSectionCreated', false],
      [2, 2, 'ContentEdited', false],
      [3, 5, 'ContentEdited', false],
      [4, 6, 'ContentSectionDeleted', true],
      [5, 7, 'ContentSectionRestored', false],
    ]);
    expect(versions[1]).toEqual({
      version: 2,
      position: 120,
      revision: 2,
      recordedAt: '2025-01-03T00:00:00.000Z',
      actor: 'admin',
      correlationId: 'c-2',
      eventType: 'ContentEdited',
      deleted: false,
      section: { id: 1, page: 'home', section: 's-1', title: '<p>Second</p>', content: '<p>C1</p>', imageUrl: null },
    });
  });

  test('each version is the whole section as the event left it; a deletion shows what was deleted', () => {
    const sections = sectionVersions('home', history, 1).map((v) => [v.section.title, v.section.content, v.section.imageUrl]);
    expect(sections).toEqual([
      ['<p>T1</p>', '<p>C1</p>', null],
      ['<p>Second</p>', '<p>C1</p>', null],
      ['<p>Second</p>', '<p>Third</p>', '/3.png'],
      ['<p>Second</p>', '<p>Third</p>', '/3.png'],
      ['<p>T1</p>', '<p>C1</p>', null],
    ]);
    expect(sectionVersions('home', history, 1).every((v) => !('order' in v.section))).toBe(true);
  });

  test('other sections and reorders are not versions; an unknown id has none', () => {
    expect(sectionVersions('home', history, 2).map((v) => v.section.content)).toEqual(['<p>C2</p>', '<p>other</p>']);
    expect(sectionVersions('home', history, 3)).toEqual([]);
    expect(sectionVersions('home', [], 1)).toEqual([]);
  });
});
