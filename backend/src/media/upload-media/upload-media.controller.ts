import { Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { UploadedMedia } from '@team/contracts';
import { AdminKeyGuard } from '../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../admin-access/admin-role.js';
import { AuditContextFactory } from '../../http/audit-context.js';
import type { WebRequest } from '../../http/request-facts.js';
import { InvalidInputError } from '../../shared/domain-errors.js';
import { Written } from '../../projector/written.js';
import { mediaUploadOf } from '../upload-body.js';
import { UploadMediaCommand } from './upload-media.command.js';

/** POST /api/admin/media: multipart/form-data with a `file` part and an `alt` part; answers 201 with the stored image. */
@Controller('api/admin/media')
export class UploadMediaController {
  constructor(
    private readonly commands: CommandBus,
    private readonly audit: AuditContextFactory,
  ) {}

  @Post()
  @HttpCode(201)
  @UseGuards(AdminKeyGuard)
  @RequiresRole('editor')
  async upload(@Req() request: WebRequest): Promise<Written<UploadedMedia>> {
    // The body was read ahead of the JSON reader by mediaUploadBodies (upload-body.ts).
    const upload = mediaUploadOf(request);
    if (!upload) throw new InvalidInputError('Send the image as multipart/form-data with a file part (and an optional alt part).');
    const { media, position } = await this.commands.execute(new UploadMediaCommand(upload, this.audit.contextFor(request, 'admin')));
    return new Written(position, media);
  }
}
