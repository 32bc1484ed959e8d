import { Body, Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiOperation, ApiParam, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { WebRequest } from '../../http/request-facts.js';
import { SET_ASIDE_REASON_MAX, type SetAsideEventResponse } from '@team/contracts';
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
@ApiTags('admin: operations')
@ApiSecurity('admin-key')
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
  @ApiOperation({
    summary: 'Set aside an event the projector cannot apply',
    description:
      'Appends ProjectionEventSetAside to the `operations` stream. The projector and every later rebuild skip the event. ' +
      'Only an event the projector has not applied yet can be set aside.',
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['position', 'reason'],
      properties: {
        position: { type: 'integer', minimum: 1, description: 'Global log position of the event' },
        reason: { type: 'string', minLength: 1, maxLength: SET_ASIDE_REASON_MAX },
      },
    },
  })
  @ApiResponse({ status: 200, description: 'Set aside; answers the list of events set aside' })
  @ApiResponse({ status: 400, description: 'No reason, a reason too long, a bad position, or an operations event' })
  @ApiResponse({ status: 401, description: 'Missing or wrong admin key' })
  @ApiResponse({ status: 404, description: 'No event at that position' })
  @ApiResponse({ status: 409, description: 'Already set aside, or already applied to the read tables' })
  async setAside(@Body() body: unknown, @Req() request: WebRequest): Promise<SetAsideEventResponse> {
    const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const position = validPosition(fields.position);
    const reason = validReason(fields.reason);
    return this.commands.execute(new SetAsideEventCommand(position, reason, this.audit.contextFor(request, 'admin')));
  }

  @Post(':position/undo')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Undo a set-aside',
    description:
      'Appends ProjectionEventSetAsideUndone. Later rebuilds apply the event again; the live read tables, which ' +
      'skipped it already, are not changed until a rebuild.',
  })
  @ApiParam({ name: 'position', type: 'integer' })
  @ApiResponse({ status: 200, description: 'Undone; answers the list of events still set aside' })
  @ApiResponse({ status: 401, description: 'Missing or wrong admin key' })
  @ApiResponse({ status: 404, description: 'The event at that position is not set aside' })
  async undo(@Param('position') position: string, @Req() request: WebRequest): Promise<SetAsideEventResponse> {
    return this.commands.execute(new UndoSetAsideEventCommand(validPosition(position), this.audit.contextFor(request, 'admin')));
  }
}
