import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import type { DuplicateGroup } from '@team/contracts';
import { duplicateGroups } from '@team/projections';
import { READ_KNEX } from '../../../infrastructure/tokens.js';

export class GetDuplicatesQuery extends Query<DuplicateGroup[]> {}

@QueryHandler(GetDuplicatesQuery)
export class GetDuplicatesHandler implements IQueryHandler<GetDuplicatesQuery> {
  constructor(@Inject(READ_KNEX) private readonly knex: Knex) {}

  execute(): Promise<DuplicateGroup[]> {
    return duplicateGroups(this.knex);
  }
}
