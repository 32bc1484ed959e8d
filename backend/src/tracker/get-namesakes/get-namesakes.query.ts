import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { NAMESAKES_MAX_PLAYERS, type PlayerNamesake } from '@team/contracts';
import { playerNamesakes } from '@team/projections';
import { READ_KNEX } from '../../infrastructure/tokens.js';

/** The active players who share a name with the asked ones (theirs included): a board page's suffixes. */
export class GetNamesakesQuery extends Query<PlayerNamesake[]> {
  constructor(
    /** 1 to NAMESAKES_MAX_IDS distinct player ids. */
    readonly ids: readonly number[],
  ) {
    super();
  }
}

@QueryHandler(GetNamesakesQuery)
export class GetNamesakesHandler implements IQueryHandler<GetNamesakesQuery> {
  constructor(@Inject(READ_KNEX) private readonly knex: Knex) {}

  execute({ ids }: GetNamesakesQuery): Promise<PlayerNamesake[]> {
    return playerNamesakes(this.knex, ids, NAMESAKES_MAX_PLAYERS);
  }
}
