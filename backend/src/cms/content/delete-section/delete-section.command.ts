import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AppendContext, type ContentSection, type EventStore, contentStreamId } from '@team/contracts';
import { EVENT_STORE } from '../../../infrastructure/tokens.js';
import { NotFoundError } from '../../../shared/domain-errors.js';
import { contentSectionDecider, SECTION_NOT_FOUND } from '../content-section.decider.js';
import { findSectionPage } from '../section-page.js';
import { decideAndAppend } from '../../../shared/decide-and-append.js';

export class DeleteSectionCommand extends Command<{ section: ContentSection; position: number }> {
  constructor(
    readonly id: number,
    readonly context: AppendContext,
  ) {
    super();
  }
}

@CommandHandler(DeleteSectionCommand)
export class DeleteSectionHandler implements ICommandHandler<DeleteSectionCommand> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ id, context }: DeleteSectionCommand) {
    const page = await findSectionPage(this.store, id);
    if (!page) throw new NotFoundError(SECTION_NOT_FOUND);
    const { events, position } = await decideAndAppend(
      this.store,
      contentStreamId(page),
      contentSectionDecider(page),
      { type: 'DeleteSection', id },
      context,
    );
    const deleted = events.find((event) => event.type === 'ContentSectionDeleted');
    return { section: deleted!.data as ContentSection, position };
  }
}
