import type {
  BlockLayout,
  BlockPadding,
  BlockType,
  ButtonStyle,
  ContentBlock,
  SaveBlockRequest,
  TextAlign,
} from '@team/contracts';
import { toStoredHtml } from '../shared/rich-text-editor/stored-html';

/**
 * A content block as the page builder holds it until Save (docs/product.md#states-and-transitions: blocks are edited
 * locally). Text fields are strings while editing; empty ones are stored as null.
 */
export interface BlockDraft {
  /** Identifies the card, saved or not. */
  key: string;
  /** The server's id, absent until the block is created. */
  id?: number;
  blockType: BlockType;
  layout: BlockLayout;
  order: number;
  padding: BlockPadding;
  textAlign: TextAlign;
  title: string;
  content: string;
  videoUrl: string;
  imageUrl: string;
  buttonText: string;
  buttonUrl: string;
  buttonStyle: ButtonStyle | null;
}

export function draftFromBlock(block: ContentBlock): BlockDraft {
  return {
    key: `saved-${block.id}`,
    id: block.id,
    blockType: block.blockType,
    layout: block.layout,
    order: block.order,
    padding: block.padding,
    textAlign: block.textAlign,
    title: block.title ?? '',
    content: block.content ?? '',
    videoUrl: block.videoUrl ?? '',
    imageUrl: block.imageUrl ?? '',
    buttonText: block.buttonText ?? '',
    buttonUrl: block.buttonUrl ?? '',
    buttonStyle: block.buttonStyle,
  };
}

/** docs/product.md#states-and-transitions: layout full, order = current block count, padding medium, textAlign left, empty title and content. */
export function newBlockDraft(blockType: BlockType, currentCount: number, key: string): BlockDraft {
  return {
    key,
    blockType,
    layout: 'full',
    order: currentCount,
    padding: 'medium',
    textAlign: 'left',
    title: '',
    content: '',
    videoUrl: '',
    imageUrl: '',
    buttonText: '',
    buttonUrl: '',
    buttonStyle: blockType === 'button' ? 'primary' : null,
  };
}

function renumber(blocks: BlockDraft[]): BlockDraft[] {
  return blocks.map((block, order) => (block.order === order ? block : { ...block, order }));
}

/**
 * docs/product.md#states-and-transitions: a block swaps with its neighbour (nothing happens at the ends) and every
 * block's order becomes its position.
 */
export function moveBlock(blocks: readonly BlockDraft[], index: number, direction: 'up' | 'down'): BlockDraft[] {
  const target = direction === 'up' ? index - 1 : index + 1;
  if (index < 0 || index >= blocks.length || target < 0 || target >= blocks.length) return [...blocks];
  const next = [...blocks];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return renumber(next);
}

export function removeBlock(blocks: readonly BlockDraft[], index: number): BlockDraft[] {
  return renumber(blocks.filter((_, position) => position !== index));
}

const orNull = (value: string) => (value.trim() === '' ? null : value);
const urlOrNull = (value: string) => (value.trim() === '' ? null : value.trim());


/** The whole block, as PUT /api/blocks/{id} and POST /api/blocks take it. */
export function toSaveRequest(draft: BlockDraft, pageId: number): SaveBlockRequest {
  return {
    ...(draft.id !== undefined ? { id: draft.id } : {}),
    pageId,
    blockType: draft.blockType,
    layout: draft.layout,
    order: draft.order,
    padding: draft.padding,
    textAlign: draft.textAlign,
    title: draft.title.trim(),
    content: draft.blockType === 'text' ? toStoredHtml(draft.content) : draft.content,
    videoUrl: urlOrNull(draft.videoUrl),
    imageUrl: urlOrNull(draft.imageUrl),
    buttonText: orNull(draft.buttonText),
    buttonUrl: urlOrNull(draft.buttonUrl),
    buttonStyle: draft.buttonStyle,
  };
}

export interface BlockSavePlan {
  deletes: number[];
  updates: Array<BlockDraft & { id: number }>;
  creates: BlockDraft[];
}

/** Save deletes removed blocks, updates those with an id and creates the rest, in that order. */
export function planBlockSave(drafts: readonly BlockDraft[], removedIds: readonly number[]): BlockSavePlan {
  return {
    deletes: [...removedIds],
    updates: drafts.filter((draft): draft is BlockDraft & { id: number } => draft.id !== undefined),
    creates: drafts.filter((draft) => draft.id === undefined),
  };
}

/** "My Page Title" typed as a slug becomes "my-page-title" (docs/product.md#validation). */
export function normalizeSlug(input: string): string {
  return input.toLowerCase().replace(/\s+/g, '-');
}
