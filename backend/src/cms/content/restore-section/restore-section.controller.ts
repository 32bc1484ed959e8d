import { Body, Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { WebRequest } from '../../../http/request-facts.js';
import type { ContentSection } from '@team/contracts';
import { AdminKeyGuard } from '../../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../../admin-access/admin-role.js';
import { AuditContextFactory } from '../../../http/audit-context.js';
import { Written } from '../../../projector/written.js';
import { idParam } from '../../../shared/route-params.js';
import { RestoreSectionCommand } from './restore-section.command.js';

/**
 * POST /api/admin/content/{id}/restore { version }: makes the section equal that version
 * again by appending a new event; answers the section (200, also when nothing had to change).
 */
@Controller('api/admin/content')
export class RestoreSectionController {
  constructor(
    private readonly commands: CommandBus,
    private readonly audit: AuditContextFactory,
  ) {}

  @Post(':id/restore')
  @HttpCode(200)
  @UseGuards(AdminKeyGuard)
  @RequiresRole('editor')
  async restore(@Param('id') rawId: string, @Body() body: unknown, @Req() request: WebRequest): Promise<Written<ContentSection>> {
    const { section, position } = await this.commands.execute(
      new RestoreSectionCommand(idParam(rawId, 'section'), body, this.audit.contextFor(request, 'admin')),
    );
    return new Written(position, section);
  }
}
