import type { ContentSection, ContentSectionEvent } from '@team/contracts';
import { ConflictError, InvalidInputError, NotFoundError } from '../../shared/domain-errors.js';
import { contentSectionDecider, type ContentSectionCommand } from './content-section.decider.js';

const decider = contentSectionDecider('about');

/** Given these events, when this command: the events it decides. */
function when(given: ContentSectionEvent[], command: ContentSectionCommand): ContentSectionEvent[] {
  return decider.decide(command, given.reduce(decider.evolve, decider.initialState()));
}

function section(id: number, order: number, overrides: Partial<ContentSection> = {}): ContentSection {
  return { id, page: 'about', section: `s-${id}`, title: `<p>T${id}</p>`, content: `<p>C${id}</p>`, imageUrl: null, order, ...overrides };
}

const created = (s: ContentSection): ContentSectionEvent => ({ type: 'ContentSectionCreated', data: s });

describe('content section decider', () => {
  test('a first section is created at order 0, later ones after the last', () => {
    const command = { type: 'CreateSection', id: 7, section: 'our-story', title: '<p>A</p>', content: '<p>B</p>', imageUrl: '/a.png' } as const;
    expect(when([], command)).toEqual([
      { type: 'ContentSectionCreated', data: { id: 7, page: 'about', section: 'our-story', title: '<p>A</p>', content: '<p>B</p>', imageUrl: '/a.png', order: 0 } },
    ]);
    expect(when([created(section(1, 0)), created(section(2, 5))], command)).toEqual([
      { type: 'ContentSectionCreated', data: { id: 7, page: 'about', section: 'our-story', title: '<p>A</p>', content: '<p>B</p>', imageUrl: '/a.png', order: 6 } },
    ]);
  });

  test('an id that is already used is refused', () => {
    expect(() => when([created(section(1, 0))], { type: 'CreateSection', id: 1, section: 'x', title: '', content: '', imageUrl: null })).toThrow(
      ConflictError,
    );
  });

  test('an edit keeps only what changed, before and after', () => {
    expect(when([created(section(1, 0))], { type: 'EditSection', id: 1, title: '<p>New</p>', content: '<p>C1</p>', imageUrl: '/i.png' })).toEqual([
      {
        type: 'ContentEdited',
        data: { id: 1, page: 'about', section: 's-1', before: { title: '<p>T1</p>', imageUrl: null }, after: { title: '<p>New</p>', imageUrl: '/i.png' } },
      },
    ]);
  });

  test('an edit without imageUrl leaves the image alone; an edit that changes nothing decides nothing', () => {
    const given = [created(section(1, 0, { imageUrl: '/keep.png' }))];
    expect(when(given, { type: 'EditSection', id: 1, title: '<p>T1</p>', content: '<p>C1</p>' })).toEqual([]);
    expect(when(given, { type: 'EditSection', id: 1, title: '<p>T1</p>', content: '<p>C1</p>', imageUrl: '/keep.png' })).toEqual([]);
  });

  test('the state after an edit is what the next edit diffs against', () => {
    const given: ContentSectionEvent[] = [
      created(section(1, 0)),
      { type: 'ContentEdited', data: { id: 1, page: 'about', section: 's-1', before: { title: '<p>T1</p>' }, after: { title: '<p>T2</p>' } } },
    ];
    expect(when(given, { type: 'EditSection', id: 1, title: '<p>T2</p>', content: '<p>C1</p>' })).toEqual([]);
  });

  test('editing or deleting an unknown or deleted section is NotFound', () => {
    const given: ContentSectionEvent[] = [created(section(1, 0)), { type: 'ContentSectionDeleted', data: section(1, 0) }];
    expect(() => when(given, { type: 'EditSection', id: 1, title: '', content: '' })).toThrow(NotFoundError);
    expect(() => when(given, { type: 'DeleteSection', id: 1 })).toThrow(NotFoundError);
    expect(() => when([], { type: 'DeleteSection', id: 9 })).toThrow('Content section not found');
  });

  test('a delete keeps the whole section, so it can be restored', () => {
    expect(when([created(section(1, 0)), created(section(2, 1))], { type: 'DeleteSection', id: 2 })).toEqual([
      { type: 'ContentSectionDeleted', data: section(2, 1) },
    ]);
  });

  test('a reorder of exactly the page ids records before and after', () => {
    const given = [created(section(1, 0)), created(section(2, 1)), created(section(3, 2))];
    expect(when(given, { type: 'ReorderSections', orderedIds: [3, 1, 2] })).toEqual([
      { type: 'ContentSectionsReordered', data: { page: 'about', before: [1, 2, 3], after: [3, 1, 2] } },
    ]);
    expect(when(given, { type: 'ReorderSections', orderedIds: [1, 2, 3] })).toEqual([]);
  });

  test('a reorder then a create puts the new section last in the new order', () => {
    const given: ContentSectionEvent[] = [
      created(section(1, 0)),
      created(section(2, 1)),
      { type: 'ContentSectionsReordered', data: { page: 'about', before: [1, 2], after: [2, 1] } },
    ];
    const [event] = when(given, { type: 'CreateSection', id: 3, section: 'x', title: '', content: '', imageUrl: null });
    expect(event).toMatchObject({ type: 'ContentSectionCreated', data: { id: 3, order: 2 } });
    expect(when(given, { type: 'ReorderSections', orderedIds: [2, 1] })).toEqual([]);
  });

  test.each([
    ['a missing id', [1, 2], 'missing: 3'],
    ['an id of another page', [1, 2, 3, 99], 'not sections of about: 99'],
    ['a repeated id', [1, 2, 3, 3], 'an id is listed more than once'],
    ['a repeated id in place of a missing one', [1, 2, 2], 'missing: 3'],
  ])('a reorder with %s is refused', (_name, orderedIds, detail) => {
    const given = [created(section(1, 0)), created(section(2, 1)), created(section(3, 2))];
    let error: unknown;
    try {
      when(given, { type: 'ReorderSections', orderedIds });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).message).toBe('orderedIds must list every section of the about page exactly once');
    expect((error as InvalidInputError).details).toContain(detail);
  });

  describe('restore', () => {
    const edited: ContentSectionEvent = {
      type: 'ContentEdited',
      data: { id: 1, page: 'about', section: 's-1', before: { title: '<p>T1</p>' }, after: { title: '<p>T2</p>' } },
    };
    const restoreTo = (fields: Partial<ContentSection> = {}) =>
      ({ type: 'RestoreSection', id: 1, section: 's-1', title: '<p>T1</p>', content: '<p>C1</p>', imageUrl: null, ...fields }) as const;

    test('a live section is edited back, recording only what differs', () => {
      expect(when([created(section(1, 0)), edited], restoreTo())).toEqual([
        { type: 'ContentEdited', data: { id: 1, page: 'about', section: 's-1', before: { title: '<p>T2</p>' }, after: { title: '<p>T1</p>' } } },
      ]);
    });

    test('a live section that already equals the version decides nothing', () => {
      expect(when([created(section(1, 0)), edited], restoreTo({ title: '<p>T2</p>' }))).toEqual([]);
    });

    test('a deleted section comes back under its id, after the last live one', () => {
      const given: ContentSectionEvent[] = [
        created(section(1, 0)),
        created(section(2, 1)),
        { type: 'ContentSectionDeleted', data: section(1, 0) },
      ];
      expect(when(given, restoreTo({ imageUrl: '/old.png' }))).toEqual([
        { type: 'ContentSectionRestored', data: section(1, 2, { imageUrl: '/old.png' }) },
      ]);
    });

    test('a restored section is live again: it can be edited and deleted', () => {
      const given: ContentSectionEvent[] = [
        created(section(1, 0)),
        { type: 'ContentSectionDeleted', data: section(1, 0) },
        { type: 'ContentSectionRestored', data: section(1, 0) },
      ];
      const state = given.reduce(decider.evolve, decider.initialState());
      expect(state.sections.get(1)).toEqual(section(1, 0));
      expect(when(given, { type: 'DeleteSection', id: 1 })).toEqual([{ type: 'ContentSectionDeleted', data: section(1, 0) }]);
    });
  });
});
