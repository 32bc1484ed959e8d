import { Body, Controller, HttpCode, Inject, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { WebRequest } from '../../http/request-facts.js';
import type { Knex } from 'knex';
import type { SeasonWriteResponse } from '@team/contracts';
import { findSeason } from '@team/projections';
import { AdminKeyGuard } from '../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../admin-access/admin-role.js';
import { AuditContextFactory } from '../../http/audit-context.js';
import { READ_KNEX } from '../../infrastructure/tokens.js';
import { NotFoundError } from '../../shared/domain-errors.js';
import { wholeIdParam } from '../../shared/route-params.js';
import { Written } from '../../shared/written.js';
import { RenameSeasonCommand } from '../rename-season/rename-season.command.js';
import { StartSeasonCommand, type SeasonWritten } from './start-season.command.js';

const fieldsOf = (body: unknown): Record<string, unknown> => (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;

/**
 * POST /api/admin/seasons { name, softResetPercent? } starts a season now; PUT
 * /api/admin/seasons/{id} { name } renames one. Both answer the season as GET /api/seasons
 * lists it once the read tables hold the event.
 */
@Controller('api/admin/seasons')
@UseGuards(AdminKeyGuard)
@RequiresRole('moderator')
export class SeasonsAdminController {
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
    return this.answer(written);
  }

  @Put(':id')
  @HttpCode(200)
  async rename(@Param('id') id: string, @Body() body: unknown, @Req() request: WebRequest): Promise<Written<SeasonWriteResponse>> {
    const written = await this.commands.execute(
      new RenameSeasonCommand(wholeIdParam(id, 'season'), fieldsOf(body).name, this.audit.contextFor(request, 'admin')),
    );
    return this.answer(written);
  }

  private answer({ seasonId, position, ratingsMoved }: SeasonWritten): Written<SeasonWriteResponse> {
    return Written.readAfter(position, async () => {
      // The command found or made the season, and the read tables hold its event by now.
      const season = await findSeason(this.readKnex, seasonId);
      if (!season) throw new NotFoundError(`Season ${seasonId} not found.`);
      return { season, position, ratingsMoved };
    });
  }
}
