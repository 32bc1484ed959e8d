import { Body, Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { WebRequest } from '../../../http/request-facts.js';
import type { PageWithBlocks } from '@team/contracts';
import { AdminKeyGuard } from '../../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../../admin-access/admin-role.js';
import { idParam } from '../../../shared/route-params.js';
import { AuditContextFactory } from '../../../http/audit-context.js';
import { Written } from '../../../projector/written.js';
import { RestorePageCommand } from './restore-page.command.js';

/**
 * POST /api/admin/pages/{id}/restore { version }: makes the page's blocks equal that version's
 * again (a deleted page comes back) by appending new events; answers the page with its
 * blocks (200, also when nothing had to change).
 */
@Controller('api/admin/pages')
export class RestorePageController {
  constructor(
    private readonly commands: CommandBus,
    private readonly audit: AuditContextFactory,
  ) {}

  @Post(':id/restore')
  @HttpCode(200)
  @UseGuards(AdminKeyGuard)
  @RequiresRole('editor')
  async restore(@Param('id') rawId: string, @Body() body: unknown, @Req() request: WebRequest): Promise<Written<PageWithBlocks>> {
    const { page, position } = await this.commands.execute(
      new RestorePageCommand(idParam(rawId, 'page'), body, this.audit.contextFor(request, 'admin')),
    );
    return new Written(position, page);
  }
}
