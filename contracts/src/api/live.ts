import { TeamIdSchema } from './matches.js';
import { errorResponses, wholeNumber, z, type ApiOperationSpec } from './schema.js';

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
export const LiveChangeSchema = z
  .object({
    matchIds: z.array(wholeNumber()).meta({ description: 'Matches recorded, voided, or moved between accounts.' }),
    playerIds: z
      .array(wholeNumber())
      .meta({ description: 'Players whose rating, totals or history changed (a season\'s start moves everyone: empty, `everyone`).' }),
    everyone: z.boolean().meta({ description: "True when every player may have changed (a season's soft reset)." }),
    modeId: wholeNumber().nullable().optional().meta({ description: 'MatchRecorded only: the mode id (null: no mode).' }),
    winningTeam: TeamIdSchema.optional(),
    seasonId: wholeNumber().optional().meta({ description: 'Season events only.' }),
  })
  .meta({ id: 'LiveChange' });
export type LiveChange = z.infer<typeof LiveChangeSchema>;

/** `data:` of the `ready` and `reload` messages. */
export const LiveReadySchema = z.object({ position: wholeNumber() }).meta({ id: 'LiveReady' });
export type LiveReady = z.infer<typeof LiveReadySchema>;

export const LIVE_OPERATIONS: ApiOperationSpec[] = [
  {
    method: 'get',
    path: '/api/live',
    tag: 'live',
    summary: 'Live ladder changes (server-sent events)',
    description:
      "A text/event-stream of the ladder's changes (`match-recorded`, `match-voided`, `players-merged`, `players-unmerged`, `player-renamed`, " +
      "`season-started`, `season-renamed`). Each message's `id:` is its log position and its `data:` a LiveChange; it is sent once the read " +
      'tables show the change. The stream starts with `ready` (`data:` a LiveReady). A client that reconnects with Last-Event-ID (or ' +
      '`?lastEventId=`) gets the changes it missed, or one `reload` message. HEAD answers the same headers and ends at once.',
    headers: z.object({ 'Last-Event-ID': z.string().optional().meta({ description: 'The id of the last message received: resume after it.' }) }),
    query: z.object({ lastEventId: z.int().min(0).optional().meta({ description: 'The same, for clients that cannot set headers.' }) }),
    responses: {
      200: { mediaType: 'text/event-stream', description: 'The event stream: `id:`, `event:` and `data:` lines (LiveChange or LiveReady as JSON).' },
      ...errorResponses(400, 429, 503),
    },
  },
];
