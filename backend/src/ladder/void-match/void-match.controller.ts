import { Body, Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { WebRequest } from '../../http/request-facts.js';
import type { VoidMatchResponse } from '@team/contracts';
import { AdminKeyGuard } from '../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../admin-access/admin-role.js';
import { AuditContextFactory } from '../../http/audit-context.js';
import { wholeIdParam } from '../../shared/route-params.js';
import { Written } from '../../projector/written.js';
import { VoidMatchCommand } from './void-match.command.js';

/** POST /api/admin/matches/{id}/void { reason } (admin): answers what the void gave back. */
@Controller('api/admin/matches/:id/void')
@UseGuards(AdminKeyGuard)
@RequiresRole('moderator')
export class VoidMatchController {
  constructor(
    private readonly commands: CommandBus,
    private readonly audit: AuditContextFactory,
  ) {}

  @Post()
  @HttpCode(200)
  async void(@Param('id') id: string, @Body() body: unknown, @Req() request: WebRequest): Promise<Written<VoidMatchResponse>> {
    const matchId = wholeIdParam(id, 'match');
    const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    // Not a string counts as no reason: the decider gives the one message for both.
    const reason = typeof fields.reason === 'string' ? fields.reason : '';
    const answer = await this.commands.execute(new VoidMatchCommand(matchId, reason, this.audit.contextFor(request, 'admin')));
    return new Written(answer.position, answer);
  }
}
