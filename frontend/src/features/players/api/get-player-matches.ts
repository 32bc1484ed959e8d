import type { PlayerMatchRecord } from '@team/contracts';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api';

export const playerMatchesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/players/{id}/matches[?asOf=]: the player's history (now, or as the log stood then), fetched fresh every time (docs/product.md#states-and-transitions). */
    getPlayerMatches: build.query<PlayerMatchRecord[], { playerId: number; asOf: number | null }>({
      query: ({ playerId, asOf }) => `/api/players/${playerId}/matches${asOf == null ? '' : `?asOf=${asOf}`}`,
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, { playerId }) => [{ type: 'Matches', id: `PLAYER-${playerId}` }],
    }),
  }),
});

/** How long a shared profile link's history read is held for the dialog the link opens. */
const SHARED_LINK_HOLD_MS = 30_000;

/** The player whose history the app read at its start for a shared profile link, until the dialog takes it. */
let sharedLinkRead: number | null = null;

type Dispatch = (action: ReturnType<typeof playerMatchesApi.endpoints.getPlayerMatches.initiate>) => { unsubscribe(): void };

/**
 * A shared profile link (`/tracker/players?playerId=`) selects the player as the app starts: the
 * history is requested then, beside the screen's code rather than behind the screen's and the
 * dialog's. The read is held until the dialog has had the time to open and take it as the
 * selection's request (below); past that, the dialog requests the history itself.
 */
export function readHistoryForSharedLink(dispatch: Dispatch, playerId: number): void {
  const read = dispatch(playerMatchesApi.endpoints.getPlayerMatches.initiate({ playerId, asOf: null }));
  sharedLinkRead = playerId;
  setTimeout(() => {
    if (sharedLinkRead === playerId) sharedLinkRead = null;
    read.unsubscribe();
  }, SHARED_LINK_HOLD_MS);
}

/**
 * Requested whenever a player is selected, without caching (docs/product.md#states-and-transitions); with `asOf`, as of that
 * position. The dialog a shared link opens takes the read the app started for that selection
 * instead of requesting the history a second time (and drawing itself twice more); the next
 * selection, of any player, requests it again.
 */
export function usePlayerMatchHistory(playerId: number | null, asOf: number | null = null) {
  const [linkPlayer, setLinkPlayer] = useState(() => (asOf == null && playerId != null && sharedLinkRead === playerId ? playerId : null));
  // Once the selection ends or moves to another player, the link's read is spent.
  if (linkPlayer != null && linkPlayer !== playerId) setLinkPlayer(null);
  const fromLink = linkPlayer != null && linkPlayer === playerId;
  useEffect(() => {
    if (fromLink && sharedLinkRead === linkPlayer) sharedLinkRead = null;
  }, [fromLink, linkPlayer]);
  return playerMatchesApi.useGetPlayerMatchesQuery(
    { playerId: playerId ?? 0, asOf },
    { skip: playerId == null, refetchOnMountOrArgChange: !fromLink },
  );
}
