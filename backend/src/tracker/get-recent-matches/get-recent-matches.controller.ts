import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Match } from '@team/contracts';
import { GetRecentMatchesQuery } from './get-recent-matches.query.js';

/** GET /api/matches/recent: the 5 newest matches with their participants. */
@Controller('api/matches/recent')
export class GetRecentMatchesController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  recent(): Promise<Match[]> {
    return this.queries.execute(new GetRecentMatchesQuery());
  }
}
