// Checks of the CMS request bodies (docs/product.md#entities, #validation), run by the server and usable by the editor.
// They check shape, lists and sizes and normalise empty URLs to null; sanitising the rich
// text is the server's job after these pass.
import {
  BLOCK_LAYOUTS,
  BLOCK_PADDINGS,
  BLOCK_TYPES,
  BUTTON_STYLES,
  CONTENT_PAGES,
  TEXT_ALIGNS,
  type ContentBlock,
  type ContentPage,
} from '../api/content.js';
import { textProblem } from '../text/text-rules.js';
import { isSafeUrl } from '../urls/urls.js';
import { PAGE_TITLE_MAX_LENGTH, SLUG_PATTERN } from './pages-rules.js';

export const SECTION_ID_MAX_LENGTH = 100;
/** Rich HTML titles: room for a few styled (gradient) spans, not for a document. */
export const TITLE_MAX_BYTES = 2 * 1024;
export const RICH_CONTENT_MAX_BYTES = 100 * 1024;
export const HTML_BLOCK_MAX_BYTES = 100 * 1024;
export const URL_MAX_LENGTH = 2048;
export const BUTTON_TEXT_MAX_LENGTH = 200;
/** A block's order is its position among at most a few hundred blocks. */
export const BLOCK_ORDER_MAX = 10_000;

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: string[] };

/** Block fields as saved: everything but the ids; `order` null means "after the last block". */
export type BlockFields = Omit<ContentBlock, 'id' | 'pageId' | 'order'> & { order: number | null };

export interface SectionInput {
  page: ContentPage;
  section: string;
  title: string;
  content: string;
  imageUrl: string | null;
}

export interface SectionEditInput {
  title: string;
  content: string;
  /** undefined: leave the image as it is. */
  imageUrl?: string | null;
}

export function isContentPage(value: unknown): value is ContentPage {
  return typeof value === 'string' && (CONTENT_PAGES as readonly string[]).includes(value);
}

/** UTF-8 length without TextEncoder or Buffer, so it runs anywhere. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

const kb = (bytes: number) => `${bytes / 1024} KB`;

function asRecord(body: unknown): Record<string, unknown> | null {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

/** A collector of field errors that returns normalised values as it checks them. */
class Checker {
  readonly errors: string[] = [];
  constructor(private readonly body: Record<string, unknown>) {}

  oneOf<T extends string>(field: string, allowed: readonly T[], fallback?: T): T {
    const value = this.body[field];
    if ((value === undefined || value === null) && fallback !== undefined) return fallback;
    if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
    this.errors.push(`${field} must be one of ${allowed.join(', ')}`);
    return allowed[0]!;
  }

  html(field: string, maxBytes: number, options: { nullable: true }): string | null;
  html(field: string, maxBytes: number, options?: { nullable: false }): string;
  html(field: string, maxBytes: number, options: { nullable: boolean } = { nullable: false }): string | null {
    const value = this.body[field];
    if (options.nullable && (value === undefined || value === null)) return null;
    if (typeof value !== 'string') {
      this.errors.push(`${field} must be a string`);
      return '';
    }
    if (utf8Length(value) > maxBytes) this.errors.push(`${field} must be at most ${kb(maxBytes)}`);
    this.storable(field, value, true);
    return value;
  }

  /** Refuses text PostgreSQL cannot store and control characters (tab and newlines only where multi-line). */
  private storable(field: string, value: string, multiline: boolean): boolean {
    const problem = textProblem(value, { multiline });
    if (problem) this.errors.push(`${field} ${problem}`);
    return problem === null;
  }

  text(field: string, maxLength: number, options: { required: boolean }): string | null {
    const value = this.body[field];
    const blank = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
    if (blank) {
      if (options.required) this.errors.push(`${field} is required`);
      return options.required ? '' : null;
    }
    if (typeof value !== 'string') {
      this.errors.push(`${field} must be a string`);
      return null;
    }
    const trimmed = value.trim();
    if (trimmed.length > maxLength) this.errors.push(`${field} must be at most ${maxLength} characters`);
    // Checked before trimming: a trailing newline in a one-line field is a broken client, not a name.
    this.storable(field, value, false);
    return trimmed;
  }

  /** Empty means no URL; anything else must be http(s) or site-relative (never javascript: or data:). */
  url(field: string): string | null {
    const value = this.body[field];
    if (value === undefined || value === null || value === '') return null;
    if (typeof value !== 'string') {
      this.errors.push(`${field} must be a string`);
      return null;
    }
    const trimmed = value.trim();
    if (trimmed === '') return null;
    if (!this.storable(field, value, false)) return trimmed;
    if (trimmed.length > URL_MAX_LENGTH) {
      this.errors.push(`${field} must be at most ${URL_MAX_LENGTH} characters`);
    } else if (!isSafeUrl(trimmed)) {
      this.errors.push(`${field} must be an http(s) URL or a path starting with /`);
    }
    return trimmed;
  }

  integer(field: string, min: number, max: number, options: { required: boolean }): number | null {
    const value = this.body[field];
    if (!options.required && (value === undefined || value === null)) return null;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      this.errors.push(`${field} must be a whole number from ${min} to ${max}`);
      return null;
    }
    return value;
  }

  result<T>(value: T): Checked<T> {
    return this.errors.length === 0 ? { ok: true, value } : { ok: false, errors: this.errors };
  }
}

const NOT_AN_OBJECT: Checked<never> = { ok: false, errors: ['the body must be a JSON object'] };

/** POST /api/content */
export function checkCreateSection(body: unknown): Checked<SectionInput> {
  const record = asRecord(body);
  if (!record) return NOT_AN_OBJECT;
  const c = new Checker(record);
  return c.result({
    page: c.oneOf('page', CONTENT_PAGES),
    section: c.text('section', SECTION_ID_MAX_LENGTH, { required: true }) ?? '',
    title: c.html('title', TITLE_MAX_BYTES),
    content: c.html('content', RICH_CONTENT_MAX_BYTES),
    imageUrl: c.url('imageUrl'),
  });
}

/** PUT /api/content/{id} */
export function checkEditSection(body: unknown): Checked<SectionEditInput> {
  const record = asRecord(body);
  if (!record) return NOT_AN_OBJECT;
  const c = new Checker(record);
  const value: SectionEditInput = {
    title: c.html('title', TITLE_MAX_BYTES),
    content: c.html('content', RICH_CONTENT_MAX_BYTES),
  };
  if ('imageUrl' in record) value.imageUrl = c.url('imageUrl');
  return c.result(value);
}

/** POST /api/content/{page}/reorder: the ids only; whether they match the page is the decider's call. */
export function checkReorder(body: unknown): Checked<number[]> {
  const record = asRecord(body);
  if (!record) return NOT_AN_OBJECT;
  const ids = record.orderedIds;
  if (!Array.isArray(ids) || !ids.every((id) => Number.isSafeInteger(id) && (id as number) > 0)) {
    return { ok: false, errors: ['orderedIds must be an array of section ids'] };
  }
  return { ok: true, value: ids as number[] };
}

/** POST /api/pages */
export function checkCreatePage(body: unknown): Checked<{ slug: string; title: string }> {
  const record = asRecord(body);
  if (!record) return NOT_AN_OBJECT;
  const c = new Checker(record);
  const slug = record.slug;
  if (typeof slug !== 'string' || slug === '') c.errors.push('slug is required');
  else if (!SLUG_PATTERN.test(slug)) c.errors.push('slug must be 1 to 64 lowercase letters, digits or hyphens');
  const title = c.text('title', PAGE_TITLE_MAX_LENGTH, { required: true }) ?? '';
  return c.result({ slug: typeof slug === 'string' ? slug : '', title });
}

/** POST /api/blocks (with pageId) and PUT /api/blocks/{id} (the whole block; pageId optional). */
export function checkBlock(body: unknown): Checked<{ pageId: number | null; fields: BlockFields }> {
  const record = asRecord(body);
  if (!record) return NOT_AN_OBJECT;
  const c = new Checker(record);
  const pageId = c.integer('pageId', 1, Number.MAX_SAFE_INTEGER, { required: false });
  const blockType = c.oneOf('blockType', BLOCK_TYPES);
  const fields: BlockFields = {
    blockType,
    // Defaults are what the page builder gives a new block (docs/product.md#states-and-transitions).
    layout: c.oneOf('layout', BLOCK_LAYOUTS, 'full'),
    order: c.integer('order', 0, BLOCK_ORDER_MAX, { required: false }),
    padding: c.oneOf('padding', BLOCK_PADDINGS, 'medium'),
    textAlign: c.oneOf('textAlign', TEXT_ALIGNS, 'left'),
    title: c.html('title', TITLE_MAX_BYTES, { nullable: true }),
    content: c.html('content', blockType === 'html' ? HTML_BLOCK_MAX_BYTES : RICH_CONTENT_MAX_BYTES, { nullable: true }),
    videoUrl: c.url('videoUrl'),
    imageUrl: c.url('imageUrl'),
    buttonText: c.text('buttonText', BUTTON_TEXT_MAX_LENGTH, { required: false }),
    buttonUrl: c.url('buttonUrl'),
    buttonStyle:
      record.buttonStyle === undefined || record.buttonStyle === null || record.buttonStyle === ''
        ? null
        : c.oneOf('buttonStyle', BUTTON_STYLES),
  };
  return c.result({ pageId, fields });
}

/** POST /api/admin/content/{id}/restore and /api/admin/pages/{id}/restore: whether the version exists is the server's call. */
export function checkRestoreVersion(body: unknown): Checked<number> {
  const record = asRecord(body);
  if (!record) return NOT_AN_OBJECT;
  const version = record.version;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0) {
    return { ok: false, errors: ['version must be a whole number from 0'] };
  }
  return { ok: true, value: version };
}
