import { Controller, Get, Param, Query as QueryParam } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { PlayerSeason, Season, SeasonLeaderboardEntry } from '@team/contracts';
import { wholeIdParam } from '../../shared/route-params.js';
import { modeParam } from '../get-leaderboard/mode-param.js';
import { GetPlayerSeasonsQuery, GetSeasonLeaderboardQuery, GetSeasonsQuery } from './get-seasons.query.js';

/** GET /api/seasons (newest first) and GET /api/seasons/{id}/leaderboard[?mode={id}]. */
@Controller('api/seasons')
export class GetSeasonsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  seasons(): Promise<Season[]> {
    return this.queries.execute(new GetSeasonsQuery());
  }

  @Get(':id/leaderboard')
  leaderboard(@Param('id') id: string, @QueryParam('mode') mode: unknown): Promise<SeasonLeaderboardEntry[]> {
    return this.queries.execute(new GetSeasonLeaderboardQuery(wholeIdParam(id, 'season'), modeParam(mode)));
  }
}

/** GET /api/players/{id}/seasons: the player's line on each season's board, newest first. */
@Controller('api/players/:id/seasons')
export class GetPlayerSeasonsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  seasons(@Param('id') id: string): Promise<PlayerSeason[]> {
    return this.queries.execute(new GetPlayerSeasonsQuery(wholeIdParam(id, 'player')));
  }
}
