import { Controller, Get, Query as QueryParam, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GetLeaderboardAsOfQuery } from '../get-leaderboard/get-leaderboard-as-of.query.js';
import { GetLeaderboardQuery } from '../get-leaderboard/get-leaderboard.query.js';
import { parseAsOf } from '../time-travel/as-of.js';
import { sendView } from '../../http/send-view.js';

/** How many players the home page's Top Players shows (docs/product.md#constants-and-limits); the dashboard shows the first 5. */
export const TOP_PLAYERS = 6;

/**
 * GET /api/players[?asOf={position|ISO time}]: every player, in rank order (each with its
 * rank and tier too); with asOf, as they stood then.
 * GET /api/players/top: the first six of them.
 */
@Controller('api/players')
export class GetPlayersController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  async players(@QueryParam('asOf') rawAsOf: unknown, @Req() request: IncomingMessage, @Res() response: ServerResponse): Promise<void> {
    const asOf = parseAsOf(rawAsOf);
    const board = asOf
      ? await this.queries.execute(new GetLeaderboardAsOfQuery(null, asOf))
      : await this.queries.execute(new GetLeaderboardQuery(null));
    sendView(request, response, board.view('players', (board) => board.entries()));
  }

  @Get('top')
  async top(@Req() request: IncomingMessage, @Res() response: ServerResponse): Promise<void> {
    const board = await this.queries.execute(new GetLeaderboardQuery(null));
    sendView(request, response, board.view('top', (ranked) => ranked.slice(0, TOP_PLAYERS)));
  }
}
