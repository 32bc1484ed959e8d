import { useEffect, useSyncExternalStore } from 'react';
import { useDispatch } from 'react-redux';
import { api } from './api';
import { LiveClient, type LiveStatus } from './live';
import { RELOAD_TAGS, tagsForChanges } from './live-tags';

type Dispatch = ReturnType<typeof useDispatch>;

/** A screen change unmounts one user and mounts the next: the stream stays open across it. */
const CLOSE_AFTER_MS = 5000;

let client: LiveClient | null = null;
/**
 * The last id any client received, kept when the client is dropped: the next one resumes from
 * it, so changes made while no screen showed ladder data still reach RTK Query's cached views.
 */
const resume = { lastEventId: '' };
let users = 0;
let closeTimer: ReturnType<typeof setTimeout> | undefined;

function liveClient(dispatch: Dispatch): LiveClient {
  client ??= new LiveClient({
    url: '/api/live',
    onChanges: (changes) => dispatch(api.util.invalidateTags(tagsForChanges(changes))),
    onReload: () => dispatch(api.util.invalidateTags([...RELOAD_TAGS])),
    resume,
  });
  return client;
}

/** Opens the app's one live stream while a screen that shows ladder data is mounted. */
function acquire(live: LiveClient): () => void {
  clearTimeout(closeTimer);
  users += 1;
  live.start();
  return () => {
    users -= 1;
    if (users > 0) return;
    closeTimer = setTimeout(() => {
      client?.stop();
      client = null;
    }, CLOSE_AFTER_MS);
  };
}

/**
 * Keeps the ladder's cached views fresh from GET /api/live while the caller is mounted. It
 * subscribes to nothing: the stream's status changing (connecting, live, reconnecting) does not
 * draw the caller again. Pages work without it: they just stop moving on their own.
 */
export function useLiveStream(): LiveClient {
  // Made (not connected) during render, so a status read subscribes to the client in use.
  const live = liveClient(useDispatch());
  useEffect(() => acquire(live), [live]);
  return live;
}

/**
 * The live stream, and its status for the live indicator. A status change draws the caller
 * again, synchronously (`useSyncExternalStore` updates cannot be sliced): call it from the
 * indicator, not from a layout or a screen, which would redraw everything under it.
 */
export function useLiveUpdates(): LiveStatus {
  const live = useLiveStream();
  return useSyncExternalStore(live.subscribe, live.getStatus);
}
