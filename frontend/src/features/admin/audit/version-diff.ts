import type { ContentBlock, PageVersion, SectionVersion } from '@team/contracts';
import { htmlToText, wordDiff, type DiffPart } from './word-diff';

/** A field whose text is compared word by word. */
export interface TextChange {
  label: string;
  parts: DiffPart[];
}

/** A short field shown as "before → after" (URLs, settings). */
export interface ValueChange {
  label: string;
  before: string;
  after: string;
}

const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '(none)' : String(value));

function valueChanges(fields: [label: string, before: unknown, after: unknown][]): ValueChange[] {
  return fields
    .filter(([, before, after]) => shown(before) !== shown(after))
    .map(([label, before, after]) => ({ label, before: shown(before), after: shown(after) }));
}

export interface SectionDiff {
  texts: TextChange[];
  values: ValueChange[];
}

/** From an older section version to a newer one: title and content by words, the rest by value. */
export function diffSections(older: SectionVersion['section'], newer: SectionVersion['section']): SectionDiff {
  return {
    texts: [
      { label: 'Title', parts: wordDiff(htmlToText(older.title), htmlToText(newer.title)) },
      { label: 'Content', parts: wordDiff(htmlToText(older.content), htmlToText(newer.content)) },
    ],
    values: valueChanges([
      ['Section ID', older.section, newer.section],
      ['Image URL', older.imageUrl, newer.imageUrl],
      ['Tracker player', older.playerId == null ? null : `ID ${older.playerId}`, newer.playerId == null ? null : `ID ${newer.playerId}`],
    ]),
  };
}

const BLOCK_TYPE_NAMES: Record<string, string> = {
  text: 'Text',
  video: 'Video',
  image: 'Image',
  html: 'HTML',
  button: 'Button',
  spacer: 'Spacer',
};

/** "Text block #4": how a block is named in the history. */
export const blockName = (block: ContentBlock) => `${BLOCK_TYPE_NAMES[block.blockType] ?? block.blockType} block #${block.id}`;

/** The words a reader sees in a block: its title and content as text. */
export const blockText = (block: ContentBlock) => [htmlToText(block.title), htmlToText(block.content)].filter(Boolean).join(' ');

function blockSettings(older: ContentBlock, newer: ContentBlock): ValueChange[] {
  return valueChanges([
    ['Type', older.blockType, newer.blockType],
    ['Position', older.order + 1, newer.order + 1],
    ['Layout', older.layout, newer.layout],
    ['Padding', older.padding, newer.padding],
    ['Text alignment', older.textAlign, newer.textAlign],
    ['Video URL', older.videoUrl, newer.videoUrl],
    ['Image URL', older.imageUrl, newer.imageUrl],
    ['Button text', older.buttonText, newer.buttonText],
    ['Button URL', older.buttonUrl, newer.buttonUrl],
    ['Button style', older.buttonStyle, newer.buttonStyle],
  ]);
}

export interface BlockDiff {
  status: 'added' | 'removed' | 'changed' | 'unchanged';
  /** The newer block, or the removed one. */
  block: ContentBlock;
  text: DiffPart[];
  settings: ValueChange[];
}

export interface PageDiff {
  texts: TextChange[];
  values: ValueChange[];
  blocks: BlockDiff[];
}

const byOrder = (a: ContentBlock, b: ContentBlock) => a.order - b.order || a.id - b.id;

/** From an older page version to a newer one; blocks are matched by id and listed in the newer order, removed ones last. */
export function diffPages(older: PageVersion['page'], newer: PageVersion['page']): PageDiff {
  const olderBlocks = new Map(older.contentBlocks.map((block) => [block.id, block]));
  const newerIds = new Set(newer.contentBlocks.map((block) => block.id));
  const blocks: BlockDiff[] = [...newer.contentBlocks].sort(byOrder).map((block) => {
    const before = olderBlocks.get(block.id);
    if (!before) return { status: 'added', block, text: wordDiff('', blockText(block)), settings: [] };
    const text = wordDiff(blockText(before), blockText(block));
    const settings = blockSettings(before, block);
    const changed = settings.length > 0 || text.some((part) => part.kind !== 'same');
    return { status: changed ? 'changed' : 'unchanged', block, text, settings };
  });
  for (const block of [...older.contentBlocks].sort(byOrder)) {
    if (!newerIds.has(block.id)) blocks.push({ status: 'removed', block, text: wordDiff(blockText(block), ''), settings: [] });
  }
  return {
    texts: [{ label: 'Title', parts: wordDiff(htmlToText(older.title), htmlToText(newer.title)) }],
    values: valueChanges([['URL slug', older.slug ? `/${older.slug}` : '', newer.slug ? `/${newer.slug}` : '']]),
    blocks,
  };
}
