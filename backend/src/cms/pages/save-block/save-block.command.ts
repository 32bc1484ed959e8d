import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { checkBlock, type AppendContext, type ContentBlock, type EventStore, pageStreamId } from '@team/contracts';
import { CmsIds } from '../../shared/cms-ids.js';
import { decideAndAppend } from '../../../shared/decide-and-append.js';
import { EVENT_STORE } from '../../../infrastructure/tokens.js';
import { InvalidInputError, NotFoundError } from '../../../shared/domain-errors.js';
import { sanitizeBlockFields } from '../block.sanitizer.js';
import { BLOCK_NOT_FOUND, pageDecider } from '../page.decider.js';
import { PageDirectory } from '../page-directory.js';

const NOT_VALID = 'The content block is not valid';

/** `blockId` null: create a block on the body's `pageId`; otherwise replace that block as a whole. */
export class SaveBlockCommand extends Command<{ block: ContentBlock; position: number }> {
  constructor(
    readonly blockId: number | null,
    readonly body: unknown,
    readonly context: AppendContext,
  ) {
    super();
  }
}

@CommandHandler(SaveBlockCommand)
export class SaveBlockHandler implements ICommandHandler<SaveBlockCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly directory: PageDirectory,
    private readonly ids: CmsIds,
  ) {}

  async execute({ blockId, body, context }: SaveBlockCommand) {
    const checked = checkBlock(body);
    if (!checked.ok) throw new InvalidInputError(NOT_VALID, checked.errors);
    const fields = sanitizeBlockFields(checked.value.fields);
    const requestedPageId = checked.value.pageId;

    if (blockId === null) {
      if (requestedPageId === null) throw new InvalidInputError(NOT_VALID, ['pageId is required']);
      const id = await this.ids.next('block');
      const { state, position } = await decideAndAppend(
        this.store,
        pageStreamId(requestedPageId),
        pageDecider(requestedPageId),
        { type: 'CreateBlock', blockId: id, fields },
        context,
      );
      return { block: state.status === 'live' ? state.blocks.get(id)! : unreachable(), position };
    }

    // The log says which page's stream holds the block; the decider then checks it is still there.
    const pageId = await this.directory.pageOfBlock(blockId);
    if (pageId === null) throw new NotFoundError(BLOCK_NOT_FOUND);
    if (requestedPageId !== null && requestedPageId !== pageId) {
      throw new InvalidInputError(NOT_VALID, ['pageId cannot change: a block stays on its page']);
    }
    const { state, position } = await decideAndAppend(
      this.store,
      pageStreamId(pageId),
      pageDecider(pageId),
      { type: 'UpdateBlock', blockId, fields },
      context,
    );
    return { block: state.status === 'live' ? state.blocks.get(blockId)! : unreachable(), position };
  }
}

function unreachable(): never {
  throw new Error('A page that just accepted a block must be live');
}
