import { isReservedSlug, reservedSlugMessage, systemPageById, type BlockFields, type ContentBlock, type Page, type PageEvent } from '@team/contracts';
import type { Decider } from '../../shared/decide-and-append.js';
import { ConflictError, NotFoundError } from '../../shared/domain-errors.js';

/**
 * One page of the page builder and its blocks.
 * - absent: no such page (yet); its id is free.
 * - live: shown at /{slug}; system pages are live from the start, without events.
 * - deleted: gone for good; the id is never reused.
 */
export type PageState =
  | { status: 'absent'; id: number }
  | { status: 'live'; page: Page; blocks: ReadonlyMap<number, ContentBlock> }
  | { status: 'deleted'; page: Page };

/** `slugTaken`: whether another live page has the slug, which only the handler can know. */
export type CreatePage = { type: 'CreatePage'; slug: string; title: string; slugTaken: boolean };
export type DeletePage = { type: 'DeletePage' };
/** Fields already validated and sanitised; `blockId` comes from the id source. */
export type CreateBlock = { type: 'CreateBlock'; blockId: number; fields: BlockFields };
/** Replaces the whole block; `fields.order` null keeps its place. */
export type UpdateBlock = { type: 'UpdateBlock'; blockId: number; fields: BlockFields };
export type DeleteBlock = { type: 'DeleteBlock'; blockId: number };
/**
 * Make the page's blocks equal those of one of its versions again (`blocks`: that version's,
 * sanitised again). A live page gets the block saves and deletes that differ; a deleted page
 * comes back whole. `slugTaken`: whether another live page has its slug now, which only the
 * handler can know.
 */
export type RestorePage = { type: 'RestorePage'; blocks: readonly ContentBlock[]; slugTaken: boolean };
export type PageCommand = CreatePage | DeletePage | CreateBlock | UpdateBlock | DeleteBlock | RestorePage;

export const PAGE_NOT_FOUND = 'Page not found';
export const slugTakenMessage = (slug: string): string => `A page with the slug "${slug}" already exists`;
export const restoreSlugTakenMessage = (slug: string): string => `The page cannot be restored: another page now has the slug "${slug}"`;
export const BLOCK_NOT_FOUND = 'Content block not found';

export function initialPageState(id: number): PageState {
  const system = systemPageById(id);
  return system ? { status: 'live', page: system, blocks: new Map() } : { status: 'absent', id };
}

export function pageDecider(id: number): Decider<PageState, PageCommand, PageEvent> {
  return { initialState: () => initialPageState(id), evolve, decide };
}

/** Blocks in display order (ties break by id). */
export function orderedBlocks(state: PageState): ContentBlock[] {
  if (state.status !== 'live') return [];
  return [...state.blocks.values()].sort((a, b) => a.order - b.order || a.id - b.id);
}

export function evolve(state: PageState, event: PageEvent): PageState {
  switch (event.type) {
    case 'PageCreated': {
      const { id, slug, title, isSystem } = event.data;
      return { status: 'live', page: { id, slug, title, isSystem }, blocks: new Map() };
    }
    case 'PageDeleted':
      return state.status === 'live' ? { status: 'deleted', page: state.page } : state;
    case 'PageRestored': {
      const { id, slug, title, blocks } = event.data;
      return { status: 'live', page: { id, slug, title, isSystem: false }, blocks: new Map(blocks.map((block) => [block.id, block])) };
    }
    case 'ContentBlockSaved':
      if (state.status !== 'live') return state;
      return { ...state, blocks: new Map(state.blocks).set(event.data.block.id, event.data.block) };
    case 'ContentBlockDeleted': {
      if (state.status !== 'live') return state;
      const blocks = new Map(state.blocks);
      blocks.delete(event.data.block.id);
      return { ...state, blocks };
    }
  }
}

function livePage(state: PageState): Extract<PageState, { status: 'live' }> {
  if (state.status !== 'live') throw new NotFoundError(PAGE_NOT_FOUND);
  return state;
}

/**
 * The block, on a live page: the blocks of a deleted page went with it, so they are not found
 * (what an admin who names only the block meets), rather than their page.
 */
function blockOf(state: PageState, blockId: number): ContentBlock {
  const block = state.status === 'live' ? state.blocks.get(blockId) : undefined;
  if (!block) throw new NotFoundError(BLOCK_NOT_FOUND);
  return block;
}

function sameBlock(a: ContentBlock, b: ContentBlock): boolean {
  return (Object.keys(a) as (keyof ContentBlock)[]).every((key) => a[key] === b[key]);
}

export function decide(command: PageCommand, state: PageState): PageEvent[] {
  switch (command.type) {
    case 'CreatePage': {
      // Ids come from a sequence, so a used one means the id source is broken: refuse rather than overwrite.
      if (state.status !== 'absent') throw new ConflictError('This page id is already in use');
      if (isReservedSlug(command.slug)) throw new ConflictError(reservedSlugMessage(command.slug));
      if (command.slugTaken) throw new ConflictError(slugTakenMessage(command.slug));
      return [{ type: 'PageCreated', data: { id: state.id, slug: command.slug, title: command.title, isSystem: false } }];
    }
    case 'DeletePage': {
      const live = livePage(state);
      if (live.page.isSystem) throw new ConflictError('System pages cannot be deleted');
      const { id, slug, title } = live.page;
      return [{ type: 'PageDeleted', data: { id, slug, title, blocks: orderedBlocks(live) } }];
    }
    case 'CreateBlock': {
      const live = livePage(state);
      if (live.blocks.has(command.blockId)) throw new ConflictError('This block id is already in use');
      const last = orderedBlocks(live).at(-1);
      const block: ContentBlock = {
        ...command.fields,
        id: command.blockId,
        pageId: live.page.id,
        order: command.fields.order ?? (last ? last.order + 1 : 0),
      };
      return [{ type: 'ContentBlockSaved', data: { pageId: live.page.id, block, previous: null } }];
    }
    case 'UpdateBlock': {
      const previous = blockOf(state, command.blockId);
      const live = livePage(state);
      const block: ContentBlock = {
        ...command.fields,
        id: previous.id,
        pageId: previous.pageId,
        order: command.fields.order ?? previous.order,
      };
      if (sameBlock(block, previous)) return [];
      return [{ type: 'ContentBlockSaved', data: { pageId: live.page.id, block, previous } }];
    }
    case 'DeleteBlock': {
      const block = blockOf(state, command.blockId);
      return [{ type: 'ContentBlockDeleted', data: { pageId: livePage(state).page.id, block } }];
    }
    case 'RestorePage':
      return restorePage(command, state);
  }
}

function restorePage(command: RestorePage, state: PageState): PageEvent[] {
  if (state.status === 'absent') throw new NotFoundError(PAGE_NOT_FOUND);
  const { id, slug, title } = state.page;
  const blocks = [...command.blocks].sort((a, b) => a.order - b.order || a.id - b.id);
  if (blocks.some((block) => block.pageId !== id)) throw new Error('A page can only be restored to its own blocks');
  if (state.status === 'deleted') {
    // Since the deletion another page may have taken the slug, or the site a route under it.
    if (isReservedSlug(slug)) throw new ConflictError(`The page cannot be restored: "${slug}" is now a route of the site`);
    if (command.slugTaken) {
      throw new ConflictError(restoreSlugTakenMessage(slug));
    }
    return [{ type: 'PageRestored', data: { id, slug, title, blocks } }];
  }
  // Deletes first, so a reader applying the events one by one never sees more blocks than either version had.
  const wanted = new Set(blocks.map((block) => block.id));
  const deleted: PageEvent[] = orderedBlocks(state)
    .filter((block) => !wanted.has(block.id))
    .map((block) => ({ type: 'ContentBlockDeleted', data: { pageId: id, block } }));
  const saved: PageEvent[] = blocks.flatMap((block): PageEvent[] => {
    const previous = state.blocks.get(block.id) ?? null;
    if (previous && sameBlock(block, previous)) return [];
    return [{ type: 'ContentBlockSaved', data: { pageId: id, block, previous } }];
  });
  return [...deleted, ...saved];
}
