import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import type { AppendContext, ContentBlock, EventStore } from '@team/contracts';
import { findContentBlock } from '@team/projections';
import { decideAndAppend } from '../../shared/decide-and-append.js';
import { EVENT_STORE, KNEX } from '../../infrastructure/tokens.js';
import { NotFoundError } from '../../shared/domain-errors.js';
import { BLOCK_NOT_FOUND, pageDecider } from '../page.decider.js';
import { pageStreamId } from '../page.events.js';

export class DeleteBlockCommand extends Command<{ block: ContentBlock; position: number }> {
  constructor(
    readonly blockId: number,
    readonly context: AppendContext,
  ) {
    super();
  }
}

@CommandHandler(DeleteBlockCommand)
export class DeleteBlockHandler implements ICommandHandler<DeleteBlockCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(KNEX) private readonly knex: Knex,
  ) {}

  async execute({ blockId, context }: DeleteBlockCommand) {
    const known = await findContentBlock(this.knex, blockId);
    if (!known) throw new NotFoundError(BLOCK_NOT_FOUND);
    const { events, position } = await decideAndAppend(
      this.store,
      pageStreamId(known.pageId),
      pageDecider(known.pageId),
      { type: 'DeleteBlock', blockId },
      context,
    );
    const deleted = events.find((event) => event.type === 'ContentBlockDeleted');
    return { block: deleted!.data.block as ContentBlock, position };
  }
}
