import { Controller, Get, Query as QueryParam, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseAsOf } from '../time-travel/as-of.js';
import { sendLeaderboard } from './cached-leaderboard.js';
import { GetLeaderboardAsOfQuery } from './get-leaderboard-as-of.query.js';
import { GetLeaderboardQuery } from './get-leaderboard.query.js';
import { modeParam } from './mode-param.js';
import { pageParams } from './page-params.js';

/**
 * GET /api/players/leaderboard[?mode={id}][&asOf={position|ISO time}][&limit=&offset=]:
 * LeaderboardEntry[] in rank order, every player (what the screens read). With limit (1–1000)
 * and offset (from 0), that page of them, and the board's size in X-Total-Count, for clients
 * that page. With a mode, `elo` is that mode's rating and only players who played it are
 * listed. With asOf, the board as it stood then (time travel: bounded folds, cached per point in
 * the server). Either way an ETag names the board's state and clients revalidate (`no-cache`):
 * an asOf past the head moves on with the log, and its ETag with it.
 * The plain shapes (no asOf, no paging) are mostly answered before they get here: see
 * cached-leaderboard.ts.
 */
@Controller('api/players/leaderboard')
export class GetLeaderboardController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  async leaderboard(
    @QueryParam('mode') mode: unknown,
    @QueryParam('asOf') rawAsOf: unknown,
    @QueryParam('limit') limit: unknown,
    @QueryParam('offset') offset: unknown,
    @Req() request: IncomingMessage,
    @Res() response: ServerResponse,
  ): Promise<void> {
    const asOf = parseAsOf(rawAsOf);
    const page = pageParams(limit, offset);
    const board = asOf
      ? await this.queries.execute(new GetLeaderboardAsOfQuery(modeParam(mode), asOf))
      : await this.queries.execute(new GetLeaderboardQuery(modeParam(mode)));
    sendLeaderboard(request, response, board, page);
  }
}
