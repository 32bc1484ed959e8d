import { Body, Controller, HttpCode, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { WebRequest } from '../../../http/request-facts.js';
import type { ContentBlock } from '@team/contracts';
import { AdminKeyGuard } from '../../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../../admin-access/admin-role.js';
import { idParam } from '../../../shared/route-params.js';
import { AuditContextFactory } from '../../../http/audit-context.js';
import { Written } from '../../../projector/written.js';
import { SaveBlockCommand } from './save-block.command.js';

/** POST /api/blocks (the block plus pageId) and PUT /api/blocks/{id} (the whole block); both answer the stored block. */
@Controller('api/blocks')
export class SaveBlockController {
  constructor(
    private readonly commands: CommandBus,
    private readonly audit: AuditContextFactory,
  ) {}

  @Post()
  @HttpCode(201)
  @UseGuards(AdminKeyGuard)
  @RequiresRole('editor')
  async create(@Body() body: unknown, @Req() request: WebRequest): Promise<Written<ContentBlock>> {
    const { block, position } = await this.commands.execute(
      new SaveBlockCommand(null, body, this.audit.contextFor(request, 'admin')),
    );
    return new Written(position, block);
  }

  @Put(':id')
  @UseGuards(AdminKeyGuard)
  @RequiresRole('editor')
  async update(@Param('id') rawId: string, @Body() body: unknown, @Req() request: WebRequest): Promise<Written<ContentBlock>> {
    const { block, position } = await this.commands.execute(
      new SaveBlockCommand(idParam(rawId, 'block'), body, this.audit.contextFor(request, 'admin')),
    );
    return new Written(position, block);
  }
}
