import sanitizeHtml from 'sanitize-html';

/** Tags that end a line of text: a space goes before each, so "<p>a</p><p>b</p>" reads "a b". */
const BLOCK_TAG = /<(\/?(?:p|div|li|h[1-6]|blockquote|pre|ul|ol|tr|td|th|section|article)\b|br\b)/gi;

const TEXT_ONLY: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  // Dropped with their content: never words of the page.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'title'],
};

/**
 * The words of rich HTML (a section's or a block's), for a description: tags and the contents
 * of scripts and styles dropped, entities decoded, white space collapsed. The result is plain
 * text, to be escaped where it is written.
 */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  const text = sanitizeHtml(html.replace(BLOCK_TAG, ' <$1'), TEXT_ONLY);
  // sanitize-html escapes &, < and > in the text it keeps; decoded here, & last.
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `max` characters (whole code points), cut after a word where one ends late enough, with an ellipsis. */
export function clip(text: string, max: number): string {
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  const cut = characters.slice(0, max - 1).join('');
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
