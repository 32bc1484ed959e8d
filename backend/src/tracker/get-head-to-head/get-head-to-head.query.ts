import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import type { HeadToHead } from '@team/contracts';
import { findPlayer, headToHead } from '@team/projections';
import { READ_KNEX } from '../../infrastructure/tokens.js';
import { NotFoundError } from '../../shared/domain-errors.js';

/** The opponents a player met most and the teammates it played with most. */
export class GetHeadToHeadQuery extends Query<HeadToHead> {
  constructor(readonly playerId: number) {
    super();
  }
}

@QueryHandler(GetHeadToHeadQuery)
export class GetHeadToHeadHandler implements IQueryHandler<GetHeadToHeadQuery> {
  constructor(@Inject(READ_KNEX) private readonly knex: Knex) {}

  async execute({ playerId }: GetHeadToHeadQuery): Promise<HeadToHead> {
    const player = await findPlayer(this.knex, playerId);
    // A merged-away account has no matches of its own any more: they count for the primary.
    if (!player || player.mergedInto !== null) throw new NotFoundError(`Player ${playerId} not found.`);
    return headToHead(this.knex, playerId);
  }
}
