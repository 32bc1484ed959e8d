import { Body, Controller, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { WebRequest } from '../../http/request-facts.js';
import type { Knex } from 'knex';
import { checkMergePlayers, MERGE_PLAYERS_NOT_VALID, type Player } from '@team/contracts';
import { findPlayer } from '@team/projections';
import { AdminKeyGuard } from '../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../admin-access/admin-role.js';
import { AuditContextFactory } from '../../http/audit-context.js';
import { READ_KNEX } from '../../infrastructure/tokens.js';
import { InvalidInputError } from '../../shared/domain-errors.js';
import { Written } from '../../projector/written.js';
import { MergePlayersCommand } from './merge-players.command.js';

/** POST /api/players/merge (admin): answers the merged primary player. */
@Controller('api/players/merge')
@UseGuards(AdminKeyGuard)
@RequiresRole('moderator')
export class MergePlayersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly audit: AuditContextFactory,
    @Inject(READ_KNEX) private readonly knex: Knex,
  ) {}

  @Post()
  @HttpCode(200)
  async merge(@Body() body: unknown, @Req() request: WebRequest): Promise<Written<Player>> {
    const checked = checkMergePlayers(body);
    if (!checked.ok) throw new InvalidInputError(MERGE_PLAYERS_NOT_VALID, checked.errors);
    const { primaryId, duplicateId } = checked.value;
    const { position } = await this.commands.execute(
      new MergePlayersCommand(primaryId, duplicateId, this.audit.contextFor(request, 'admin')),
    );
    // The answer is the merged player as the read side shows it, read once the interceptor has waited for it.
    return Written.readAfter(position, async () => {
      const { mergedInto: _mergedInto, ...player } = (await findPlayer(this.knex, primaryId))!;
      return player;
    });
  }
}
