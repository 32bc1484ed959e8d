import type { BlockFields, ContentBlock, PageEvent } from '@team/contracts';
import { ConflictError, NotFoundError } from '../../shared/domain-errors.js';
import { initialPageState, pageDecider, type PageCommand } from './page.decider.js';

/** Given these events on page `id`, when this command: the events it decides. */
function when(id: number, given: PageEvent[], command: PageCommand): PageEvent[] {
  const decider = pageDecider(id);
  return decider.decide(command, given.reduce(decider.evolve, decider.initialState()));
}

const fields = (overrides: Partial<BlockFields> = {}): BlockFields => ({
  blockType: 'text',
  layout: 'full',
  order: null,
  padding: 'medium',
  textAlign: 'left',
  title: null,
  content: '<p>x</p>',
  videoUrl: null,
  imageUrl: null,
  buttonText: null,
  buttonUrl: null,
  buttonStyle: null,
  ...overrides,
});

const block = (id: number, pageId: number, order: number, overrides: Partial<ContentBlock> = {}): ContentBlock => ({
  ...fields(),
  id,
  pageId,
  order,
  ...overrides,
});

const pageCreated: PageEvent = { type: 'PageCreated', data: { id: 10, slug: 'news', title: 'News', isSystem: false } };
const saved = (b: ContentBlock): PageEvent => ({ type: 'ContentBlockSaved', data: { pageId: b.pageId, block: b, previous: null } });

describe('page decider', () => {
  test('the system pages are live from the start, without events', () => {
    expect(initialPageState(1)).toEqual({ status: 'live', page: { id: 1, slug: 'home', title: 'Home', isSystem: true }, blocks: new Map() });
    expect(initialPageState(3)).toMatchObject({ status: 'live', page: { slug: 'roster' } });
    expect(initialPageState(4)).toEqual({ status: 'absent', id: 4 });
  });

  test('a free id and a free slug create the page', () => {
    expect(when(10, [], { type: 'CreatePage', slug: 'news', title: 'News', slugTaken: false })).toEqual([pageCreated]);
  });

  test.each([
    ['a slug another page has', 'news', true, 'A page with the slug "news" already exists'],
    ['a route of the site', 'tracker', false, 'The slug "tracker" is already a route of the site: /tracker shows the ELO tracker. Choose another slug.'],
    ['the schedule', 'schedule', false, 'The slug "schedule" is already a route of the site: /schedule shows the team\'s schedule and results. Choose another slug.'],
    ['a system page slug', 'about', true, 'The slug "about" is already a route of the site: /about shows the About page. Choose another slug.'],
    ['home', 'home', true, 'The slug "home" is already a route of the site: /home shows the home page. Choose another slug.'],
  ])('creating a page with %s is a conflict', (_name, slug, slugTaken, message) => {
    expect(() => when(10, [], { type: 'CreatePage', slug, title: 'T', slugTaken })).toThrow(new ConflictError(message));
  });

  test('an id already used (even by a deleted page) is never reused', () => {
    const deleted: PageEvent = { type: 'PageDeleted', data: { id: 10, slug: 'news', title: 'News', blocks: [] } };
    expect(() => when(10, [pageCreated], { type: 'CreatePage', slug: 'x', title: 'X', slugTaken: false })).toThrow(ConflictError);
    expect(() => when(10, [pageCreated, deleted], { type: 'CreatePage', slug: 'x', title: 'X', slugTaken: false })).toThrow(ConflictError);
    expect(() => when(2, [], { type: 'CreatePage', slug: 'x', title: 'X', slugTaken: false })).toThrow(ConflictError);
  });

  test('deleting a page keeps its slug, title and blocks in the event', () => {
    const b = block(5, 10, 0);
    expect(when(10, [pageCreated, saved(b)], { type: 'DeletePage' })).toEqual([
      { type: 'PageDeleted', data: { id: 10, slug: 'news', title: 'News', blocks: [b] } },
    ]);
  });

  test('system pages cannot be deleted; unknown and deleted pages are not found', () => {
    expect(() => when(1, [], { type: 'DeletePage' })).toThrow(new ConflictError('System pages cannot be deleted'));
    expect(() => when(11, [], { type: 'DeletePage' })).toThrow(new NotFoundError('Page not found'));
    const deleted: PageEvent = { type: 'PageDeleted', data: { id: 10, slug: 'news', title: 'News', blocks: [] } };
    expect(() => when(10, [pageCreated, deleted], { type: 'DeletePage' })).toThrow(NotFoundError);
  });

  test('a new block goes after the last one unless it names its order', () => {
    expect(when(10, [pageCreated], { type: 'CreateBlock', blockId: 5, fields: fields() })).toEqual([
      { type: 'ContentBlockSaved', data: { pageId: 10, block: block(5, 10, 0), previous: null } },
    ]);
    expect(when(10, [pageCreated, saved(block(5, 10, 3))], { type: 'CreateBlock', blockId: 6, fields: fields() })).toEqual([
      { type: 'ContentBlockSaved', data: { pageId: 10, block: block(6, 10, 4), previous: null } },
    ]);
    expect(when(10, [pageCreated], { type: 'CreateBlock', blockId: 6, fields: fields({ order: 2 }) })[0]).toMatchObject({
      data: { block: { order: 2 } },
    });
  });

  test('system pages take blocks without any PageCreated', () => {
    expect(when(2, [], { type: 'CreateBlock', blockId: 1, fields: fields() })).toEqual([
      { type: 'ContentBlockSaved', data: { pageId: 2, block: block(1, 2, 0), previous: null } },
    ]);
  });

  test('blocks on an unknown or deleted page are not found', () => {
    expect(() => when(11, [], { type: 'CreateBlock', blockId: 1, fields: fields() })).toThrow(new NotFoundError('Page not found'));
    const deleted: PageEvent = { type: 'PageDeleted', data: { id: 10, slug: 'news', title: 'News', blocks: [] } };
    expect(() => when(10, [pageCreated, deleted], { type: 'CreateBlock', blockId: 1, fields: fields() })).toThrow(NotFoundError);
  });

  test('an update replaces the whole block and keeps the previous one; no change decides nothing', () => {
    const previous = block(5, 10, 1, { title: '<p>Old</p>', buttonText: 'Go' });
    const events = when(10, [pageCreated, saved(previous)], {
      type: 'UpdateBlock',
      blockId: 5,
      fields: fields({ blockType: 'button', title: '<p>New</p>', buttonUrl: '/tracker', buttonStyle: 'outline' }),
    });
    expect(events).toEqual([
      {
        type: 'ContentBlockSaved',
        data: {
          pageId: 10,
          previous,
          // order null keeps the place; buttonText is not carried over: the body is the whole block.
          block: block(5, 10, 1, { blockType: 'button', title: '<p>New</p>', buttonUrl: '/tracker', buttonStyle: 'outline' }),
        },
      },
    ]);
    expect(when(10, [pageCreated, saved(previous)], { type: 'UpdateBlock', blockId: 5, fields: fields({ title: '<p>Old</p>', buttonText: 'Go', order: 1 }) })).toEqual([]);
  });

  test('updating or deleting a block the page does not have is not found', () => {
    expect(() => when(10, [pageCreated], { type: 'UpdateBlock', blockId: 5, fields: fields() })).toThrow(new NotFoundError('Content block not found'));
    const gone: PageEvent = { type: 'ContentBlockDeleted', data: { pageId: 10, block: block(5, 10, 0) } };
    expect(() => when(10, [pageCreated, saved(block(5, 10, 0)), gone], { type: 'DeleteBlock', blockId: 5 })).toThrow(NotFoundError);
  });

  test('a block delete keeps the whole block', () => {
    const b = block(5, 10, 0, { blockType: 'html', content: '<b>raw</b>' });
    expect(when(10, [pageCreated, saved(b)], { type: 'DeleteBlock', blockId: 5 })).toEqual([
      { type: 'ContentBlockDeleted', data: { pageId: 10, block: b } },
    ]);
  });

  describe('restore', () => {
    const deleted = (blocks: ContentBlock[]): PageEvent => ({ type: 'PageDeleted', data: { id: 10, slug: 'news', title: 'News', blocks } });

    test('a live page gets the deletes first, then the saves of what differs or is missing', () => {
      const kept = block(5, 10, 0);
      const changed = block(6, 10, 1, { content: '<p>now</p>' });
      const extra = block(7, 10, 2);
      const wanted = [block(8, 10, 2), block(6, 10, 1, { content: '<p>then</p>' }), kept];
      expect(when(10, [pageCreated, saved(kept), saved(changed), saved(extra)], { type: 'RestorePage', blocks: wanted, slugTaken: false })).toEqual([
        { type: 'ContentBlockDeleted', data: { pageId: 10, block: extra } },
        { type: 'ContentBlockSaved', data: { pageId: 10, block: wanted[1], previous: changed } },
        { type: 'ContentBlockSaved', data: { pageId: 10, block: wanted[0], previous: null } },
      ]);
    });

    test('a page that already has those blocks decides nothing', () => {
      const b = block(5, 10, 0);
      expect(when(10, [pageCreated, saved(b)], { type: 'RestorePage', blocks: [{ ...b }], slugTaken: false })).toEqual([]);
    });

    test('a system page can be restored to no blocks at all', () => {
      const b = block(1, 2, 0);
      expect(when(2, [saved(b)], { type: 'RestorePage', blocks: [], slugTaken: false })).toEqual([
        { type: 'ContentBlockDeleted', data: { pageId: 2, block: b } },
      ]);
    });

    test('a deleted page comes back whole, with the version\'s blocks, and is live again', () => {
      const b = block(5, 10, 0);
      const given = [pageCreated, saved(b), deleted([b])];
      const events = when(10, given, { type: 'RestorePage', blocks: [b], slugTaken: false });
      expect(events).toEqual([{ type: 'PageRestored', data: { id: 10, slug: 'news', title: 'News', blocks: [b] } }]);
      const decider = pageDecider(10);
      const state = [...given, ...events].reduce(decider.evolve, decider.initialState());
      expect(state).toEqual({ status: 'live', page: { id: 10, slug: 'news', title: 'News', isSystem: false }, blocks: new Map([[5, b]]) });
    });

    test('a deleted page whose slug another page took since is a conflict', () => {
      expect(() => when(10, [pageCreated, deleted([])], { type: 'RestorePage', blocks: [], slugTaken: true })).toThrow(
        new ConflictError('The page cannot be restored: another page now has the slug "news"'),
      );
    });

    test('an unknown page is not found; blocks of another page are refused', () => {
      expect(() => when(11, [], { type: 'RestorePage', blocks: [], slugTaken: false })).toThrow(new NotFoundError('Page not found'));
      expect(() => when(10, [pageCreated], { type: 'RestorePage', blocks: [block(5, 11, 0)], slugTaken: false })).toThrow(
        'A page can only be restored to its own blocks',
      );
    });
  });
});
