import { Controller, Get, Query as QueryParam } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { PlayerComparison } from '@team/contracts';
import { InvalidInputError } from '../../shared/domain-errors.js';
import { playerIdParam } from '../read-side/player-id-param.js';
import { ComparePlayersQuery } from './compare-players.query.js';

/** What names a match in both lists: its id, time and pool (mode null: the overall pool). */
const matchFacts = {
  matchId: { type: 'integer' },
  createdAt: { type: 'string', format: 'date-time' },
  mode: { type: 'object', nullable: true, properties: { id: { type: 'integer' }, name: { type: 'string' } } },
};

const sideSchema = {
  type: 'object',
  properties: {
    player: { type: 'object', description: 'The player as GET /api/players/leaderboard lists it (elo, rank, tier, wins, losses, kdRatio, avgScore, totalMatches, …)' },
    ratingHistory: {
      type: 'array',
      description: 'Rating after each match, oldest first',
      items: {
        type: 'object',
        properties: {
          ...matchFacts,
          eloChange: { type: 'integer' },
          eloAfter: { type: 'integer' },
        },
      },
    },
  },
};

const ratingLine = {
  type: 'object',
  properties: { team: { type: 'string', enum: ['team1', 'team2'] }, ratingChange: { type: 'integer' }, eloAfter: { type: 'integer' } },
};

/** GET /api/players/compare?a={id}&b={id}: two players side by side. */
@ApiTags('players')
@Controller('api/players/compare')
export class ComparePlayersController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({
    summary: 'Compare two players',
    description:
      "Both players' leaderboard lines (elo, rank, tier, wins, losses, K/D, average score, matches), both rating " +
      'histories, and the matches they played against each other (newest first) with their head-to-head record.',
  })
  @ApiQuery({ name: 'a', type: 'integer', required: true, description: 'First player id' })
  @ApiQuery({ name: 'b', type: 'integer', required: true, description: 'Second player id (not a)' })
  @ApiResponse({
    status: 200,
    description: 'The comparison',
    schema: {
      type: 'object',
      properties: {
        a: sideSchema,
        b: sideSchema,
        record: { type: 'object', properties: { matches: { type: 'integer' }, aWins: { type: 'integer' }, bWins: { type: 'integer' } } },
        matches: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              ...matchFacts,
              team1Score: { type: 'integer', nullable: true },
              team2Score: { type: 'integer', nullable: true },
              winnerId: { type: 'integer', description: "a's or b's id" },
              a: ratingLine,
              b: ratingLine,
            },
          },
        },
      },
    },
  })
  @ApiResponse({ status: 400, description: 'a or b missing or not a whole number, or a equal to b' })
  @ApiResponse({ status: 404, description: 'Either player unknown (or merged into another account)' })
  compare(@QueryParam('a') rawA: unknown, @QueryParam('b') rawB: unknown): Promise<PlayerComparison> {
    if (rawA === undefined || rawB === undefined || rawA === '' || rawB === '') {
      throw new InvalidInputError('Choose two players to compare: both a and b are required.');
    }
    const a = playerIdParam(rawA, 'a and b must be player ids (whole numbers).');
    const b = playerIdParam(rawB, 'a and b must be player ids (whole numbers).');
    if (a === b) throw new InvalidInputError('Choose two different players to compare.');
    return this.queries.execute(new ComparePlayersQuery(a, b));
  }
}
