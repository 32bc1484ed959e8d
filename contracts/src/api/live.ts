import { TeamIdSchema } from './matches.js';
import { errorResponses, wholeNumber, z, type ApiOperationSpec } from './schema.js';

// GET /api/live: server-sent events of the ladder's changes. Each message's `id:` is the log
// position of its event, so a client that reconnects with `Last-Event-ID` gets what it missed.

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
