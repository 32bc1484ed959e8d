import { Controller, Get, Param, Query as QueryParam } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { PlayerMatchRecord } from '@team/contracts';
import { playerIdParam } from '../read-side/player-id-param.js';
import { parseAsOf } from '../time-travel/as-of.js';
import { GetPlayerMatchesQuery } from './get-player-matches.query.js';

/** GET /api/players/{id}/matches[?asOf={position|ISO time}]: the player's history, newest first (then). */
@Controller('api/players/:id/matches')
export class GetPlayerMatchesController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  history(@Param('id') id: string, @QueryParam('asOf') asOf: unknown): Promise<PlayerMatchRecord[]> {
    return this.queries.execute(new GetPlayerMatchesQuery(playerIdParam(id), parseAsOf(asOf)));
  }
}
