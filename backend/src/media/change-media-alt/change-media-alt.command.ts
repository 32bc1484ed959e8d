import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { checkWith, MEDIA_LIBRARY_STREAM, UpdateMediaRequestSchema, type AppendContext, type EventStore, type UploadedMedia } from '@team/contracts';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import { decideAndAppend } from '../../shared/decide-and-append.js';
import { InvalidInputError, NotFoundError } from '../../shared/domain-errors.js';
import { MEDIA_NOT_FOUND, mediaDecider } from '../media.decider.js';
import { uploadedView } from '../media-views.js';

export class ChangeMediaAltCommand extends Command<{ media: UploadedMedia; position: number }> {
  constructor(
    readonly id: string,
    readonly body: unknown,
    readonly context: AppendContext,
  ) {
    super();
  }
}

/**
 * PATCH /api/admin/media/{id}: checks the alt text by the upload's rule, then appends
 * MediaAltChanged with the text it replaces (docs/site-settings.md), or nothing when it is the same.
 */
@CommandHandler(ChangeMediaAltCommand)
export class ChangeMediaAltHandler implements ICommandHandler<ChangeMediaAltCommand> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ id, body, context }: ChangeMediaAltCommand) {
    const checked = checkWith(UpdateMediaRequestSchema, body);
    if (!checked.ok) throw new InvalidInputError(`The alt text was not changed: ${checked.problems.join('; ')}.`, checked.problems);
    const { state, position } = await decideAndAppend(this.store, MEDIA_LIBRARY_STREAM, mediaDecider, { type: 'ChangeMediaAlt', id, alt: checked.value.alt }, context);
    const item = state.get(id);
    if (!item) throw new NotFoundError(MEDIA_NOT_FOUND);
    return { media: uploadedView(item), position };
  }
}
