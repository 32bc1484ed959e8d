import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AppendContext, type ContentBlock, type EventStore, pageStreamId } from '@team/contracts';
import { decideAndAppend } from '../../../shared/decide-and-append.js';
import { EVENT_STORE } from '../../../infrastructure/tokens.js';
import { NotFoundError } from '../../../shared/domain-errors.js';
import { BLOCK_NOT_FOUND, pageDecider } from '../page.decider.js';
import { PageDirectory } from '../page-directory.js';

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
    private readonly directory: PageDirectory,
  ) {}

  async execute({ blockId, context }: DeleteBlockCommand) {
    // The log says which page's stream holds the block; the decider then checks it is still there.
    const pageId = await this.directory.pageOfBlock(blockId);
    if (pageId === null) throw new NotFoundError(BLOCK_NOT_FOUND);
    const { events, position } = await decideAndAppend(
      this.store,
      pageStreamId(pageId),
      pageDecider(pageId),
      { type: 'DeleteBlock', blockId },
      context,
    );
    const deleted = events.find((event) => event.type === 'ContentBlockDeleted');
    return { block: deleted!.data.block as ContentBlock, position };
  }
}
