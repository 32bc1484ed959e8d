import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { MEDIA_PAGE_SIZE, type MediaPage } from '@team/contracts';
import { mediaPage } from '@team/projections';
import { READ_KNEX } from '../../infrastructure/tokens.js';
import { itemView } from '../media-views.js';
import { mediaUsage } from './media-usage.js';

export class ListMediaQuery extends Query<MediaPage> {
  constructor(readonly page: number) {
    super();
  }
}

@QueryHandler(ListMediaQuery)
export class ListMediaHandler implements IQueryHandler<ListMediaQuery> {
  constructor(@Inject(READ_KNEX) private readonly knex: Knex) {}

  async execute({ page }: ListMediaQuery): Promise<MediaPage> {
    const { rows, total } = await mediaPage(this.knex, page, MEDIA_PAGE_SIZE);
    const usage = await mediaUsage(this.knex, [...new Set(rows.map((row) => row.hash))]);
    return { items: rows.map((row) => itemView(row, usage.get(row.hash) ?? [])), total, page, pageSize: MEDIA_PAGE_SIZE };
  }
}
