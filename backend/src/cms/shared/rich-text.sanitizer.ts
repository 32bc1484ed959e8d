import sanitizeHtml from 'sanitize-html';
import { isGradientCss, isSafeUrl } from '@team/contracts';

// What the rich-text editor (Quill 2 through react-quill-new) produces, and nothing more.
// Rich text is sanitised when stored (here) and again when shown (the front end), so a
// stored payload is harmless even to a reader that forgets the second step.

const HEX = '#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})';
const CHANNEL = '\\s*\\d{1,3}(?:\\.\\d{1,4})?%?\\s*';
const ALPHA = '\\s*(?:0|1|0?\\.\\d{1,4}|\\d{1,3}%)\\s*';
const RGB = `rgba?\\(${CHANNEL},${CHANNEL},${CHANNEL}(?:,${ALPHA})?\\)`;
/** Named colours are plain words; nothing that could hold url(), quotes or a second declaration. */
const NAMED = '[a-z]{3,20}';
const COLOR = new RegExp(`^(?:${HEX}|${RGB}|${NAMED})$`, 'i');
const FONT_SIZE = /^\d{1,3}(?:\.\d{1,2})?(?:px|em|rem|%)$/i;
const TEXT_ALIGN = /^(?:left|center|right|justify)$/i;

/**
 * sanitize-html tests each allowed style value with `.test(value)`; this lets the gradient
 * grammar of contracts (a function, not a regular expression) decide for background values.
 */
const GRADIENT = { test: (value: string) => isGradientCss(value) } as unknown as RegExp;

const LIST_KINDS = ['bullet', 'ordered', 'checked', 'unchecked'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'img', 'ol', 'ul', 'li', 'pre', 'code', 'h1', 'h2', 'h3', 'blockquote', 'span'],
  allowedAttributes: {
    '*': ['class', 'style'],
    a: ['href', { name: 'target', multiple: false, values: ['_blank'] }, 'rel'],
    img: ['src', 'alt'],
    li: ['data-list'],
  },
  allowedClasses: {
    '*': ['ql-align-center', 'ql-align-right', 'ql-align-justify', 'ql-size-*', 'ql-indent-*', 'gradient-text'],
    pre: ['ql-syntax'],
    // Quill's list markers when the editor hands over its raw HTML.
    span: ['ql-ui'],
  },
  allowedStyles: {
    '*': {
      color: [COLOR],
      'background-color': [COLOR],
      'font-size': [FONT_SIZE],
      'text-align': [TEXT_ALIGN],
      // Gradient text: a gradient painted behind the glyphs and clipped to them.
      'background-image': [GRADIENT],
      background: [GRADIENT],
      '-webkit-background-clip': [/^text$/i],
      'background-clip': [/^text$/i],
      '-webkit-text-fill-color': [/^transparent$/i],
    },
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Dropped with their content: never shown as text either.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    a: (tagName, attribs) => {
      const { href, target } = attribs;
      const safe: Record<string, string> = {};
      // Entities are already decoded here, so "jav&#x61;script:" arrives as what it is.
      if (href !== undefined && isSafeUrl(href)) safe.href = href;
      if (target === '_blank') {
        safe.target = '_blank';
        // A new tab must not get a handle on this window (window.opener) or learn where it came from.
        safe.rel = 'noopener noreferrer';
      }
      for (const name of ['class', 'style']) if (attribs[name] !== undefined) safe[name] = attribs[name]!;
      return { tagName, attribs: safe };
    },
    li: (tagName, attribs) => {
      const { 'data-list': kind, ...rest } = attribs;
      return { tagName, attribs: kind !== undefined && LIST_KINDS.includes(kind) ? { ...rest, 'data-list': kind } : rest };
    },
    img: (tagName, attribs) => {
      const { src, alt, ...rest } = attribs;
      const safe: Record<string, string> = { ...rest };
      if (src !== undefined && isSafeUrl(src)) safe.src = src;
      if (alt !== undefined) safe.alt = alt;
      return { tagName, attribs: safe };
    },
  },
  // An image whose source was refused shows nothing useful: drop it.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Rich HTML from the editor, reduced to the whitelist above. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Same, keeping null as null (block fields are optional). */
export function sanitizeOptionalRichText(html: string | null): string | null {
  return html === null ? null : sanitizeRichText(html);
}
