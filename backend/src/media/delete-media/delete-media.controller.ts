import { Controller, Delete, HttpCode, Param, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AdminKeyGuard } from '../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../admin-access/admin-role.js';
import { AuditContextFactory } from '../../http/audit-context.js';
import type { WebRequest } from '../../http/request-facts.js';
import { NotFoundError } from '../../shared/domain-errors.js';
import { Written } from '../../projector/written.js';
import { MEDIA_ID, MEDIA_NOT_FOUND } from '../media.decider.js';
import { DeleteMediaCommand } from './delete-media.command.js';

/** DELETE /api/admin/media/{id}: 204 once the image is gone from the library and no longer served. */
@Controller('api/admin/media')
export class DeleteMediaController {
  constructor(
    private readonly commands: CommandBus,
    private readonly audit: AuditContextFactory,
  ) {}

  @Delete(':id')
  @HttpCode(204)
  @UseGuards(AdminKeyGuard)
  @RequiresRole('editor')
  async delete(@Param('id') id: string, @Req() request: WebRequest): Promise<Written<void>> {
    if (!MEDIA_ID.test(id)) throw new NotFoundError(MEDIA_NOT_FOUND);
    const { position } = await this.commands.execute(new DeleteMediaCommand(id, this.audit.contextFor(request, 'admin')));
    return new Written(position, undefined);
  }
}
