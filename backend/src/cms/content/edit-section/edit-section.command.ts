import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { checkEditSection, type AppendContext, type ContentSection, type EventStore, contentStreamId } from '@team/contracts';
import { EVENT_STORE } from '../../../infrastructure/tokens.js';
import { InvalidInputError, NotFoundError } from '../../../shared/domain-errors.js';
import { contentSectionDecider, SECTION_NOT_FOUND } from '../content-section.decider.js';
import { findSectionPage } from '../section-page.js';
import { LadderRepository } from '../../../ladder/runtime/ladder.repository.js';
import { checkRosterPlayer } from '../roster-player/roster-player.js';
import { decideAndAppend } from '../../../shared/decide-and-append.js';
import { sanitizeRichText } from '../../shared/rich-text.sanitizer.js';

export class EditSectionCommand extends Command<{ section: ContentSection; position: number }> {
  constructor(
    readonly id: number,
    readonly body: unknown,
    readonly context: AppendContext,
  ) {
    super();
  }
}

@CommandHandler(EditSectionCommand)
export class EditSectionHandler implements ICommandHandler<EditSectionCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly ladder: LadderRepository,
  ) {}

  async execute({ id, body, context }: EditSectionCommand) {
    const checked = checkEditSection(body);
    if (!checked.ok) throw new InvalidInputError('The content section is not valid', checked.errors);
    // The log says which page's stream holds the section; the decider then checks it is still there.
    const page = await findSectionPage(this.store, id);
    if (!page) throw new NotFoundError(SECTION_NOT_FOUND);
    const { title, content, imageUrl, playerId } = checked.value;
    await checkRosterPlayer(this.ladder, playerId);
    const { state, position } = await decideAndAppend(
      this.store,
      contentStreamId(page),
      contentSectionDecider(page),
      {
        type: 'EditSection',
        id,
        title: sanitizeRichText(title),
        content: sanitizeRichText(content),
        ...(imageUrl !== undefined ? { imageUrl } : {}),
        ...(playerId !== undefined ? { playerId } : {}),
      },
      context,
    );
    return { section: state.sections.get(id)!, position };
  }
}
