import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { HEAD_TO_HEAD_LIMIT, type HeadToHead } from '@team/contracts';
import { playerIdParam } from '../read-side/player-id-param.js';
import { GetHeadToHeadQuery } from './get-head-to-head.query.js';

const entrySchema = {
  type: 'object',
  properties: {
    player: { type: 'object', properties: { id: { type: 'integer' }, username: { type: 'string' } } },
    matches: { type: 'integer' },
    wins: { type: 'integer' },
    losses: { type: 'integer' },
  },
};

/** GET /api/players/{id}/head-to-head: the opponents met most and the teammates played with most. */
@ApiTags('players')
@Controller('api/players/:id/head-to-head')
export class GetHeadToHeadController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({
    summary: "A player's top opponents and teammates",
    description:
      `The ${HEAD_TO_HEAD_LIMIT} opponents the player met most (its wins and losses against each) and the ` +
      `${HEAD_TO_HEAD_LIMIT} teammates it played with most (their record together), each ordered by matches ` +
      'descending, then by username. Matches of an account merged into this one count for it; voided matches do not count.',
  })
  @ApiParam({ name: 'id', type: 'integer', description: 'Player id' })
  @ApiResponse({
    status: 200,
    description: 'Opponents and teammates',
    schema: { type: 'object', properties: { opponents: { type: 'array', items: entrySchema }, teammates: { type: 'array', items: entrySchema } } },
  })
  @ApiResponse({ status: 400, description: 'The id is not a whole number' })
  @ApiResponse({ status: 404, description: 'No such player (or an account merged into another)' })
  headToHead(@Param('id') id: string): Promise<HeadToHead> {
    return this.queries.execute(new GetHeadToHeadQuery(playerIdParam(id)));
  }
}
