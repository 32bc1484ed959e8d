import { Body, Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { WebRequest } from '../../../http/request-facts.js';
import type { ContentSection } from '@team/contracts';
import { AdminKeyGuard } from '../../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../../admin-access/admin-role.js';
import { AuditContextFactory } from '../../../http/audit-context.js';
import { Written } from '../../../projector/written.js';
import { contentPageParam } from '../get-content/get-content.query.js';
import { ReorderSectionsCommand } from './reorder-sections.command.js';

/** POST /api/content/{page}/reorder: `orderedIds` must be exactly the page's section ids; answers them in the new order. */
@Controller('api/content')
export class ReorderSectionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly audit: AuditContextFactory,
  ) {}

  @Post(':page/reorder')
  @HttpCode(200)
  @UseGuards(AdminKeyGuard)
  @RequiresRole('editor')
  async reorder(@Param('page') page: string, @Body() body: unknown, @Req() request: WebRequest): Promise<Written<ContentSection[]>> {
    const { sections, position } = await this.commands.execute(
      new ReorderSectionsCommand(contentPageParam(page), body, this.audit.contextFor(request, 'admin')),
    );
    return new Written(position, sections);
  }
}
