import { GRADIENT_PRESETS } from '@team/contracts';
import { sanitizeOptionalRichText, sanitizeRichText } from './rich-text.sanitizer.js';

describe('sanitizeRichText keeps what the editor produces', () => {
  test.each([
    ['paragraphs and breaks', '<p>One<br />Two</p>'],
    ['inline formats', '<p><strong>b</strong><b>b</b><em>i</em><i>i</i><u>u</u><s>s</s></p>'],
    ['headings and quotes', '<h1>A</h1><h2>B</h2><h3>C</h3><blockquote>q</blockquote>'],
    ['semantic lists', '<ol><li>one</li></ol><ul><li>two</li></ul>'],
    ['Quill raw lists with data-list and their ui span', '<ol><li data-list="bullet"><span class="ql-ui"></span>x</li><li data-list="ordered">y</li></ol>'],
    ['code', '<pre class="ql-syntax">const a = 1;</pre><p><code>x</code></p>'],
    ['alignment, size and indent classes', '<p class="ql-align-center ql-indent-2"><span class="ql-size-large">x</span></p>'],
    ['http links', '<p><a href="https://example.com/a?b=1">x</a></p>'],
    ['site-relative links', '<p><a href="/tracker/leaderboard">x</a></p>'],
    ['images with safe sources', '<p><img src="https://cdn.example.com/a.png" alt="logo" /></p>'],
    ['colours and sizes', '<p><span style="color:#ff0000;background-color:rgb(1, 2, 3);font-size:20px">x</span></p>'],
    ['named colours and text alignment', '<p style="text-align:center"><span style="color:white">x</span></p>'],
  ])('%s', (_name, html) => {
    expect(sanitizeRichText(html)).toBe(html);
  });

  test('gradient text from every preset survives', () => {
    for (const preset of GRADIENT_PRESETS) {
      const html =
        `<span class="gradient-text" style="background-image:${preset.css};-webkit-background-clip:text;` +
        'background-clip:text;-webkit-text-fill-color:transparent;color:transparent">Team</span>';
      expect(sanitizeRichText(html)).toBe(html);
    }
  });

  test('a target=_blank link gets rel="noopener noreferrer" whatever rel it came with', () => {
    expect(sanitizeRichText('<a href="https://x.example" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  test('null stays null', () => {
    expect(sanitizeOptionalRichText(null)).toBeNull();
    expect(sanitizeOptionalRichText('<p>x</p>')).toBe('<p>x</p>');
  });
});

describe('sanitizeRichText removes everything else', () => {
  test.each([
    ['script elements with their content', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    ['style elements', '<style>body{display:none}</style><p>a</p>', '<p>a</p>'],
    ['iframes', '<iframe src="https://evil.example"></iframe><p>a</p>', '<p>a</p>'],
    ['event handlers', '<p onclick="alert(1)">a</p>', '<p>a</p>'],
    ['an image with onerror and a relative junk source', '<img src=x onerror=alert(1)>', ''],
    ['javascript: links', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['entity-encoded javascript: links', '<a href="jav&#x61;script:alert(1)">x</a>', '<a>x</a>'],
    ['javascript: with a tab inside', '<a href="java\tscript:alert(1)">x</a>', '<a>x</a>'],
    ['protocol-relative links', '<a href="//evil.example/x">x</a>', '<a>x</a>'],
    ['data: images', '<img src="data:image/png;base64,AAAA" alt="x">', ''],
    ['url() in styles', '<span style="background-image:url(https://evil.example/t.png)">x</span>', '<span>x</span>'],
    ['url() hidden in background', '<span style="background:url(javascript:alert(1))">x</span>', '<span>x</span>'],
    ['a gradient with a second declaration smuggled in', '<span style="background:linear-gradient(red, blue);position:fixed">x</span>', '<span>x</span>'],
    ['positioning and other properties', '<p style="position:fixed;top:0;z-index:9999">x</p>', '<p>x</p>'],
    ['expression() colours', '<span style="color:expression(alert(1))">x</span>', '<span>x</span>'],
    ['unknown classes', '<p class="ant-modal ql-align-center">x</p>', '<p class="ql-align-center">x</p>'],
    ['forms and inputs', '<form action="/x"><input value="k"><button>b</button></form>', 'b'],
    ['unknown data attributes and ids', '<p id="root" data-x="1">x</p>', '<p>x</p>'],
    ['bad data-list values', '<li data-list="evil">x</li>', '<li>x</li>'],
    ['svg', '<svg><script>alert(1)</script></svg>', ''],
  ])('%s', (_name, html, expected) => {
    expect(sanitizeRichText(html)).toBe(expected);
  });

  test('a gradient-looking value that isGradientCss refuses is dropped', () => {
    expect(sanitizeRichText('<span style="background-image:linear-gradient(red, url(x))">x</span>')).toBe('<span>x</span>');
  });
});
