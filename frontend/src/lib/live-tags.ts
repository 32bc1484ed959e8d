import type { LiveChange, LiveChangeName } from '@team/contracts';
import type { TagType } from './cache-tags';
import { LADDER_TAGS } from './cache-tags';

export type LiveTag = TagType | { type: TagType; id: string | number };

/** One change of the live stream: its `event:` name and `data:`. */
export interface ReceivedChange {
  name: LiveChangeName;
  change: LiveChange;
}

/** What every view of the ladder shows again after a `reload`: all of it. */
export const RELOAD_TAGS: readonly LiveTag[] = [...LADDER_TAGS, 'Modes'];

/**
 * The cache tags a batch of changes makes stale. A recorded match refreshes the boards, the
 * stats, the players list, the recent matches and the open views of its players; a correction
 * or a season's start can move anyone, so it refreshes what the admin's own corrections do.
 */
export function tagsForChanges(changes: readonly ReceivedChange[]): LiveTag[] {
  const tags = new Map<string, LiveTag>();
  const add = (tag: LiveTag) => tags.set(typeof tag === 'string' ? tag : `${tag.type}:${tag.id}`, tag);
  for (const { name, change } of changes) {
    if (name === 'season-renamed') {
      add('Leaderboard');
    } else if (name === 'match-recorded' && !change.everyone) {
      (['Leaderboard', 'Stats'] as const).forEach(add);
      add({ type: 'Players', id: 'LIST' });
      add({ type: 'Matches', id: 'RECENT' });
      for (const playerId of change.playerIds) {
        add({ type: 'Matches', id: `PLAYER-${playerId}` });
        add({ type: 'Matches', id: `HEAD-TO-HEAD-${playerId}` });
      }
    } else {
      LADDER_TAGS.forEach(add);
    }
  }
  return [...tags.values()];
}
