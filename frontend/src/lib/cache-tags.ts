/**
 * RTK Query cache tags, named after the read models they stand for. A write names the
 * read models it changes with one of the lists below, so every write that changes the
 * same models refreshes the same reads.
 */
export const TAG_TYPES = ['Players', 'Leaderboard', 'Matches', 'Stats', 'Modes', 'Content', 'Pages', 'Duplicates'] as const;

export type TagType = (typeof TAG_TYPES)[number];

/** What a recorded match changes: ratings, totals, histories and the global stats. */
export const MATCH_TAGS = ['Players', 'Leaderboard', 'Matches', 'Stats'] as const satisfies readonly TagType[];

/**
 * What a ladder correction (merge, unmerge, void) changes: everything a match does, and
 * which accounts look like duplicates.
 */
export const LADDER_TAGS = [...MATCH_TAGS, 'Duplicates'] as const satisfies readonly TagType[];
