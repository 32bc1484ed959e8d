import { Inject, Injectable } from '@nestjs/common';
import { PAGE_EVENT_TYPES, systemPageBySlug, type EventStore, type PageEvent } from '@team/contracts';
import { EVENT_STORE } from '../../infrastructure/tokens.js';

/** Events per readAll while catching up: one query each. */
const BATCH_SIZE = 1000;

const PAGE_EVENTS: ReadonlySet<string> = new Set(PAGE_EVENT_TYPES);

/**
 * What the page commands need to know across page streams, folded from the event log itself
 * (never from the read tables, which may lag or be rebuilding):
 * - the page a block lives on: `DELETE /api/blocks/{id}` and `PUT /api/blocks/{id}` name only
 *   the block, and only its page's stream (`page-{pageId}`) can decide about it;
 * - the live page holding a slug, for slugs without a `page-slug-{slug}` reservation stream,
 *   that is pages created before reservations existed (page-slug-reservation.ts).
 *
 * Why a fold of the log and not an index stream per block: the blocks and pages already in a
 * database have no such streams, and their facts are only in the log, so a fold is needed for
 * them anyway, and one fold answers old and new data alike without a new event type.
 *
 * Why it is sound: both answers are decided after catching up to the log's head, so nothing
 * committed before the command is missed. A block's page never changes (ids come from a
 * sequence and are never reused, and a block stays on its page), so a block already known
 * needs no catch-up at all. A slug's holder is only a fallback for slugs without a
 * reservation: every page created or restored since reserves its slug first, and the
 * reservation's "no stream" append is what two commands at once collide on.
 *
 * Why it is cheap: a process reads the log once, on the first lookup that needs it, and
 * afterwards only what was appended since its last lookup; it keeps two small maps (block id
 * → page id, slug → page id), which hold immutable facts of the log rather than state shared
 * between processes.
 */
@Injectable()
export class PageDirectory {
  /** Global position folded so far. */
  private position = 0;
  private readonly blockPages = new Map<number, number>();
  /** slug → id of the page that has it while live, by PageCreated, PageRestored and PageDeleted. */
  private readonly slugHolders = new Map<string, number>();
  /** Catch-ups run one after the other, so every caller's starts after its call. */
  private tail: Promise<void> = Promise.resolve();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** The page block `blockId` was created on (it may have been deleted since), or null for a block that never existed. */
  async pageOfBlock(blockId: number): Promise<number | null> {
    const known = this.blockPages.get(blockId);
    if (known !== undefined) return known;
    await this.catchUp();
    return this.blockPages.get(blockId) ?? null;
  }

  /** The live page with `slug`, as the log says now: a system page, or a page created or restored under it and not deleted since. */
  async slugHolder(slug: string): Promise<number | null> {
    const system = systemPageBySlug(slug);
    if (system) return system.id;
    await this.catchUp();
    return this.slugHolders.get(slug) ?? null;
  }

  private catchUp(): Promise<void> {
    // A failed catch-up leaves the position where it got to; the next caller starts again from there.
    const run = this.tail.catch(() => {}).then(() => this.readToHead());
    this.tail = run;
    return run;
  }

  private async readToHead(): Promise<void> {
    for (;;) {
      const batch = await this.store.readAll(this.position, BATCH_SIZE);
      for (const event of batch) {
        if (PAGE_EVENTS.has(event.type)) this.apply({ type: event.type, data: event.data } as PageEvent);
        this.position = event.position;
      }
      if (batch.length < BATCH_SIZE) return;
    }
  }

  private apply(event: PageEvent): void {
    switch (event.type) {
      case 'PageCreated':
      case 'PageRestored':
        this.slugHolders.set(event.data.slug, event.data.id);
        break;
      case 'PageDeleted':
        if (this.slugHolders.get(event.data.slug) === event.data.id) this.slugHolders.delete(event.data.slug);
        break;
      case 'ContentBlockSaved':
        this.blockPages.set(event.data.block.id, event.data.pageId);
        break;
      case 'ContentBlockDeleted':
        break;
    }
  }
}
