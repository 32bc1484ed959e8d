import { Controller, Get, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { DuplicateGroup } from '@team/contracts';
import { AdminKeyGuard } from '../../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../../admin-access/admin-role.js';
import { GetDuplicatesQuery } from './get-duplicates.query.js';

/** GET /api/players/duplicates (admin): groups of players whose usernames match ignoring case and spaces. */
@Controller('api/players/duplicates')
@UseGuards(AdminKeyGuard)
@RequiresRole('moderator')
export class GetDuplicatesController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  duplicates(): Promise<DuplicateGroup[]> {
    return this.queries.execute(new GetDuplicatesQuery());
  }
}
