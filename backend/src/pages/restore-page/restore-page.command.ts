import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import {
  checkRestoreVersion,
  systemPageById,
  type AppendContext,
  type ContentBlock,
  type EventStore,
  type PageWithBlocks,
} from '@team/contracts';
import { findPageBySlug } from '@team/projections';
import type { AppConfig } from '../../config.js';
import { decideAndAppend, type Decided } from '../../content/decide-and-append.js';
import { RESTORE_NOT_VALID, versionToRestore } from '../../content/versions.js';
import { APP_CONFIG, EVENT_STORE, KNEX } from '../../infrastructure/tokens.js';
import { ProjectionWaiter } from '../../projector/projection-waiter.js';
import { InvalidInputError, NotFoundError } from '../../shared/domain-errors.js';
import { sanitizeBlockFields } from '../block.sanitizer.js';
import { PAGE_SLUG_LOCK_KEY } from '../create-page/create-page.command.js';
import { orderedBlocks, PAGE_NOT_FOUND, pageDecider, type PageState } from '../page.decider.js';
import { pageStreamId, type PageEvent } from '../page.events.js';
import { loadPageVersions } from '../page-versions.js';

export class RestorePageCommand extends Command<{ page: PageWithBlocks; position: number }> {
  constructor(
    readonly id: number,
    readonly body: unknown,
    readonly context: AppendContext,
  ) {
    super();
  }
}

/**
 * Restoring appends: the block saves and deletes that make the page's blocks equal the
 * version's (one append, one expected revision), or a PageRestored for a deleted page. The
 * history is never rewritten, so the restore itself becomes the newest version.
 */
@CommandHandler(RestorePageCommand)
export class RestorePageHandler implements ICommandHandler<RestorePageCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(KNEX) private readonly knex: Knex,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly waiter: ProjectionWaiter,
  ) {}

  async execute({ id, body, context }: RestorePageCommand) {
    const checked = checkRestoreVersion(body);
    if (!checked.ok) throw new InvalidInputError(RESTORE_NOT_VALID, checked.errors);
    const versions = await loadPageVersions(this.store, id);
    if (versions.length === 0) throw new NotFoundError(PAGE_NOT_FOUND);
    const { page } = versionToRestore(versions, checked.value, 'page');
    // Sanitised again: what was stored then passed an older sanitiser, which may have let through what today's refuses.
    const blocks = page.contentBlocks.map((block) => sanitizeBlockFields(block));
    const { state, position } = systemPageById(id)
      ? await this.restore(id, blocks, false, context)
      : await this.restoreUnderSlugLock(id, page.slug, blocks, context);
    if (state.status !== 'live') throw new Error('A restored page must be live');
    return { page: { ...state.page, contentBlocks: orderedBlocks(state) }, position };
  }

  private restore(id: number, blocks: ContentBlock[], slugTaken: boolean, context: AppendContext) {
    return decideAndAppend(this.store, pageStreamId(id), pageDecider(id), { type: 'RestorePage', blocks, slugTaken }, context);
  }

  /**
   * A deleted page comes back under its slug, so the restore takes the lock page creation
   * takes and waits until its page is in the read table before releasing it: a creation
   * can then never take the slug in between. Taken for every created page, because the page
   * may be deleted between reading its history and deciding.
   */
  private restoreUnderSlugLock(
    id: number,
    slug: string,
    blocks: ContentBlock[],
    context: AppendContext,
  ): Promise<Decided<PageState, PageEvent>> {
    return this.knex.transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(?)', [PAGE_SLUG_LOCK_KEY]);
      const holder = await findPageBySlug(this.knex, slug);
      const decided = await this.restore(id, blocks, holder !== null && holder.id !== id, context);
      if (decided.position > 0) await this.waiter.waitFor(decided.position, this.config.readYourWritesTimeoutMs);
      return decided;
    });
  }
}
