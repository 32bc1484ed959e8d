import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import type { GlobalStats } from '@team/contracts';
import { globalStats } from '@team/projections';
import { READ_KNEX } from '../../infrastructure/tokens.js';

export class GetGlobalStatsQuery extends Query<GlobalStats> {}

@QueryHandler(GetGlobalStatsQuery)
export class GetGlobalStatsHandler implements IQueryHandler<GetGlobalStatsQuery> {
  constructor(@Inject(READ_KNEX) private readonly knex: Knex) {}

  execute(): Promise<GlobalStats> {
    return globalStats(this.knex);
  }
}
