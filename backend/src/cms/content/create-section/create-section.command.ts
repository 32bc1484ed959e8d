import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { checkCreateSection, type AppendContext, type ContentSection, type EventStore, contentStreamId } from '@team/contracts';
import { EVENT_STORE } from '../../../infrastructure/tokens.js';
import { InvalidInputError } from '../../../shared/domain-errors.js';
import { CmsIds } from '../../shared/cms-ids.js';
import { LadderRepository } from '../../../ladder/runtime/ladder.repository.js';
import { checkRosterPlayer } from '../roster-player/roster-player.js';
import { contentSectionDecider } from '../content-section.decider.js';
import { decideAndAppend } from '../../../shared/decide-and-append.js';
import { sanitizeRichText } from '../../shared/rich-text.sanitizer.js';

export class CreateSectionCommand extends Command<{ section: ContentSection; position: number }> {
  constructor(
    readonly body: unknown,
    readonly context: AppendContext,
  ) {
    super();
  }
}

@CommandHandler(CreateSectionCommand)
export class CreateSectionHandler implements ICommandHandler<CreateSectionCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly ids: CmsIds,
    private readonly ladder: LadderRepository,
  ) {}

  async execute({ body, context }: CreateSectionCommand) {
    const checked = checkCreateSection(body);
    if (!checked.ok) throw new InvalidInputError('The content section is not valid', checked.errors);
    const { page, section, title, content, imageUrl, playerId } = checked.value;
    await checkRosterPlayer(this.ladder, playerId);
    const id = await this.ids.next('section');
    const { state, position } = await decideAndAppend(
      this.store,
      contentStreamId(page),
      contentSectionDecider(page),
      {
        type: 'CreateSection',
        id,
        section,
        title: sanitizeRichText(title),
        content: sanitizeRichText(content),
        imageUrl,
        ...(playerId === null ? {} : { playerId }),
      },
      context,
    );
    return { section: state.sections.get(id)!, position };
  }
}
