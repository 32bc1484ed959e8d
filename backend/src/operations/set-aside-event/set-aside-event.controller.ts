import { Body, Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { WebRequest } from '../../http/request-facts.js';
import type { SetAsideEventResponse } from '@team/contracts';
import { AdminKeyGuard } from '../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../admin-access/admin-role.js';
import { AuditContextFactory } from '../../http/audit-context.js';
import { SetAsideEventCommand, UndoSetAsideEventCommand } from './set-aside-event.command.js';
import { validPosition, validReason } from './set-aside-event.decide.js';

/**
 * Setting aside a poison event (admin). The answer does not wait for the read tables
 * (read-your-writes): a second poison event further on would hold it back, and the
 * decision is visible at once in the log and on the Operations screen.
 */
@Controller('api/admin/projections/set-aside')
@UseGuards(AdminKeyGuard)
@RequiresRole('owner')
export class SetAsideEventController {
  constructor(
    private readonly commands: CommandBus,
    private readonly audit: AuditContextFactory,
  ) {}

  @Post()
  @HttpCode(200)
  async setAside(@Body() body: unknown, @Req() request: WebRequest): Promise<SetAsideEventResponse> {
    const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const position = validPosition(fields.position);
    const reason = validReason(fields.reason);
    return this.commands.execute(new SetAsideEventCommand(position, reason, this.audit.contextFor(request, 'admin')));
  }

  @Post(':position/undo')
  @HttpCode(200)
  async undo(@Param('position') position: string, @Req() request: WebRequest): Promise<SetAsideEventResponse> {
    return this.commands.execute(new UndoSetAsideEventCommand(validPosition(position), this.audit.contextFor(request, 'admin')));
  }
}
