import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import type { MatchPage } from '@team/contracts';
import { matchPage } from '@team/projections';
import { READ_KNEX } from '../../infrastructure/tokens.js';
import { NotFoundError } from '../../shared/domain-errors.js';

/** One match's page from the matches read model (a voided match included, marked). */
export class GetMatchQuery extends Query<MatchPage> {
  constructor(readonly matchId: number) {
    super();
  }
}

@QueryHandler(GetMatchQuery)
export class GetMatchHandler implements IQueryHandler<GetMatchQuery> {
  constructor(@Inject(READ_KNEX) private readonly knex: Knex) {}

  async execute({ matchId }: GetMatchQuery): Promise<MatchPage> {
    const page = await matchPage(this.knex, matchId);
    if (!page) throw new NotFoundError(`Match ${matchId} not found.`);
    return page;
  }
}
