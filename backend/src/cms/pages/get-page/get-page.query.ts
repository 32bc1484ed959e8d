import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import type { PageWithBlocks } from '@team/contracts';
import { getPageWithBlocks } from '@team/projections';
import { READ_KNEX } from '../../../infrastructure/tokens.js';
import { NotFoundError } from '../../../shared/domain-errors.js';
import { PAGE_NOT_FOUND } from '../page.decider.js';

export class GetPageQuery extends Query<PageWithBlocks> {
  constructor(readonly slug: string) {
    super();
  }
}

@QueryHandler(GetPageQuery)
export class GetPageHandler implements IQueryHandler<GetPageQuery> {
  constructor(@Inject(READ_KNEX) private readonly knex: Knex) {}

  async execute({ slug }: GetPageQuery): Promise<PageWithBlocks> {
    const page = await getPageWithBlocks(this.knex, slug);
    if (!page) throw new NotFoundError(PAGE_NOT_FOUND);
    return page;
  }
}
