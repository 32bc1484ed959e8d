import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { checkRestoreVersion, type AppendContext, type ContentSection, type EventStore, contentStreamId } from '@team/contracts';
import { EVENT_STORE } from '../../../infrastructure/tokens.js';
import { InvalidInputError, NotFoundError } from '../../../shared/domain-errors.js';
import { contentSectionDecider, SECTION_NOT_FOUND } from '../content-section.decider.js';
import { decideAndAppend } from '../../../shared/decide-and-append.js';
import { sanitizeRichText } from '../../shared/rich-text.sanitizer.js';
import { loadSectionHistory } from '../section-versions.js';
import { RESTORE_NOT_VALID, versionToRestore } from '../../shared/versions.js';

export class RestoreSectionCommand extends Command<{ section: ContentSection; position: number }> {
  constructor(
    readonly id: number,
    readonly body: unknown,
    readonly context: AppendContext,
  ) {
    super();
  }
}

/**
 * Restoring appends: an edit back to the version's fields, or a restore of a deleted section.
 * The history is never rewritten, so the restore itself becomes the newest version.
 */
@CommandHandler(RestoreSectionCommand)
export class RestoreSectionHandler implements ICommandHandler<RestoreSectionCommand> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ id, body, context }: RestoreSectionCommand) {
    const checked = checkRestoreVersion(body);
    if (!checked.ok) throw new InvalidInputError(RESTORE_NOT_VALID, checked.errors);
    const history = await loadSectionHistory(this.store, id);
    if (!history) throw new NotFoundError(SECTION_NOT_FOUND);
    const { section } = versionToRestore(history.versions, checked.value, 'section');
    // Sanitised again: what was stored then passed an older sanitiser, which may have let through what today's refuses.
    const { state, position } = await decideAndAppend(
      this.store,
      contentStreamId(history.page),
      contentSectionDecider(history.page),
      {
        type: 'RestoreSection',
        id,
        section: section.section,
        title: sanitizeRichText(section.title),
        content: sanitizeRichText(section.content),
        imageUrl: section.imageUrl,
        ...(section.playerId === undefined ? {} : { playerId: section.playerId }),
      },
      context,
    );
    return { section: state.sections.get(id)!, position };
  }
}
