/**
 * What the editor's HTML becomes before it is saved.
 *
 * - Quill's empty document ("<p><br></p>") is stored as no text at all.
 * - Quill 2's semantic HTML writes every space as `&nbsp;`, which would stop the public
 *   pages from wrapping lines. A run of n spaces is stored as one ordinary space followed
 *   by n - 1 non-breaking ones: it looks the same and wraps. Only Quill writes the
 *   `&nbsp;` entity (a typed U+00A0 stays a raw character), so nothing else changes.
 */
export function toStoredHtml(html: string): string {
  if (html.replace(/<p><br><\/p>/g, '').trim() === '') return '';
  return html.replace(/(?:&nbsp;)+/g, (run) => ` ${'&nbsp;'.repeat(run.length / 6 - 1)}`);
}
