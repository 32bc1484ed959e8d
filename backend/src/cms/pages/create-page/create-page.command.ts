import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { checkCreatePage, type AppendContext, type EventStore, type Page, pageStreamId } from '@team/contracts';
import { CmsIds } from '../../shared/cms-ids.js';
import { decideAndAppend } from '../../../shared/decide-and-append.js';
import { EVENT_STORE } from '../../../infrastructure/tokens.js';
import { InvalidInputError } from '../../../shared/domain-errors.js';
import { decide, initialPageState, pageDecider } from '../page.decider.js';
import { PageDirectory } from '../page-directory.js';
import { releaseSlug, reserveSlug } from '../page-slug-reservation.js';

export class CreatePageCommand extends Command<{ page: Page; position: number }> {
  constructor(
    readonly body: unknown,
    readonly context: AppendContext,
  ) {
    super();
  }
}

/**
 * Reserve the slug (its own stream, see page-slug-reservation.ts), then create the page. The
 * answer waits for the read tables in the ReadYourWritesInterceptor, which answers 503 when
 * the wait times out; the slug's uniqueness never depends on that wait.
 */
@CommandHandler(CreatePageCommand)
export class CreatePageHandler implements ICommandHandler<CreatePageCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly directory: PageDirectory,
    private readonly ids: CmsIds,
  ) {}

  async execute({ body, context }: CreatePageCommand) {
    const checked = checkCreatePage(body);
    if (!checked.ok) throw new InvalidInputError('The page is not valid', checked.errors);
    const { slug, title } = checked.value;
    const id = await this.ids.next('page');
    const command = { type: 'CreatePage', slug, title, slugTaken: false } as const;
    // Decided once before reserving, so a slug the page could never have (a route) is refused
    // without leaving a reservation behind.
    decide(command, initialPageState(id));
    const reserved = await reserveSlug(this.store, this.directory, slug, id, context);
    try {
      const { state, position } = await decideAndAppend(this.store, pageStreamId(id), pageDecider(id), command, context);
      if (state.status !== 'live') throw new Error('A created page must be live');
      return { page: state.page, position };
    } catch (error) {
      // Best effort: a release that fails too leaves a reservation of a page that never
      // existed, which keeps the slug taken (see page-slug-reservation.ts).
      if (reserved) await releaseSlug(this.store, slug, id, context).catch(() => {});
      throw error;
    }
  }
}
