import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { MatchPage } from '@team/contracts';
import { idParam } from '../../shared/route-params.js';
import { GetMatchQuery } from './get-match.query.js';

/**
 * GET /api/matches/{id}: one match's page. Registered after GET /api/matches/recent, so that
 * path keeps its own route.
 */
@Controller('api/matches/:id')
export class GetMatchController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  match(@Param('id') id: string): Promise<MatchPage> {
    return this.queries.execute(new GetMatchQuery(idParam(id, 'match')));
  }
}
