import { checkBlock, checkCreatePage, checkCreateSection, checkEditSection, checkRestoreVersion, utf8Length } from './cms-validation.js';

describe('CMS request checks', () => {
  test('utf8Length counts bytes, not characters', () => {
    expect(utf8Length('abc')).toBe(3);
    expect(utf8Length('é')).toBe(2);
    expect(utf8Length('€')).toBe(3);
    expect(utf8Length('😀')).toBe(4);
  });

  test('a section is normalised: trimmed id, empty image URL as null, no tracker player as null', () => {
    expect(checkCreateSection({ page: 'home', section: ' hero ', title: '', content: '', imageUrl: '  ' })).toEqual({
      ok: true,
      value: { page: 'home', section: 'hero', title: '', content: '', imageUrl: null, playerId: null },
    });
  });

  test("a roster card's tracker player is a player's ID or null; an edit without it leaves it (issue 42)", () => {
    expect(checkCreateSection({ page: 'roster', section: 'p1', title: '', content: '', playerId: 7 })).toMatchObject({ ok: true, value: { playerId: 7 } });
    expect(checkEditSection({ title: 'a', content: 'b', playerId: null })).toEqual({ ok: true, value: { title: 'a', content: 'b', playerId: null } });
    expect(checkEditSection({ title: 'a', content: 'b', playerId: 7 })).toEqual({ ok: true, value: { title: 'a', content: 'b', playerId: 7 } });
    for (const playerId of [0, -1, 1.5, '7', 2 ** 31]) {
      expect(checkEditSection({ title: 'a', content: 'b', playerId })).toEqual({ ok: false, errors: ['playerId must be a whole number from 1 to 2147483647'] });
    }
  });

  test('an edit without imageUrl does not mention it; with null it clears it', () => {
    expect(checkEditSection({ title: 'a', content: 'b' })).toEqual({ ok: true, value: { title: 'a', content: 'b' } });
    expect(checkEditSection({ title: 'a', content: 'b', imageUrl: null })).toEqual({ ok: true, value: { title: 'a', content: 'b', imageUrl: null } });
  });

  test('every problem is reported at once', () => {
    expect(checkCreateSection({ page: 'x', title: 1, content: null, imageUrl: 'javascript:alert(1)' })).toEqual({
      ok: false,
      errors: [
        'page must be one of home, about, roster',
        'section is required',
        'title must be a string',
        'content must be a string',
        'imageUrl must be an http(s) URL or a path starting with /',
      ],
    });
  });

  test('slugs are lowercase letters, digits and hyphens, 1 to 64 long', () => {
    expect(checkCreatePage({ slug: 'a-1', title: 'T' }).ok).toBe(true);
    expect(checkCreatePage({ slug: 'a'.repeat(64), title: 'T' }).ok).toBe(true);
    for (const slug of ['A', 'a_b', 'a b', 'ä', 'a'.repeat(65), '../x']) expect(checkCreatePage({ slug, title: 'T' }).ok).toBe(false);
  });

  test('a block gets the page builder defaults; empty button style and URLs become null', () => {
    expect(checkBlock({ pageId: 4, blockType: 'button', buttonStyle: '', buttonUrl: '', buttonText: ' ' })).toEqual({
      ok: true,
      value: {
        pageId: 4,
        fields: {
          blockType: 'button',
          layout: 'full',
          order: null,
          padding: 'medium',
          textAlign: 'left',
          title: null,
          content: null,
          videoUrl: null,
          imageUrl: null,
          buttonText: null,
          buttonUrl: null,
          buttonStyle: null,
        },
      },
    });
  });

  test('an HTML block may be as large as its own limit, a title not', () => {
    expect(checkBlock({ blockType: 'html', content: 'x'.repeat(100 * 1024) }).ok).toBe(true);
    expect(checkBlock({ blockType: 'html', content: 'x'.repeat(100 * 1024 + 1) }).ok).toBe(false);
    expect(checkBlock({ blockType: 'text', title: 'x'.repeat(2 * 1024 + 1) }).ok).toBe(false);
  });

  test('a restore names a version: a whole number from 0', () => {
    expect(checkRestoreVersion({ version: 0 })).toEqual({ ok: true, value: 0 });
    expect(checkRestoreVersion({ version: 3 })).toEqual({ ok: true, value: 3 });
    for (const version of [undefined, null, '1', 1.5, -1, Number.MAX_SAFE_INTEGER + 1]) {
      expect(checkRestoreVersion({ version })).toEqual({ ok: false, errors: ['version must be a whole number from 0'] });
    }
    expect(checkRestoreVersion([1])).toEqual({ ok: false, errors: ['the body must be a JSON object'] });
  });
});
