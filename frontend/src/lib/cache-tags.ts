/**
 * RTK Query cache tags, named after the read models they stand for. A write names the read
 * models it changes with one of these lists, so every write that changes the same models
 * refreshes the same reads.
 */

/** What a recorded match changes: ratings, totals, histories and the global stats. */
export const MATCH_TAGS = ['Players', 'Leaderboard', 'Matches', 'Stats'] as const;

/**
 * What a ladder correction (merge, unmerge, void) changes: everything a match does, and
 * which accounts look like duplicates.
 */
export const LADDER_TAGS = [...MATCH_TAGS, 'Duplicates'] as const;

/** Every tag the API slice knows (built from the lists above, so each name is written once). `AdminKeys`: the named admin keys. */
export const TAG_TYPES = [...LADDER_TAGS, 'Modes', 'Content', 'Pages', 'AdminKeys', 'Site', 'Media', 'Fixtures', 'Webhooks', 'Submissions'] as const;

export type TagType = (typeof TAG_TYPES)[number];
