import { Controller, Get, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { rankDistributionOf } from '@team/projections';
import { GetLeaderboardQuery } from '../get-leaderboard/get-leaderboard.query.js';
import { sendView } from '../../http/send-view.js';

/** GET /api/stats/rank-distribution: tier name → players, every tier present, ranked as the leaderboard. */
@Controller('api/stats/rank-distribution')
export class GetRankDistributionController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  async distribution(@Req() request: IncomingMessage, @Res() response: ServerResponse): Promise<void> {
    const board = await this.queries.execute(new GetLeaderboardQuery(null));
    sendView(request, response, board.view('rank-distribution', (board) => rankDistributionOf(board.entries())));
  }
}
