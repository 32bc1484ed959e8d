import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { PageWithBlocks } from '@team/contracts';
import { GetPageQuery } from './get-page.query.js';

/** GET /api/pages/{slug}: the page with its blocks in display order, or 404 `{ error: 'Page not found' }` (public). */
@Controller('api/pages')
export class GetPageController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':slug')
  get(@Param('slug') slug: string): Promise<PageWithBlocks> {
    return this.queries.execute(new GetPageQuery(slug));
  }
}
