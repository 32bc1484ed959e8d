import { Controller, Delete, Param, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { WebRequest } from '../../../http/request-facts.js';
import type { Page } from '@team/contracts';
import { AdminKeyGuard } from '../../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../../admin-access/admin-role.js';
import { idParam } from '../../../shared/route-params.js';
import { AuditContextFactory } from '../../../http/audit-context.js';
import { Written } from '../../../projector/written.js';
import { DeletePageCommand } from './delete-page.command.js';

/** DELETE /api/pages/{id}: removes a created page and its blocks (system pages: 409); answers the page as it was. */
@Controller('api/pages')
export class DeletePageController {
  constructor(
    private readonly commands: CommandBus,
    private readonly audit: AuditContextFactory,
  ) {}

  @Delete(':id')
  @UseGuards(AdminKeyGuard)
  @RequiresRole('editor')
  async delete(@Param('id') rawId: string, @Req() request: WebRequest): Promise<Written<Page>> {
    const { page, position } = await this.commands.execute(
      new DeletePageCommand(idParam(rawId, 'page'), this.audit.contextFor(request, 'admin')),
    );
    return new Written(position, page);
  }
}
