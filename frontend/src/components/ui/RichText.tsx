import DOMPurify from 'dompurify';
import { createElement, useMemo, type HTMLAttributes } from 'react';

/**
 * Rich text from the content editor (react-quill-new) rendered safely.
 *
 * DOMPurify strips scripts, event handlers and javascript: URLs. On top of its
 * defaults, inline styles are cut down to what the editor produces (font sizes,
 * colours, gradient text, alignment) so stored markup cannot restyle or overlay the
 * page, and classes are cut down to Quill's `ql-*` formatting classes.
 */

const ALLOWED_STYLE_PROPERTIES = new Set([
  'font-size',
  'color',
  'background-color',
  'background-image',
  'background',
  'background-clip',
  '-webkit-background-clip',
  '-webkit-text-fill-color',
  'text-align',
  'font-weight',
  'font-style',
  'text-decoration',
]);

/** Only gradients may paint a background: `url(...)` would fetch from anywhere. */
const UNSAFE_STYLE_VALUE = /url\s*\(|expression\s*\(|javascript:|@import|[<>]/i;

function sanitizeStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => declaration.trim())
    .filter((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon <= 0) return false;
      const property = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1);
      return ALLOWED_STYLE_PROPERTIES.has(property) && !UNSAFE_STYLE_VALUE.test(value);
    })
    .join('; ');
}

function sanitizeClassList(value: string): string {
  return value
    .split(/\s+/)
    .filter((name) => /^ql-[a-z0-9-]+$/.test(name))
    .join(' ');
}

const purifier = DOMPurify();

purifier.addHook('uponSanitizeAttribute', (_node, data) => {
  if (data.attrName === 'style') data.attrValue = sanitizeStyle(data.attrValue);
  if (data.attrName === 'class') data.attrValue = sanitizeClassList(data.attrValue);
});

purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
    node.setAttribute('rel', 'noopener noreferrer');
  } else if (node.tagName === 'A') {
    node.removeAttribute('target');
  }
});

/** Sanitised HTML for the editor's rich text. */
export function sanitizeRichText(html: string): string {
  return purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
  });
}

type RichTextTag = 'div' | 'span' | 'h1' | 'h2' | 'h3' | 'h4';

export interface RichTextProps extends Omit<HTMLAttributes<HTMLElement>, 'children' | 'dangerouslySetInnerHTML'> {
  html: string | null | undefined;
  /** Element that wraps the markup; `div` unless a heading is meant. */
  as?: RichTextTag;
}

export function RichText({ html, as = 'div', className, ...rest }: RichTextProps) {
  const clean = useMemo(() => sanitizeRichText(html ?? ''), [html]);
  return createElement(as, {
    ...rest,
    className: className ? `rich-text ${className}` : 'rich-text',
    dangerouslySetInnerHTML: { __html: clean },
  });
}

/** Plain text of rich HTML, for places that show a title as text (alt texts, labels). */
export function richTextToPlain(html: string | null | undefined): string {
  if (!html) return '';
  const container = document.createElement('div');
  container.innerHTML = sanitizeRichText(html);
  return (container.textContent ?? '').trim();
}
