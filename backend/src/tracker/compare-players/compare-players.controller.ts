import { Controller, Get, Query as QueryParam } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { PlayerComparison } from '@team/contracts';
import { InvalidInputError } from '../../shared/domain-errors.js';
import { playerIdParam } from '../read-side/player-id-param.js';
import { ComparePlayersQuery } from './compare-players.query.js';

/** GET /api/players/compare?a={id}&b={id}: two players side by side. */
@Controller('api/players/compare')
export class ComparePlayersController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
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
