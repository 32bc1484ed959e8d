import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import type { PlayerSearchHit } from '@team/contracts';
import { searchPlayers } from '@team/projections';
import { READ_KNEX } from '../../infrastructure/tokens.js';

/** Known players by the start of a name or Discord ID, or a name holding the text: Record Match's lookup. */
export class SearchPlayersQuery extends Query<PlayerSearchHit[]> {
  constructor(
    /** Trimmed, 1 to PLAYER_SEARCH_MAX_QUERY_LENGTH characters, storable text. */
    readonly text: string,
    readonly limit: number,
  ) {
    super();
  }
}

@QueryHandler(SearchPlayersQuery)
export class SearchPlayersHandler implements IQueryHandler<SearchPlayersQuery> {
  constructor(@Inject(READ_KNEX) private readonly knex: Knex) {}

  execute({ text, limit }: SearchPlayersQuery): Promise<PlayerSearchHit[]> {
    return searchPlayers(this.knex, text, limit);
  }
}
