import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AppendContext, type EventStore, type Page, pageStreamId } from '@team/contracts';
import { decideAndAppend } from '../../../shared/decide-and-append.js';
import { EVENT_STORE } from '../../../infrastructure/tokens.js';
import { pageDecider } from '../page.decider.js';
import { releaseSlug } from '../page-slug-reservation.js';

export class DeletePageCommand extends Command<{ page: Page; position: number }> {
  constructor(
    readonly id: number,
    readonly context: AppendContext,
  ) {
    super();
  }
}

@CommandHandler(DeletePageCommand)
export class DeletePageHandler implements ICommandHandler<DeletePageCommand> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ id, context }: DeletePageCommand) {
    const { state, position } = await decideAndAppend(this.store, pageStreamId(id), pageDecider(id), { type: 'DeletePage' }, context);
    if (state.status !== 'deleted') throw new Error('A deleted page must be deleted');
    // After the delete, so a failure here keeps the slug with a deleted page, which a later
    // reservation recognises and takes over (page-slug-reservation.ts).
    await releaseSlug(this.store, state.page.slug, id, context);
    return { page: state.page, position };
  }
}
