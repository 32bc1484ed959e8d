import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { WebRequest } from '../../../http/request-facts.js';
import type { ContentSection } from '@team/contracts';
import { AdminKeyGuard } from '../../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../../admin-access/admin-role.js';
import { AuditContextFactory } from '../../../http/audit-context.js';
import { Written } from '../../../projector/written.js';
import { CreateSectionCommand } from './create-section.command.js';

/** POST /api/content: add a section at the end of its page; answers the stored (sanitised) section. */
@Controller('api/content')
export class CreateSectionController {
  constructor(
    private readonly commands: CommandBus,
    private readonly audit: AuditContextFactory,
  ) {}

  @Post()
  @HttpCode(201)
  @UseGuards(AdminKeyGuard)
  @RequiresRole('editor')
  async create(@Body() body: unknown, @Req() request: WebRequest): Promise<Written<ContentSection>> {
    const { section, position } = await this.commands.execute(
      new CreateSectionCommand(body, this.audit.contextFor(request, 'admin')),
    );
    return new Written(position, section);
  }
}
