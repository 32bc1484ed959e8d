import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { WebRequest } from '../../../http/request-facts.js';
import type { Page } from '@team/contracts';
import { AdminKeyGuard } from '../../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../../admin-access/admin-role.js';
import { AuditContextFactory } from '../../../http/audit-context.js';
import { Written } from '../../../projector/written.js';
import { CreatePageCommand } from './create-page.command.js';

/** POST /api/pages: a new, empty page at /{slug}; answers the created Page. */
@Controller('api/pages')
export class CreatePageController {
  constructor(
    private readonly commands: CommandBus,
    private readonly audit: AuditContextFactory,
  ) {}

  @Post()
  @HttpCode(201)
  @UseGuards(AdminKeyGuard)
  @RequiresRole('editor')
  async create(@Body() body: unknown, @Req() request: WebRequest): Promise<Written<Page>> {
    const { page, position } = await this.commands.execute(new CreatePageCommand(body, this.audit.contextFor(request, 'admin')));
    return new Written(position, page);
  }
}
