import { Body, Controller, Param, Patch, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { UploadedMedia } from '@team/contracts';
import { AdminKeyGuard } from '../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../admin-access/admin-role.js';
import { AuditContextFactory } from '../../http/audit-context.js';
import type { WebRequest } from '../../http/request-facts.js';
import { NotFoundError } from '../../shared/domain-errors.js';
import { Written } from '../../projector/written.js';
import { MEDIA_ID, MEDIA_NOT_FOUND } from '../media.decider.js';
import { ChangeMediaAltCommand } from './change-media-alt.command.js';

/** PATCH /api/admin/media/{id} with `{ alt }`: answers the image as stored, with its new alt text. */
@Controller('api/admin/media')
export class ChangeMediaAltController {
  constructor(
    private readonly commands: CommandBus,
    private readonly audit: AuditContextFactory,
  ) {}

  @Patch(':id')
  @UseGuards(AdminKeyGuard)
  @RequiresRole('editor')
  async change(@Param('id') id: string, @Body() body: unknown, @Req() request: WebRequest): Promise<Written<UploadedMedia>> {
    if (!MEDIA_ID.test(id)) throw new NotFoundError(MEDIA_NOT_FOUND);
    const { media, position } = await this.commands.execute(new ChangeMediaAltCommand(id, body, this.audit.contextFor(request, 'admin')));
    return new Written(position, media);
  }
}
