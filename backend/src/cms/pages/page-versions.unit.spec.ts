import type { ContentBlock, RecordedEvent, PageEvent } from '@team/contracts';
import { pageVersions } from './page-versions.js';

function stream(streamId: string, events: PageEvent[]): RecordedEvent[] {
  return events.map((event, revision) => ({
    ...event,
    position: 50 + revision,
    streamId,
    revision,
    id: `e-${revision}`,
    metadata: { eventId: `e-${revision}`, type: event.type, schemaVersion: 1, recordedAt: '2025-02-01T00:00:00.000Z', correlationId: `c-${revision}`, actor: 'admin' },
  }));
}

const block = (id: number, pageId: number, order: number, content = `<p>${id}</p>`): ContentBlock => ({
  id,
  pageId,
  blockType: 'text',
  layout: 'full',
  order,
  padding: 'medium',
  textAlign: 'left',
  title: null,
  content,
  videoUrl: null,
  imageUrl: null,
  buttonText: null,
  buttonUrl: null,
  buttonStyle: null,
});

const saved = (b: ContentBlock, previous: ContentBlock | null = null): PageEvent => ({
  type: 'ContentBlockSaved',
  data: { pageId: b.pageId, block: b, previous },
});

describe('page versions', () => {
  test('a created page: one version per event (revision + 1), blocks in display order, a deletion shows what was deleted', () => {
    const a = block(5, 10, 1);
    const b = block(6, 10, 0);
    const versions = pageVersions(
      10,
      stream('page-10', [
        { type: 'PageCreated', data: { id: 10, slug: 'news', title: 'News', isSystem: false } },
        saved(a),
        saved(b),
        saved(block(5, 10, 1, '<p>edited</p>'), a),
        { type: 'ContentBlockDeleted', data: { pageId: 10, block: b } },
        { type: 'PageDeleted', data: { id: 10, slug: 'news', title: 'News', blocks: [block(5, 10, 1, '<p>edited</p>')] } },
        { type: 'PageRestored', data: { id: 10, slug: 'news', title: 'News', blocks: [b, a] } },
      ]),
    );
    expect(versions.map((v) => [v.version, v.eventType, v.deleted, v.page.contentBlocks.map((x) => `${x.id}:${x.content}`)])).toEqual([
      [1, 'PageCreated', false, []],
      [2, 'ContentBlockSaved', false, ['5:<p>5</p>']],
      [3, 'ContentBlockSaved', false, ['6:<p>6</p>', '5:<p>5</p>']],
      [4, 'ContentBlockSaved', false, ['6:<p>6</p>', '5:<p>edited</p>']],
      [5, 'ContentBlockDeleted', false, ['5:<p>edited</p>']],
      [6, 'PageDeleted', true, ['5:<p>edited</p>']],
      [7, 'PageRestored', false, ['6:<p>6</p>', '5:<p>5</p>']],
    ]);
    expect(versions[1]).toMatchObject({
      position: 51,
      revision: 1,
      recordedAt: '2025-02-01T00:00:00.000Z',
      actor: 'admin',
      correlationId: 'c-1',
      page: { id: 10, slug: 'news', title: 'News', isSystem: false },
    });
  });

  test('a system page starts with the built-in version 0, with or without a stream', () => {
    const builtIn = {
      version: 0,
      position: 0,
      revision: -1,
      recordedAt: null,
      actor: 'system',
      correlationId: null,
      eventType: 'BuiltIn',
      deleted: false,
      page: { id: 1, slug: 'home', title: 'Home', isSystem: true, contentBlocks: [] },
    };
    expect(pageVersions(1, [])).toEqual([builtIn]);
    const versions = pageVersions(1, stream('page-1', [saved(block(3, 1, 0))]));
    expect(versions[0]).toEqual(builtIn);
    expect(versions[1]).toMatchObject({ version: 1, eventType: 'ContentBlockSaved', page: { slug: 'home', contentBlocks: [block(3, 1, 0)] } });
  });

  test('an unknown page has no versions; a stream without its PageCreated is an error', () => {
    expect(pageVersions(11, [])).toEqual([]);
    expect(() => pageVersions(11, stream('page-11', [saved(block(1, 11, 0))]))).toThrow('Stream page-11 has ContentBlockSaved before its PageCreated');
  });
});
