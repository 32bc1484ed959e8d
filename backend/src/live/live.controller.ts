import { Controller, Get, Headers, Inject, Query, Req, Res } from '@nestjs/common';
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
@Controller('api/live')
export class LiveController {
  constructor(
    private readonly feed: LiveFeed,
    @Inject(LIVE_OPEN_LIMITER) private readonly opens: AddressBudget,
  ) {}

  @Get()
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
