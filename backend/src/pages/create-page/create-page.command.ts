import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { checkCreatePage, type AppendContext, type EventStore, type Page } from '@team/contracts';
import { findPageBySlug } from '@team/projections';
import type { AppConfig } from '../../config.js';
import { CmsIds } from '../../content/cms-ids.js';
import { decideAndAppend } from '../../content/decide-and-append.js';
import { APP_CONFIG, EVENT_STORE, KNEX } from '../../infrastructure/tokens.js';
import { ProjectionWaiter } from '../../projector/projection-waiter.js';
import { InvalidInputError } from '../../shared/domain-errors.js';
import { pageDecider } from '../page.decider.js';
import { pageStreamId } from '../page.events.js';

/** Transaction-scoped advisory lock that serialises page creation across API processes. */
export const PAGE_SLUG_LOCK_KEY = 7_340_010;

export class CreatePageCommand extends Command<{ page: Page; position: number }> {
  constructor(
    readonly body: unknown,
    readonly context: AppendContext,
  ) {
    super();
  }
}

@CommandHandler(CreatePageCommand)
export class CreatePageHandler implements ICommandHandler<CreatePageCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(KNEX) private readonly knex: Knex,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly ids: CmsIds,
    private readonly waiter: ProjectionWaiter,
  ) {}

  /**
   * Creations in this process queue here before they take the database lock, so at most one
   * of them holds a pooled connection while it waits: a crowd of waiters cannot starve the
   * lock holder of the connections its append and its wait need.
   */
  private turn: Promise<unknown> = Promise.resolve();

  async execute({ body, context }: CreatePageCommand) {
    const checked = checkCreatePage(body);
    if (!checked.ok) throw new InvalidInputError('The page is not valid', checked.errors);
    const { slug, title } = checked.value;
    // Every page has its own stream, so no stream can guard slug uniqueness. Instead creations
    // take turns under a database lock, and each waits until its page is in the read table
    // before letting the next one look: the check below then always sees every earlier page.
    const mine = this.turn.then(() => this.createUnderLock(slug, title, context));
    this.turn = mine.catch(() => {});
    return mine;
  }

  private createUnderLock(slug: string, title: string, context: AppendContext) {
    return this.knex.transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(?)', [PAGE_SLUG_LOCK_KEY]);
      const slugTaken = (await findPageBySlug(this.knex, slug)) !== null;
      const id = await this.ids.next('page');
      const { state, position } = await decideAndAppend(
        this.store,
        pageStreamId(id),
        pageDecider(id),
        { type: 'CreatePage', slug, title, slugTaken },
        context,
      );
      await this.waiter.waitFor(position, this.config.readYourWritesTimeoutMs);
      if (state.status !== 'live') throw new Error('A created page must be live');
      return { page: state.page, position };
    });
  }
}
