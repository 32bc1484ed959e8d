import { documentTitle, renderHead, type PageHead } from './page-head.js';

const head: PageHead = {
  status: 200,
  title: `<script>alert("x")</script> & 'co'`,
  description: 'He said "hi" & left <b>',
  canonicalPath: '/tracker/players?playerId=1&x="y"',
  type: 'profile',
  image: { path: '/og/players/1.png?v=abc', alt: '<img src=x onerror=alert(1)>' },
  properties: [['profile:username', '"><script>']],
};

describe('renderHead', () => {
  test('escapes every value: no tag, quote or ampersand of user input comes through raw', () => {
    const html = renderHead(head, 'https://team.example');
    expect(html).not.toMatch(/<script|<img|<b>/);
    expect(html).not.toMatch(/"hi"|"y"|'co'/);
    expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;co&#39; · Our Team</title>');
    expect(html).toContain('<link rel="canonical" href="https://team.example/tracker/players?playerId=1&#38;x=&#34;y&#34;" />');
  });

  test('a page without an address (a 404) gets no canonical link nor og:url, and noindex when asked', () => {
    const html = renderHead({ ...head, canonicalPath: null, noindex: true }, 'https://team.example');
    expect(html).not.toContain('canonical');
    expect(html).not.toContain('og:url');
    expect(html).toContain('<meta name="robots" content="noindex" />');
  });

  test("the document title is the page's, then the site's; the site's alone for none", () => {
    expect(documentTitle('Leaderboard')).toBe('Leaderboard · Our Team');
    expect(documentTitle(null)).toBe('Our Team');
    expect(documentTitle('Our Team')).toBe('Our Team');
  });
});
