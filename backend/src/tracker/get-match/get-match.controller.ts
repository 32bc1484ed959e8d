import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { MatchPage } from '@team/contracts';
import { idParam } from '../../shared/route-params.js';
import { GetMatchQuery } from './get-match.query.js';

const line = {
  type: 'object',
  properties: {
    playerId: { type: 'integer', description: 'The account the line counts for now (the primary after a merge)' },
    username: { type: 'string', description: "The account's name now" },
    discordId: { type: 'string', description: "The account's Discord ID (tells two same-named players apart)" },
    recordedAs: { type: 'string', description: 'The name typed for this line when the match was recorded (a match renames no one)' },
    team: { type: 'string', enum: ['team1', 'team2'] },
    won: { type: 'boolean' },
    kills: { type: 'integer', nullable: true },
    deaths: { type: 'integer', nullable: true },
    assists: { type: 'integer', nullable: true },
    score: { type: 'integer', nullable: true },
    hardpointTime: { type: 'integer', nullable: true },
    captures: { type: 'integer', nullable: true },
    plantsDefuses: { type: 'integer', nullable: true },
    ratingBefore: { type: 'integer' },
    ratingChange: { type: 'integer' },
    ratingAfter: { type: 'integer', description: "As the profile's history shows it (re-threaded by merges and voids)" },
  },
};

const matchPageSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    createdAt: { type: 'string', format: 'date-time' },
    mode: { type: 'object', nullable: true, properties: { id: { type: 'integer' }, name: { type: 'string' } } },
    winningTeam: { type: 'string', enum: ['team1', 'team2'] },
    team1Score: { type: 'integer', nullable: true },
    team2Score: { type: 'integer', nullable: true },
    map: { type: 'string', nullable: true, description: "The map's name; null when the match named none" },
    statsUsed: { type: 'boolean', description: 'Whether K/D stats counted in the ratings' },
    teams: { type: 'object', properties: { team1: { type: 'array', items: line }, team2: { type: 'array', items: line } } },
    voided: {
      type: 'object',
      nullable: true,
      description: 'Set when an admin voided the match: it no longer counts, its page stays',
      properties: { at: { type: 'string', format: 'date-time' }, reason: { type: 'string' } },
    },
  },
};

/**
 * GET /api/matches/{id}: one match's page. Registered after GET /api/matches/recent, so that
 * path keeps its own route.
 */
@ApiTags('tracker')
@Controller('api/matches/:id')
export class GetMatchController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({
    summary: 'One match: mode, score, both teams with stats and rating changes, and its void if any',
    description: 'A voided match still has its page (with the reason); it is left out of every list and total.',
  })
  @ApiParam({ name: 'id', type: 'integer', description: 'The match id' })
  @ApiResponse({ status: 200, description: 'The match', schema: matchPageSchema })
  @ApiResponse({ status: 400, description: 'The id is not a positive whole number' })
  @ApiResponse({ status: 404, description: 'No match with that id' })
  match(@Param('id') id: string): Promise<MatchPage> {
    return this.queries.execute(new GetMatchQuery(idParam(id, 'match')));
  }
}
