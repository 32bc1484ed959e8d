import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { checkReorder, type AppendContext, type ContentPage, type ContentSection, type EventStore, contentStreamId } from '@team/contracts';
import { EVENT_STORE } from '../../../infrastructure/tokens.js';
import { InvalidInputError } from '../../../shared/domain-errors.js';
import { contentSectionDecider, orderedSections } from '../content-section.decider.js';
import { decideAndAppend } from '../../../shared/decide-and-append.js';

export class ReorderSectionsCommand extends Command<{ sections: ContentSection[]; position: number }> {
  constructor(
    readonly page: ContentPage,
    readonly body: unknown,
    readonly context: AppendContext,
  ) {
    super();
  }
}

@CommandHandler(ReorderSectionsCommand)
export class ReorderSectionsHandler implements ICommandHandler<ReorderSectionsCommand> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ page, body, context }: ReorderSectionsCommand) {
    const checked = checkReorder(body);
    if (!checked.ok) throw new InvalidInputError('The new order is not valid', checked.errors);
    const { state, position } = await decideAndAppend(
      this.store,
      contentStreamId(page),
      contentSectionDecider(page),
      { type: 'ReorderSections', orderedIds: checked.value },
      context,
    );
    return { sections: orderedSections(state), position };
  }
}
