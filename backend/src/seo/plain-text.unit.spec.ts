import { clip, plainText } from './plain-text.js';

describe('plainText', () => {
  test('drops tags and the contents of scripts and styles, decodes entities, separates blocks', () => {
    expect(plainText('<p>Team <em>Vendetta</em> &amp; co &lt;b&gt;</p><p>Since&nbsp;2019 "quoted"</p><script>alert(1)</script><style>p{}</style>')).toBe(
      'Team Vendetta & co <b> Since 2019 "quoted"',
    );
    expect(plainText('<ul><li>one</li><li>two</li></ul>line<br>break')).toBe('one two line break');
    expect(plainText('&amp;lt;literal&amp;gt;')).toBe('&lt;literal&gt;');
  });

  test('nothing for empty or missing HTML', () => {
    expect(plainText(null)).toBe('');
    expect(plainText('<p> </p><p><br></p>')).toBe('');
  });
});

describe('clip', () => {
  test('keeps short text, cuts long text after a word with an ellipsis, never inside a character', () => {
    expect(clip('short', 10)).toBe('short');
    expect(clip('one two three four five', 14)).toBe('one two three…');
    expect(Array.from(clip('🎮'.repeat(20), 10))).toHaveLength(10);
  });
});
