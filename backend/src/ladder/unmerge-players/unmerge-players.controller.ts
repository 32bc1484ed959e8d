import { Body, Controller, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { WebRequest } from '../../http/request-facts.js';
import type { Knex } from 'knex';
import { checkMergePlayers, MERGE_PLAYERS_NOT_VALID, type Player, type RevertMergeResponse } from '@team/contracts';
import { findPlayer } from '@team/projections';
import { AdminKeyGuard } from '../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../admin-access/admin-role.js';
import { AuditContextFactory } from '../../http/audit-context.js';
import { READ_KNEX } from '../../infrastructure/tokens.js';
import { InvalidInputError } from '../../shared/domain-errors.js';
import { Written } from '../../projector/written.js';
import { UnmergePlayersCommand } from './unmerge-players.command.js';

/** POST /api/admin/merges/revert { primaryId, duplicateId } (admin): answers both players. */
@Controller('api/admin/merges/revert')
@UseGuards(AdminKeyGuard)
@RequiresRole('moderator')
export class UnmergePlayersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly audit: AuditContextFactory,
    @Inject(READ_KNEX) private readonly knex: Knex,
  ) {}

  @Post()
  @HttpCode(200)
  async revert(@Body() body: unknown, @Req() request: WebRequest): Promise<Written<RevertMergeResponse>> {
    const checked = checkMergePlayers(body);
    if (!checked.ok) throw new InvalidInputError(MERGE_PLAYERS_NOT_VALID, checked.errors);
    const { primaryId, duplicateId } = checked.value;
    const { position } = await this.commands.execute(
      new UnmergePlayersCommand(primaryId, duplicateId, this.audit.contextFor(request, 'admin')),
    );
    // The answer is both accounts as the read side shows them, read once the interceptor has waited for it.
    return Written.readAfter(position, async () => {
      const [primary, duplicate] = await Promise.all([findPlayer(this.knex, primaryId), findPlayer(this.knex, duplicateId)]);
      const plain = ({ mergedInto: _mergedInto, ...player }: Player & { mergedInto: number | null }): Player => player;
      return { primary: plain(primary!), duplicate: plain(duplicate!) };
    });
  }
}
