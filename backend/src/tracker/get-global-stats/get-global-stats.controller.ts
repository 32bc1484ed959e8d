import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { GlobalStats } from '@team/contracts';
import { GetGlobalStatsQuery } from './get-global-stats.query.js';

/** GET /api/stats/global: { totalPlayers, totalMatches, avgElo } (avgElo rounded, 1000 with no players). */
@Controller('api/stats/global')
export class GetGlobalStatsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  stats(): Promise<GlobalStats> {
    return this.queries.execute(new GetGlobalStatsQuery());
  }
}
