import { CONTROL_CHARACTER_RULE, isStorableText, LONE_SURROGATE_RULE, textProblem, unstorableTextPath } from './text-rules.js';

describe('textProblem', () => {
  test.each([
    ['plain text', 'Ace of Spades', false, null],
    ['emoji (a surrogate pair)', 'gg 🎯', false, null],
    ['NUL', 'a\u0000b', false, CONTROL_CHARACTER_RULE],
    ['escape', 'a\u001b[31mb', false, CONTROL_CHARACTER_RULE],
    ['tab in one line', 'a\tb', false, CONTROL_CHARACTER_RULE],
    ['newline in one line', 'a\nb', false, CONTROL_CHARACTER_RULE],
    ['tab and newlines in multi-line', 'a\tb\r\nc', true, null],
    ['bell in multi-line', 'a\u0007b', true, CONTROL_CHARACTER_RULE],
    ['lone high surrogate', 'x\ud800y', true, LONE_SURROGATE_RULE],
    ['lone low surrogate', 'x\udc00', false, LONE_SURROGATE_RULE],
    ['reversed pair', '\udc00\ud800', false, LONE_SURROGATE_RULE],
    ['DEL and C1 are not C0', 'a\u007f\u0085b', false, null],
  ])('%s', (_name, value, multiline, expected) => {
    expect(textProblem(value, { multiline })).toBe(expected);
  });
});

describe('isStorableText and unstorableTextPath', () => {
  test('only NUL and lone surrogates are unstorable', () => {
    expect(isStorableText('a\tb\u0007')).toBe(true);
    expect(isStorableText('a\u0000')).toBe(false);
    expect(isStorableText('\ud83d')).toBe(false);
  });

  test('names the first unstorable string or key, however deep', () => {
    expect(unstorableTextPath({ a: [1, 'ok', { b: 'x\u0000' }] })).toBe('data.a[2].b');
    expect(unstorableTextPath({ ['k\ud800']: 1 })).toBe('data');
    expect(unstorableTextPath({ a: { b: ['fine'] } })).toBeNull();
    let deep: unknown = 'x\ud800';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorableTextPath(deep, 'body')).toMatch(/^body(\[0\]){100000}$/);
  });
});
