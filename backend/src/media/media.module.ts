import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import type { Knex } from 'knex';
import { KNEX } from '../infrastructure/tokens.js';
import { ChangeMediaAltController } from './change-media-alt/change-media-alt.controller.js';
import { ChangeMediaAltHandler } from './change-media-alt/change-media-alt.command.js';
import { DeleteMediaController } from './delete-media/delete-media.controller.js';
import { DeleteMediaHandler } from './delete-media/delete-media.command.js';
import { ImageProcessor } from './image-processor.js';
import { ListMediaController } from './list-media/list-media.controller.js';
import { ListMediaHandler } from './list-media/list-media.query.js';
import { createMediaBlobsTable } from './media-blobs.js';
import { ServeMediaController } from './serve-media/serve-media.controller.js';
import { UploadMediaController } from './upload-media/upload-media.controller.js';
import { UploadMediaHandler } from './upload-media/upload-media.command.js';

/** The media library: uploads resized on worker threads, stored in PostgreSQL, served at content-hashed addresses. */
@Module({
  controllers: [UploadMediaController, ListMediaController, ChangeMediaAltController, DeleteMediaController, ServeMediaController],
  providers: [ImageProcessor, UploadMediaHandler, ListMediaHandler, ChangeMediaAltHandler, DeleteMediaHandler],
})
export class MediaModule implements OnModuleInit {
  constructor(@Inject(KNEX) private readonly knex: Knex) {}

  /** The blob table exists from the site's first start, so a backup and a restore always find it. */
  onModuleInit(): Promise<void> {
    return createMediaBlobsTable(this.knex);
  }
}
