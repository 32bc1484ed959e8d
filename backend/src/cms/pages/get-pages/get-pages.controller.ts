import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Page } from '@team/contracts';
import { GetPagesQuery } from './get-pages.query.js';

/** GET /api/pages: system pages first, then created pages (public). */
@Controller('api/pages')
export class GetPagesController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  list(): Promise<Page[]> {
    return this.queries.execute(new GetPagesQuery());
  }
}
