import { describe, expect, it } from 'vitest';
import { moveBlock, newBlockDraft, normalizeSlug, planBlockSave, removeBlock, toSaveRequest, type BlockDraft } from './block-drafts';

function blocks(): BlockDraft[] {
  return [
    { ...newBlockDraft('text', 0, 'a'), id: 10 },
    { ...newBlockDraft('image', 1, 'b'), id: 11 },
    newBlockDraft('button', 2, 'c'),
  ];
}

describe('newBlockDraft', () => {
  it('starts full width, at the end, medium padding, left aligned, with empty title and content', () => {
    expect(newBlockDraft('video', 3, 'k')).toMatchObject({
      blockType: 'video',
      layout: 'full',
      order: 3,
      padding: 'medium',
      textAlign: 'left',
      title: '',
      content: '',
    });
  });
});

describe('moveBlock', () => {
  it('swaps a block with the one above and renumbers', () => {
    const moved = moveBlock(blocks(), 2, 'up');
    expect(moved.map((block) => block.key)).toEqual(['a', 'c', 'b']);
    expect(moved.map((block) => block.order)).toEqual([0, 1, 2]);
  });

  it('swaps a block with the one below and renumbers', () => {
    const moved = moveBlock(blocks(), 0, 'down');
    expect(moved.map((block) => block.key)).toEqual(['b', 'a', 'c']);
    expect(moved.map((block) => block.order)).toEqual([0, 1, 2]);
  });

  it('does nothing at the ends', () => {
    expect(moveBlock(blocks(), 0, 'up').map((block) => block.key)).toEqual(['a', 'b', 'c']);
    expect(moveBlock(blocks(), 2, 'down').map((block) => block.key)).toEqual(['a', 'b', 'c']);
  });

  it('renumbers after a removal', () => {
    const left = removeBlock(blocks(), 0);
    expect(left.map((block) => [block.key, block.order])).toEqual([
      ['b', 0],
      ['c', 1],
    ]);
  });
});

describe('planBlockSave', () => {
  it('deletes the removed, updates the saved and creates the new', () => {
    const plan = planBlockSave(blocks(), [7]);
    expect(plan.deletes).toEqual([7]);
    expect(plan.updates.map((block) => block.id)).toEqual([10, 11]);
    expect(plan.creates.map((block) => block.key)).toEqual(['c']);
  });
});

describe('toSaveRequest', () => {
  it('sends the whole block with the page id, empty optional texts as null', () => {
    const request = toSaveRequest({ ...newBlockDraft('button', 0, 'x'), buttonText: 'Go', buttonUrl: ' /tracker ' }, 4);
    expect(request).toEqual({
      pageId: 4,
      blockType: 'button',
      layout: 'full',
      order: 0,
      padding: 'medium',
      textAlign: 'left',
      title: '',
      content: '',
      videoUrl: null,
      imageUrl: null,
      buttonText: 'Go',
      buttonUrl: '/tracker',
      buttonStyle: 'primary',
    });
  });
});

describe('normalizeSlug', () => {
  it('lowercases and turns whitespace into hyphens', () => {
    expect(normalizeSlug('Tournament  Results 2025')).toBe('tournament-results-2025');
    expect(normalizeSlug('News\tAnd Events')).toBe('news-and-events');
  });
});
