import { Body, Controller, HttpCode, Inject, Param, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import type { SeasonWriteResponse } from '@team/contracts';
import { AdminKeyGuard } from '../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../admin-access/admin-role.js';
import { AuditContextFactory } from '../../http/audit-context.js';
import type { WebRequest } from '../../http/request-facts.js';
import { READ_KNEX } from '../../infrastructure/tokens.js';
import { wholeIdParam } from '../../shared/route-params.js';
import { Written } from '../../projector/written.js';
import { fieldsOf, seasonAnswer } from '../start-season/season-answer.js';
import { RenameSeasonCommand } from './rename-season.command.js';

/** PUT /api/admin/seasons/{id} { name } renames a season, and answers it as GET /api/seasons lists it. */
@Controller('api/admin/seasons')
@UseGuards(AdminKeyGuard)
@RequiresRole('moderator')
export class RenameSeasonController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_KNEX) private readonly readKnex: Knex,
    private readonly audit: AuditContextFactory,
  ) {}

  @Put(':id')
  @HttpCode(200)
  async rename(@Param('id') id: string, @Body() body: unknown, @Req() request: WebRequest): Promise<Written<SeasonWriteResponse>> {
    const written = await this.commands.execute(
      new RenameSeasonCommand(wholeIdParam(id, 'season'), fieldsOf(body).name, this.audit.contextFor(request, 'admin')),
    );
    return seasonAnswer(this.readKnex, written);
  }
}
