import { Controller, Delete, Param, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { WebRequest } from '../../../http/request-facts.js';
import type { ContentSection } from '@team/contracts';
import { AdminKeyGuard } from '../../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../../admin-access/admin-role.js';
import { AuditContextFactory } from '../../../http/audit-context.js';
import { Written } from '../../../projector/written.js';
import { idParam } from '../../../shared/route-params.js';
import { DeleteSectionCommand } from './delete-section.command.js';

/** DELETE /api/content/{id}: answers the section as it was (the event keeps it for a restore). */
@Controller('api/content')
export class DeleteSectionController {
  constructor(
    private readonly commands: CommandBus,
    private readonly audit: AuditContextFactory,
  ) {}

  @Delete(':id')
  @UseGuards(AdminKeyGuard)
  @RequiresRole('editor')
  async delete(@Param('id') rawId: string, @Req() request: WebRequest): Promise<Written<ContentSection>> {
    const { section, position } = await this.commands.execute(
      new DeleteSectionCommand(idParam(rawId, 'section'), this.audit.contextFor(request, 'admin')),
    );
    return new Written(position, section);
  }
}
