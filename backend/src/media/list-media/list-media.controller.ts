import { Controller, Get, Query as QueryParams, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { checkWith, MediaListQuerySchema, type MediaPage } from '@team/contracts';
import { AdminKeyGuard } from '../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../admin-access/admin-role.js';
import { InvalidInputError } from '../../shared/domain-errors.js';
import { ListMediaQuery } from './list-media.query.js';

/** GET /api/admin/media[?page=]: the library, newest first, each image with the places that show it. */
@Controller('api/admin/media')
export class ListMediaController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @UseGuards(AdminKeyGuard)
  @RequiresRole('editor')
  list(@QueryParams() query: unknown): Promise<MediaPage> {
    const checked = checkWith(MediaListQuerySchema, query);
    if (!checked.ok) throw new InvalidInputError(`The page is not valid: ${checked.problems.join(' ')}`, checked.problems);
    return this.queries.execute(new ListMediaQuery(checked.value.page));
  }
}
