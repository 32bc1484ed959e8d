import {
  CONTENT_PAGES,
  type ContentPage,
  type ContentSectionCreated,
  contentStreamId,
  type EventStore,
  type RecordedEvent,
} from '@team/contracts';

/**
 * The content page whose stream created section `id`, or null when none did. Edits and deletes
 * name only the section, and only its page's stream can decide about it. There are three
 * content streams, each one page's handful of sections and their edits, so reading all three is
 * cheap, and it is the log itself: a section created a moment ago by another instance is found
 * even while the read tables lag. Section ids come from one sequence, so at most one stream
 * created it, and a section never moves to another page.
 */
export async function findSectionPage(store: EventStore, id: number): Promise<ContentPage | null> {
  const streams = await Promise.all(CONTENT_PAGES.map((page) => store.readStream(contentStreamId(page))));
  const index = streams.findIndex((recorded) =>
    recorded.some((event) => event.type === 'ContentSectionCreated' && (event as RecordedEvent<ContentSectionCreated>).data.id === id),
  );
  return index === -1 ? null : CONTENT_PAGES[index]!;
}
