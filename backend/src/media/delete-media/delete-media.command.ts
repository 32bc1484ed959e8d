import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { MEDIA_LIBRARY_STREAM, type AppendContext, type EventStore } from '@team/contracts';
import { EVENT_STORE, KNEX } from '../../infrastructure/tokens.js';
import { decideAndAppend } from '../../shared/decide-and-append.js';
import { deleteBlobs } from '../media-blobs.js';
import { hashInUse, mediaDecider } from '../media.decider.js';

export class DeleteMediaCommand extends Command<{ position: number }> {
  constructor(
    readonly id: string,
    readonly context: AppendContext,
  ) {
    super();
  }
}

/**
 * DELETE /api/admin/media/{id}: appends MediaDeleted, then removes the bytes unless another
 * image of the library has the same ones. The places that used it are the screen's to name
 * first (GET /api/admin/media lists them); the server deletes when asked.
 */
@CommandHandler(DeleteMediaCommand)
export class DeleteMediaHandler implements ICommandHandler<DeleteMediaCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(KNEX) private readonly knex: Knex,
  ) {}

  async execute({ id, context }: DeleteMediaCommand) {
    const { state, events, position } = await decideAndAppend(this.store, MEDIA_LIBRARY_STREAM, mediaDecider, { type: 'DeleteMedia', id }, context);
    const deleted = events[0];
    if (deleted?.type === 'MediaDeleted' && !hashInUse(state, deleted.data.hash)) await deleteBlobs(this.knex, deleted.data.hash);
    return { position };
  }
}
