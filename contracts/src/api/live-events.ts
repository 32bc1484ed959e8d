// The names of GET /api/live's server-sent events (no schemas: the client imports these on every page).

/** The `event:` name of each ladder event on the stream. */
export const LIVE_EVENT_NAMES = {
  MatchRecorded: 'match-recorded',
  MatchVoided: 'match-voided',
  PlayersMerged: 'players-merged',
  PlayersUnmerged: 'players-unmerged',
  PlayerRenamed: 'player-renamed',
  SeasonStarted: 'season-started',
  SeasonRenamed: 'season-renamed',
} as const;

export type LiveChangeName = (typeof LIVE_EVENT_NAMES)[keyof typeof LIVE_EVENT_NAMES];

/**
 * Sent first on every connection, with the position the stream continues from as its id: a
 * client that saw no change yet still resumes from there.
 */
export const LIVE_READY_EVENT = 'ready';

/**
 * Sent instead of a replay when the client is too far behind (or its id is not a position of
 * this log): it should refetch everything it shows. The stream then continues live.
 */
export const LIVE_RELOAD_EVENT = 'reload';
