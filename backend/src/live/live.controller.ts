import { Controller, Get, Headers, Inject, Query, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { ServerResponse } from 'node:http';
import { streamTo } from '../http/raw-response.js';
import { clientBudgetKey, type WebRequest } from '../http/request-facts.js';
import type { AddressBudget } from '../http/rate-limiter.js';
import { LIVE_OPEN_LIMITER } from '../infrastructure/tokens.js';
import { InvalidInputError, TooManyRequestsError } from '../shared/domain-errors.js';
import { LiveFeed } from './live-feed.js';

/** The budget of stream opens per address and minute (LIVE_OPENS_PER_MINUTE), shared by every API process. */

/**
 * A resume point from `Last-Event-ID` (or `?lastEventId=` for clients that cannot set headers):
 * null when absent or empty. The stream only ever sends log positions as ids, so anything
 * else is a hand-made request and gets a 400 that says what is expected.
 */
export function lastEventIdOf(raw: unknown): number | null {
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string' || !/^\d{1,16}$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    throw new InvalidInputError('Last-Event-ID must be a log position: a whole number from 0, as the stream sent it.');
  }
  return Number(raw);
}

/** GET /api/live: the ladder's changes as server-sent events. */
@ApiTags('live')
@Controller('api/live')
export class LiveController {
  constructor(
    private readonly feed: LiveFeed,
    @Inject(LIVE_OPEN_LIMITER) private readonly opens: AddressBudget,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Live ladder changes (server-sent events)',
    description:
      'A text/event-stream of the ladder\'s changes: `match-recorded`, `match-voided`, `players-merged`, `players-unmerged`, ' +
      '`season-started`, `season-renamed`. Each message\'s `id:` is its log position and its `data:` a JSON summary ' +
      '`{ matchIds, playerIds, everyone, modeId?, winningTeam?, seasonId? }`; it is sent once the read tables show the ' +
      'change, so a refetch on it sees it. The stream starts with `ready` (`data: { position }`). A client that ' +
      'reconnects with `Last-Event-ID` (or `?lastEventId=`) gets the changes it missed, or one `reload` message when it ' +
      'is older than the last LIVE_REPLAY_LIMIT changes this process keeps (or its id is not a position of this log). `: hb` comment lines ' +
      'come every LIVE_HEARTBEAT_MS. Each process holds at most LIVE_MAX_CONNECTIONS streams, and at most ' +
      'LIVE_MAX_PER_ADDRESS from one address, and an address opens at most LIVE_OPENS_PER_MINUTE streams a minute. ' +
      'A stream ends after about LIVE_MAX_LIFETIME_SECONDS with a short `retry:`: the browser reconnects with its ' +
      'Last-Event-ID and misses nothing. HEAD answers the same headers and ends at once.',
  })
  @ApiHeader({ name: 'Last-Event-ID', required: false, description: 'The id of the last message received: resume after it' })
  @ApiQuery({ name: 'lastEventId', required: false, type: 'integer', description: 'The same, for clients that cannot set headers' })
  @ApiResponse({
    status: 200,
    description: 'The event stream',
    content: { 'text/event-stream': { schema: { type: 'string', example: 'id: 42\nevent: match-recorded\ndata: {"matchIds":[7],"playerIds":[1,2],"everyone":false,"modeId":null,"winningTeam":"team1"}\n\n' } } },
  })
  @ApiResponse({ status: 400, description: 'A Last-Event-ID that is not a whole number' })
  @ApiResponse({
    status: 429,
    description: 'This address holds LIVE_MAX_PER_ADDRESS streams already, or has opened LIVE_OPENS_PER_MINUTE this minute (Retry-After says when to try again)',
  })
  @ApiResponse({ status: 503, description: 'This process holds as many streams as it may (Retry-After says when to try again)' })
  async stream(
    @Headers('last-event-id') header: string | undefined,
    @Query('lastEventId') query: unknown,
    @Req() request: WebRequest,
    @Res() response: ServerResponse,
  ): Promise<void> {
    const lastEventId = lastEventIdOf(header ?? query);
    const address = clientBudgetKey(request);
    // Refused before a byte is written, so the refusal is the JSON error shape. A HEAD holds
    // nothing, so it is not counted: the budget is for streams, which cost a slot and a replay.
    if (request.method !== 'HEAD') {
      const wait = await this.opens.hit(address);
      if (wait > 0) throw new TooManyRequestsError(`Too many live streams opened from your address. Try again in ${wait} seconds.`, wait);
    }
    // With nobody connected the feed has not read the log: the first stream waits for it.
    await this.feed.catchUpForOpen();
    this.feed.admit(address);
    // The stream is written for as long as it lasts.
    streamTo(response, 200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: the compression middleware leaves the stream alone (it would hold messages back).
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      // nginx: do not buffer this answer (the shipped Caddy flushes event streams by itself).
      'X-Accel-Buffering': 'no',
    });
    // HEAD is routed here too: it gets the stream's headers and no stream, so it holds no slot.
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    response.socket?.setNoDelay(true);
    await this.feed.open(response, lastEventId, address);
  }
}
