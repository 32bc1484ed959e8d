import type { TeamId } from './matches.js';

// GET /api/live: server-sent events of the ladder's changes. Each message's `id:` is the log
// position of its event, so a client that reconnects with `Last-Event-ID` gets what it missed.

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

/**
 * The `data:` of a change: which matches and players it touched, so a client refreshes only
 * the views that show them. Every change carries both lists (empty when none).
 */
export interface LiveChange {
  /** Matches recorded, voided, or moved between accounts. */
  matchIds: number[];
  /** Players whose rating, totals or history changed (a season's start moves everyone: empty, `everyone`). */
  playerIds: number[];
  /** True when every player may have changed (a season's soft reset). */
  everyone: boolean;
  /** MatchRecorded only: the mode id (null: no mode) and the winning team. */
  modeId?: number | null;
  winningTeam?: TeamId;
  /** Season events only. */
  seasonId?: number;
}

/** `data:` of the `ready` and `reload` messages. */
export interface LiveReady {
  position: number;
}
