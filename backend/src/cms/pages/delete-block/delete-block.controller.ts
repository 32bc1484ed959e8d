import { Controller, Delete, Param, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { WebRequest } from '../../../http/request-facts.js';
import type { ContentBlock } from '@team/contracts';
import { AdminKeyGuard } from '../../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../../admin-access/admin-role.js';
import { idParam } from '../../../shared/route-params.js';
import { AuditContextFactory } from '../../../http/audit-context.js';
import { Written } from '../../../projector/written.js';
import { DeleteBlockCommand } from './delete-block.command.js';

/** DELETE /api/blocks/{id}: answers the block as it was (the event keeps it for a restore). */
@Controller('api/blocks')
export class DeleteBlockController {
  constructor(
    private readonly commands: CommandBus,
    private readonly audit: AuditContextFactory,
  ) {}

  @Delete(':id')
  @UseGuards(AdminKeyGuard)
  @RequiresRole('editor')
  async delete(@Param('id') rawId: string, @Req() request: WebRequest): Promise<Written<ContentBlock>> {
    const { block, position } = await this.commands.execute(
      new DeleteBlockCommand(idParam(rawId, 'block'), this.audit.contextFor(request, 'admin')),
    );
    return new Written(position, block);
  }
}
