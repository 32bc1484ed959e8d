import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { ContentSection } from '@team/contracts';
import { contentPageParam, GetContentQuery } from './get-content.query.js';

/** GET /api/content/{page}: the page's sections in display order (public). */
@Controller('api/content')
export class GetContentController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':page')
  get(@Param('page') page: string): Promise<ContentSection[]> {
    return this.queries.execute(new GetContentQuery(contentPageParam(page)));
  }
}
