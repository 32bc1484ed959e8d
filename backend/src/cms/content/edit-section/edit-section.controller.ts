import { Body, Controller, Param, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { WebRequest } from '../../../http/request-facts.js';
import type { ContentSection } from '@team/contracts';
import { AdminKeyGuard } from '../../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../../admin-access/admin-role.js';
import { AuditContextFactory } from '../../../http/audit-context.js';
import { Written } from '../../../projector/written.js';
import { idParam } from '../../../shared/route-params.js';
import { EditSectionCommand } from './edit-section.command.js';

/** PUT /api/content/{id}: replace a section's title, content and image; answers the stored section. */
@Controller('api/content')
export class EditSectionController {
  constructor(
    private readonly commands: CommandBus,
    private readonly audit: AuditContextFactory,
  ) {}

  @Put(':id')
  @UseGuards(AdminKeyGuard)
  @RequiresRole('editor')
  async edit(@Param('id') rawId: string, @Body() body: unknown, @Req() request: WebRequest): Promise<Written<ContentSection>> {
    const { section, position } = await this.commands.execute(
      new EditSectionCommand(idParam(rawId, 'section'), body, this.audit.contextFor(request, 'admin')),
    );
    return new Written(position, section);
  }
}
