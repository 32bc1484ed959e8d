import type { AuditEntry, AuditPage, PlayersMerged, PlayersUnmerged } from '@team/contracts';
import { api } from '@/lib/api';

/** An account merged into the profile's player and not reverted since. */
export interface MergedAccount {
  duplicateId: number;
  duplicateUsername: string;
  /** Log position of the merge. */
  position: number;
}

/** What decides whether a merge stands, read from a PlayersMerged or PlayersUnmerged audit entry. */
type MergeEvent = Pick<AuditEntry, 'position' | 'type'> & {
  data: Pick<PlayersMerged['data'], 'primaryId' | 'duplicateId'> & { duplicate?: Pick<PlayersMerged['data']['duplicate'], 'username'> };
};

/**
 * The merges still standing with `playerId` as the primary, from the merge and unmerge
 * events that name it: a pair's last event decides whether it stands. (One page of the audit
 * log, 200 events, is read: far more merges than one account gathers.)
 */
export function standingMerges(playerId: number, events: MergeEvent[]): MergedAccount[] {
  const byDuplicate = new Map<number, MergedAccount | null>();
  for (const event of [...events].sort((a, b) => a.position - b.position)) {
    if (event.data.primaryId !== playerId) continue;
    if (event.type === 'PlayersMerged') {
      byDuplicate.set(event.data.duplicateId, {
        duplicateId: event.data.duplicateId,
        duplicateUsername: event.data.duplicate?.username ?? `Player #${event.data.duplicateId}`,
        position: event.position,
      });
    } else if (event.type === 'PlayersUnmerged') {
      byDuplicate.set(event.data.duplicateId, null);
    }
  }
  return [...byDuplicate.values()].filter((merge): merge is MergedAccount => merge !== null);
}

const playerMergesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The audit log's merge events naming the player (admin), read as the merges still standing. */
    getPlayerMerges: build.query<MergedAccount[], number>({
      query: (playerId) => ({ url: `/api/admin/events?type=PlayersMerged,PlayersUnmerged&player=${playerId}&limit=200`, admin: true }),
      transformResponse: (page: AuditPage<PlayersMerged | PlayersUnmerged>, _meta, playerId) => standingMerges(playerId, page.events),
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, playerId) => [{ type: 'Players', id: `MERGES-${playerId}` }],
    }),
  }),
});

export const { useGetPlayerMergesQuery } = playerMergesApi;
