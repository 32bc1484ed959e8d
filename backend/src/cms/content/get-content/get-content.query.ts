import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { CONTENT_PAGES, isContentPage, type ContentPage, type ContentSection } from '@team/contracts';
import { getContentSections } from '@team/projections';
import { READ_KNEX } from '../../../infrastructure/tokens.js';
import { InvalidInputError } from '../../../shared/domain-errors.js';

/** A content page from the path: home, about or roster, else 400. */
export function contentPageParam(raw: string): ContentPage {
  if (!isContentPage(raw)) throw new InvalidInputError(`Unknown content page. Use one of ${CONTENT_PAGES.join(', ')}.`);
  return raw;
}

export class GetContentQuery extends Query<ContentSection[]> {
  constructor(readonly page: ContentPage) {
    super();
  }
}

@QueryHandler(GetContentQuery)
export class GetContentHandler implements IQueryHandler<GetContentQuery> {
  constructor(@Inject(READ_KNEX) private readonly knex: Knex) {}

  execute({ page }: GetContentQuery): Promise<ContentSection[]> {
    return getContentSections(this.knex, page);
  }
}
