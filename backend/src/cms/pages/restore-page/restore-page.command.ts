import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  type AppendContext,
  checkRestoreVersion,
  type ContentBlock,
  type EventStore,
  type PageEvent,
  pageStreamId,
  type PageWithBlocks,
  systemPageById,
} from '@team/contracts';
import { decideAndAppend, type Decided } from '../../../shared/decide-and-append.js';
import { RESTORE_NOT_VALID, versionToRestore } from '../../shared/versions.js';
import { EVENT_STORE } from '../../../infrastructure/tokens.js';
import { InvalidInputError, NotFoundError } from '../../../shared/domain-errors.js';
import { sanitizeBlockFields } from '../block.sanitizer.js';
import { orderedBlocks, PAGE_NOT_FOUND, pageDecider, restoreSlugTakenMessage, type PageState } from '../page.decider.js';
import { PageDirectory } from '../page-directory.js';
import { loadPageVersions } from '../page-versions.js';
import { isPageDeleted, releaseSlug, reserveSlug } from '../page-slug-reservation.js';

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
    private readonly directory: PageDirectory,
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
      : await this.restoreWithSlug(id, page.slug, blocks, context);
    if (state.status !== 'live') throw new Error('A restored page must be live');
    return { page: { ...state.page, contentBlocks: orderedBlocks(state) }, position };
  }

  private restore(id: number, blocks: ContentBlock[], slugTaken: boolean, context: AppendContext) {
    return decideAndAppend(this.store, pageStreamId(id), pageDecider(id), { type: 'RestorePage', blocks, slugTaken }, context);
  }

  /**
   * A deleted page comes back under its slug, so the restore reserves the slug first
   * (page-slug-reservation.ts): a creation can never take it in between. Reserved for every
   * created page, because the page may be deleted between reading its history and deciding;
   * a live page holds its reservation already, and nothing is appended for it.
   */
  private async restoreWithSlug(
    id: number,
    slug: string,
    blocks: ContentBlock[],
    context: AppendContext,
  ): Promise<Decided<PageState, PageEvent>> {
    const reserved = await reserveSlug(this.store, this.directory, slug, id, context, restoreSlugTakenMessage(slug));
    try {
      return await this.restore(id, blocks, false, context);
    } catch (error) {
      if (reserved && (await isPageDeleted(this.store, id))) await releaseSlug(this.store, slug, id, context).catch(() => {});
      throw error;
    }
  }
}
