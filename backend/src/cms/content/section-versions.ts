import {
  CONTENT_PAGES,
  type ContentPage,
  type ContentSectionEvent,
  contentStreamId,
  type EventStore,
  type RecordedEvent,
  type SectionVersion,
} from '@team/contracts';
import { contentSectionDecider } from './content-section.decider.js';
import { versionEventInfo } from '../shared/versions.js';

/** The section an event is about; a reorder moves every section of the page and is a version of none. */
function sectionIdOf(event: ContentSectionEvent): number | null {
  switch (event.type) {
    case 'ContentSectionCreated':
    case 'ContentEdited':
    case 'ContentSectionDeleted':
    case 'ContentSectionRestored':
      return event.data.id;
    case 'ContentSectionsReordered':
      return null;
  }
}

/**
 * The versions of section `id`, oldest first, from its page's stream: the stream is folded
 * with the decider's own `evolve`, and every event about the section yields the section as
 * that event left it (a deletion: as it was deleted, flagged `deleted`).
 */
export function sectionVersions(page: ContentPage, recorded: readonly RecordedEvent[], id: number): SectionVersion[] {
  const { initialState, evolve } = contentSectionDecider(page);
  const versions: SectionVersion[] = [];
  let state = initialState();
  for (const event of recorded) {
    const before = state;
    const domainEvent = { type: event.type, data: event.data } as ContentSectionEvent;
    state = evolve(state, domainEvent);
    if (sectionIdOf(domainEvent) !== id) continue;
    const after = state.sections.get(id);
    const shown = after ?? before.sections.get(id);
    // An event about a section that was not there changed nothing (evolve ignores it too).
    if (!shown) continue;
    const { order: _order, ...section } = shown;
    versions.push({ ...versionEventInfo(event, versions.length + 1, after === undefined), section });
  }
  return versions;
}

/** A section's page and versions, or null when no content stream ever had it. */
export interface SectionHistory {
  page: ContentPage;
  versions: SectionVersion[];
}

/**
 * Reads the three content streams, because a deleted section has left the read tables and
 * only its page's stream still knows it. Section ids come from one sequence, so at most one
 * stream has it.
 */
export async function loadSectionHistory(store: EventStore, id: number): Promise<SectionHistory | null> {
  const streams = await Promise.all(CONTENT_PAGES.map((page) => store.readStream(contentStreamId(page))));
  for (const [index, recorded] of streams.entries()) {
    const page = CONTENT_PAGES[index]!;
    const versions = sectionVersions(page, recorded, id);
    if (versions.length > 0) return { page, versions };
  }
  return null;
}
