import { Body, Controller, HttpCode, Inject, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiOperation, ApiParam, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { WebRequest } from '../../http/request-facts.js';
import type { Knex } from 'knex';
import { MAX_SEASON_NAME_LENGTH, type SeasonWriteResponse } from '@team/contracts';
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
@ApiTags('admin: seasons')
@ApiSecurity('admin-key')
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
  @ApiOperation({
    summary: 'Start a new season now',
    description:
      'Appends SeasonStarted to the ladder stream: the current season ends at this point of the log (matches recorded ' +
      'after it belong to the new season) and its final standings are frozen. With softResetPercent, every rating ' +
      '(overall and each mode) moves toward 1000: after = round(before + (1000 − before) × percent / 100). Before any ' +
      'match, it names the first season instead.',
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: MAX_SEASON_NAME_LENGTH },
        softResetPercent: { type: 'integer', minimum: 0, maximum: 100, default: 0 },
      },
    },
  })
  @ApiResponse({ status: 201, description: '{ season, position, ratingsMoved }' })
  @ApiResponse({ status: 400, description: 'Blank or too long name (format characters alone count as blank), control characters, or a percentage outside 0–100' })
  @ApiResponse({ status: 401, description: 'Missing or wrong admin key' })
  @ApiResponse({ status: 409, description: 'The current season has no match yet (rename it instead), or another season has the name (ignoring case)' })
  async start(@Body() body: unknown, @Req() request: WebRequest): Promise<Written<SeasonWriteResponse>> {
    const { name, softResetPercent } = fieldsOf(body);
    const written = await this.commands.execute(new StartSeasonCommand(name, softResetPercent, this.audit.contextFor(request, 'admin')));
    return this.answer(written);
  }

  @Put(':id')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Rename a season',
    description: "Appends SeasonRenamed to the ladder stream; the season's own name again appends nothing (200 with the season).",
  })
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiBody({ schema: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: MAX_SEASON_NAME_LENGTH } } } })
  @ApiResponse({ status: 200, description: '{ season, position, ratingsMoved: 0 }' })
  @ApiResponse({ status: 400, description: 'Blank or too long name (format characters alone count as blank), control characters, or an id that is not a whole number' })
  @ApiResponse({ status: 401, description: 'Missing or wrong admin key' })
  @ApiResponse({ status: 404, description: 'No such season' })
  @ApiResponse({ status: 409, description: 'Another season has the name (ignoring case)' })
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
