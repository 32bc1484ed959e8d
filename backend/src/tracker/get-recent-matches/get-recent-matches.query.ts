import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import type { Match } from '@team/contracts';
import { recentMatches, recentMatchTimes, type MatchTime } from '@team/projections';
import { READ_KNEX } from '../../infrastructure/tokens.js';

/** The dashboard's Recent Matches (docs/product.md#constants-and-limits: 5). */
export const RECENT_MATCHES = 5;

/** The newest `limit` matches that count. */
export class GetRecentMatchesQuery extends Query<Match[]> {
  constructor(readonly limit = RECENT_MATCHES) {
    super();
  }
}

@QueryHandler(GetRecentMatchesQuery)
export class GetRecentMatchesHandler implements IQueryHandler<GetRecentMatchesQuery> {
  constructor(@Inject(READ_KNEX) private readonly knex: Knex) {}

  execute({ limit }: GetRecentMatchesQuery): Promise<Match[]> {
    return recentMatches(this.knex, limit);
  }
}

/** When each of the newest `limit` matches that count was played, without line-ups: the sitemap lists up to a thousand. */
export class GetRecentMatchTimesQuery extends Query<MatchTime[]> {
  constructor(readonly limit: number) {
    super();
  }
}

@QueryHandler(GetRecentMatchTimesQuery)
export class GetRecentMatchTimesHandler implements IQueryHandler<GetRecentMatchTimesQuery> {
  constructor(@Inject(READ_KNEX) private readonly knex: Knex) {}

  execute({ limit }: GetRecentMatchTimesQuery): Promise<MatchTime[]> {
    return recentMatchTimes(this.knex, limit);
  }
}
