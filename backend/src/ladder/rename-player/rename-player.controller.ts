import { Body, Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { WebRequest } from '../../http/request-facts.js';
import type { RenamePlayerResponse } from '@team/contracts';
import { AdminKeyGuard } from '../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../admin-access/admin-role.js';
import { AuditContextFactory } from '../../http/audit-context.js';
import { wholeIdParam } from '../../shared/route-params.js';
import { Written } from '../../projector/written.js';
import { RenamePlayerCommand } from './rename-player.command.js';

/** POST /api/admin/players/{id}/rename { username } (admin): answers the new and the previous name. */
@Controller('api/admin/players/:id/rename')
@UseGuards(AdminKeyGuard)
@RequiresRole('moderator')
export class RenamePlayerController {
  constructor(
    private readonly commands: CommandBus,
    private readonly audit: AuditContextFactory,
  ) {}

  @Post()
  @HttpCode(200)
  async rename(@Param('id') id: string, @Body() body: unknown, @Req() request: WebRequest): Promise<Written<RenamePlayerResponse>> {
    const playerId = wholeIdParam(id, 'player');
    const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const answer = await this.commands.execute(new RenamePlayerCommand(playerId, fields.username, this.audit.contextFor(request, 'admin')));
    return new Written(answer.position, answer);
  }
}
