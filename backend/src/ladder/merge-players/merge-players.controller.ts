import { Body, Controller, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type { Knex } from 'knex';
import type { Player } from '@team/contracts';
import { findPlayer } from '@team/projections';
import { AdminKeyGuard } from '../../admin-access/admin-key.guard.js';
import type { AppConfig } from '../../config.js';
import { AuditContextFactory } from '../../http/audit-context.js';
import { APP_CONFIG, KNEX } from '../../infrastructure/tokens.js';
import { ProjectionWaiter } from '../../projector/projection-waiter.js';
import { InvalidInputError, ServiceUnavailableError } from '../../shared/domain-errors.js';
import { Written } from '../../shared/written.js';
import { MergePlayersCommand } from './merge-players.command.js';

function playerId(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** POST /api/players/merge (admin): answers the merged primary player. */
@Controller('api/players/merge')
@UseGuards(AdminKeyGuard)
export class MergePlayersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly audit: AuditContextFactory,
    private readonly waiter: ProjectionWaiter,
    @Inject(KNEX) private readonly knex: Knex,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @HttpCode(200)
  async merge(@Body() body: unknown, @Req() request: Request): Promise<Written<Player>> {
    const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const primaryId = playerId(fields.primaryId);
    const duplicateId = playerId(fields.duplicateId);
    if (primaryId === null || duplicateId === null) {
      throw new InvalidInputError('primaryId and duplicateId must both be player ids (positive whole numbers).', [
        ...(primaryId === null ? ['primaryId: expected a positive whole number.'] : []),
        ...(duplicateId === null ? ['duplicateId: expected a positive whole number.'] : []),
      ]);
    }
    const { position } = await this.commands.execute(
      new MergePlayersCommand(primaryId, duplicateId, this.audit.contextFor(request, 'admin')),
    );
    // The answer is the merged player as the read side shows it, so wait for it to be there.
    if (!(await this.waiter.waitFor(position, this.config.readYourWritesTimeoutMs))) {
      throw new ServiceUnavailableError('The players were merged, but the pages have not caught up yet. Refresh in a moment.');
    }
    const merged = await findPlayer(this.knex, primaryId);
    const { mergedInto: _mergedInto, ...player } = merged!;
    return new Written(position, player);
  }
}
