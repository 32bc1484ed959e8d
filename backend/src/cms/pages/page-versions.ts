import {
  BUILT_IN_VERSION_TYPE,
  type EventStore,
  type PageEvent,
  pageStreamId,
  type PageVersion,
  type RecordedEvent,
} from '@team/contracts';
import { versionEventInfo } from '../shared/versions.js';
import { orderedBlocks, pageDecider } from './page.decider.js';

/**
 * The versions of page `id`, oldest first: its stream folded with the decider's own
 * `evolve`, one version per event (`version` = revision + 1), each the page and its blocks
 * as that event left them (a deletion: as it was deleted, flagged `deleted`). A system page
 * exists before any event, so it starts with version 0: the built-in page without blocks.
 * An unknown page has no versions.
 */
export function pageVersions(id: number, recorded: readonly RecordedEvent[]): PageVersion[] {
  const { initialState, evolve } = pageDecider(id);
  let state = initialState();
  const versions: PageVersion[] = [];
  if (state.status === 'live') {
    versions.push({
      version: 0,
      position: 0,
      revision: -1,
      recordedAt: null,
      actor: 'system',
      correlationId: null,
      eventType: BUILT_IN_VERSION_TYPE,
      deleted: false,
      page: { ...state.page, contentBlocks: [] },
    });
  }
  for (const event of recorded) {
    const before = state;
    state = evolve(state, { type: event.type, data: event.data } as PageEvent);
    // Every decision on an absent page is refused, so only a damaged stream gets here.
    if (state.status === 'absent') throw new Error(`Stream ${pageStreamId(id)} has ${event.type} before its PageCreated`);
    const deleted = state.status === 'deleted';
    const contentBlocks = orderedBlocks(deleted ? before : state);
    versions.push({ ...versionEventInfo(event, event.revision + 1, deleted), page: { ...state.page, contentBlocks } });
  }
  return versions;
}

export async function loadPageVersions(store: EventStore, id: number): Promise<PageVersion[]> {
  return pageVersions(id, await store.readStream(pageStreamId(id)));
}
