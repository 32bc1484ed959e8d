import { Controller, Get, Inject, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { checkWith, EMPTY_PLAYER_PROFILE, PlayerCardsQuerySchema, type PlayerCard } from '@team/contracts';
import { getPlayerProfiles } from '@team/projections';
import { READ_KNEX } from '../../infrastructure/tokens.js';
import { InvalidInputError } from '../../shared/domain-errors.js';
import { GetLeaderboardQuery } from '../../tracker/get-leaderboard/get-leaderboard.query.js';

/**
 * GET /api/players/cards?ids=3,7,12: the roster cards' and the profile dialog's players, each
 * with its live line on the overall board (from the ranking cache) and its profile; a player
 * no longer on the board (unknown, or merged into another) is left out.
 */
@Controller('api/players/cards')
export class GetPlayerCardsController {
  constructor(
    private readonly queries: QueryBus,
    @Inject(READ_KNEX) private readonly readKnex: Knex,
  ) {}

  @Get()
  async cards(@Query() query: Record<string, unknown>): Promise<PlayerCard[]> {
    const checked = checkWith(PlayerCardsQuerySchema, query);
    if (!checked.ok) throw new InvalidInputError('The player cards query is not valid.', checked.problems);
    const ids = [...new Set(checked.value.ids.split(',').map(Number))];
    const [board, profiles] = await Promise.all([this.queries.execute(new GetLeaderboardQuery(null)), getPlayerProfiles(this.readKnex, ids)]);
    return ids.flatMap((id) => {
      const entry = board.entryOf(id);
      if (!entry) return [];
      const { avatarUrl, socials } = profiles.get(id) ?? EMPTY_PLAYER_PROFILE;
      return [{ ...entry, avatarUrl, socials }];
    });
  }
}
