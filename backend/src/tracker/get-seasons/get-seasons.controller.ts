import { Controller, Get, Param, Query as QueryParam } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { PlayerSeason, Season, SeasonLeaderboardEntry } from '@team/contracts';
import { wholeIdParam } from '../../shared/route-params.js';
import { modeParam } from '../get-leaderboard/mode-param.js';
import { GetPlayerSeasonsQuery, GetSeasonLeaderboardQuery, GetSeasonsQuery } from './get-seasons.query.js';

/** GET /api/seasons (newest first) and GET /api/seasons/{id}/leaderboard[?mode={id}]. */
@ApiTags('seasons')
@Controller('api/seasons')
export class GetSeasonsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({ summary: 'The seasons, newest first', description: 'Each: { id, name, startedAt, endedAt (null for the current one), current }.' })
  seasons(): Promise<Season[]> {
    return this.queries.execute(new GetSeasonsQuery());
  }

  @Get(':id/leaderboard')
  @ApiOperation({
    summary: "A season's leaderboard",
    description:
      'The players who played in the season (in the mode, with ?mode=), totals over its matches only, ranked by the ' +
      "rating at the season's end (now, for the current season), with peakElo. A closed season's board never changes: " +
      'a match of it voided later, or a merge, does not rewrite it.',
  })
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiQuery({ name: 'mode', required: false, type: 'integer' })
  @ApiResponse({ status: 400, description: 'An id or mode that is not a whole number' })
  @ApiResponse({ status: 404, description: 'No such season, or no such mode (as on /api/players/leaderboard)' })
  leaderboard(@Param('id') id: string, @QueryParam('mode') mode: unknown): Promise<SeasonLeaderboardEntry[]> {
    return this.queries.execute(new GetSeasonLeaderboardQuery(wholeIdParam(id, 'season'), modeParam(mode)));
  }
}

/** GET /api/players/{id}/seasons: the player's line on each season's board, newest first. */
@ApiTags('seasons')
@Controller('api/players/:id/seasons')
export class GetPlayerSeasonsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({
    summary: "A player's seasons",
    description: 'One line per season played, newest first: matches, wins, losses, kdRatio, avgScore, finalElo, peakElo and rank on the season board.',
  })
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiResponse({ status: 404, description: 'No such player' })
  seasons(@Param('id') id: string): Promise<PlayerSeason[]> {
    return this.queries.execute(new GetPlayerSeasonsQuery(wholeIdParam(id, 'player')));
  }
}
