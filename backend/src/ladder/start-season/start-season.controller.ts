import { Body, Controller, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { WebRequest } from '../../http/request-facts.js';
import type { Knex } from 'knex';
import type { SeasonWriteResponse } from '@team/contracts';
import { AdminKeyGuard } from '../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../admin-access/admin-role.js';
import { AuditContextFactory } from '../../http/audit-context.js';
import { READ_KNEX } from '../../infrastructure/tokens.js';
import { Written } from '../../projector/written.js';
import { fieldsOf, seasonAnswer } from './season-answer.js';
import { StartSeasonCommand } from './start-season.command.js';

/**
 * POST /api/admin/seasons { name, softResetPercent? } starts a season now, and answers it as
 * GET /api/seasons lists it once the read tables hold the event.
 */
@Controller('api/admin/seasons')
@UseGuards(AdminKeyGuard)
@RequiresRole('moderator')
export class StartSeasonController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_KNEX) private readonly readKnex: Knex,
    private readonly audit: AuditContextFactory,
  ) {}

  @Post()
  @HttpCode(201)
  async start(@Body() body: unknown, @Req() request: WebRequest): Promise<Written<SeasonWriteResponse>> {
    const { name, softResetPercent } = fieldsOf(body);
    const written = await this.commands.execute(new StartSeasonCommand(name, softResetPercent, this.audit.contextFor(request, 'admin')));
    return seasonAnswer(this.readKnex, written);
  }
}
