import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import type { Page } from '@team/contracts';
import { getPages } from '@team/projections';
import { READ_KNEX } from '../../../infrastructure/tokens.js';

export class GetPagesQuery extends Query<Page[]> {}

@QueryHandler(GetPagesQuery)
export class GetPagesHandler implements IQueryHandler<GetPagesQuery> {
  constructor(@Inject(READ_KNEX) private readonly knex: Knex) {}

  execute(): Promise<Page[]> {
    return getPages(this.knex);
  }
}
