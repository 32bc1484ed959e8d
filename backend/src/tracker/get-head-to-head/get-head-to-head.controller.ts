import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { HeadToHead } from '@team/contracts';
import { playerIdParam } from '../read-side/player-id-param.js';
import { GetHeadToHeadQuery } from './get-head-to-head.query.js';

/** GET /api/players/{id}/head-to-head: the opponents met most and the teammates played with most. */
@Controller('api/players/:id/head-to-head')
export class GetHeadToHeadController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  headToHead(@Param('id') id: string): Promise<HeadToHead> {
    return this.queries.execute(new GetHeadToHeadQuery(playerIdParam(id)));
  }
}
