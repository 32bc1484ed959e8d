// The CMS request bodies (docs/product.md#entities, #validation) as schemas: the server checks with them, the editor may,
// and the OpenAPI document describes them. They check shape, lists and sizes and normalise
// empty URLs to null; sanitising the rich text is the server's job after these pass.
import { type ContentBlock } from '../api/content.js';
import { BLOCK_LAYOUTS, BLOCK_PADDINGS, BLOCK_TYPES, BUTTON_STYLES, CONTENT_PAGES, TEXT_ALIGNS, type ContentPage } from '../content/content-options.js';
import { checkWith, z } from '../api/schema.js';
import { textProblem } from '../text/text-rules.js';
import { isSafeUrl, URL_MAX_LENGTH } from '../urls/urls.js';
import { PAGE_TITLE_MAX_LENGTH, SLUG_PATTERN } from '../site/pages-rules.js';

export const SECTION_ID_MAX_LENGTH = 100;
/** Rich HTML titles: room for a few styled (gradient) spans, not for a document. */
export const TITLE_MAX_BYTES = 2 * 1024;
export const RICH_CONTENT_MAX_BYTES = 100 * 1024;
export const HTML_BLOCK_MAX_BYTES = 100 * 1024;
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
  /** Roster cards only (the decider says so for other pages); null names nobody. */
  playerId: number | null;
}

export interface SectionEditInput {
  title: string;
  content: string;
  /** undefined: leave the image as it is. */
  imageUrl?: string | null;
  /** undefined: leave the card's player as it is; null: name nobody. */
  playerId?: number | null;
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

// Each message continues its field's name: `title must be a string` (checked with separator ' ').
const NOT_AN_OBJECT = 'the body must be a JSON object';
const body = <S extends z.core.$ZodLooseShape>(shape: S) => z.object(shape, { error: NOT_AN_OBJECT });

const oneOf = <T extends readonly [string, ...string[]]>(allowed: T) => z.enum(allowed, { error: `must be one of ${allowed.join(', ')}` });
/** Absent or null is the page builder's default for a new block (docs/product.md#states-and-transitions). */
const oneOfOr = <T extends readonly [string, ...string[]]>(allowed: T, fallback: T[number]) =>
  oneOf(allowed)
    .nullish()
    .transform((value) => value ?? fallback)
    .meta({ default: fallback });

/** Refuses text PostgreSQL cannot store and control characters (tab and newlines only where multi-line). */
function storable(value: string, multiline: boolean, ctx: z.RefinementCtx): boolean {
  const problem = textProblem(value, { multiline });
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
  return problem === null;
}

const html = (maxBytes: number) =>
  z.string({ error: 'must be a string' }).superRefine((value, ctx) => {
    if (utf8Length(value) > maxBytes) ctx.addIssue({ code: 'custom', message: `must be at most ${kb(maxBytes)}` });
    storable(value, true, ctx);
  });
const optionalHtml = (maxBytes: number) =>
  html(maxBytes)
    .nullish()
    .transform((value) => value ?? null);

/** One-line text, trimmed; blank is absent. Checked before trimming: a trailing newline in a one-line field is a broken client, not a name. */
const text = (maxLength: number, required: boolean) =>
  z
    .string({ error: 'must be a string' })
    .nullish()
    .superRefine((value, ctx) => {
      if (value == null || value.trim() === '') {
        if (required) ctx.addIssue({ code: 'custom', message: 'is required' });
        return;
      }
      if (value.trim().length > maxLength) ctx.addIssue({ code: 'custom', message: `must be at most ${maxLength} characters` });
      storable(value, false, ctx);
    })
    .transform((value) => (value == null || value.trim() === '' ? null : value.trim()));
const requiredText = (maxLength: number) => text(maxLength, true).transform((value) => value ?? '');

/** Empty means no URL; anything else must be http(s) or site-relative (never javascript: or data:). */
const url = () =>
  z
    .string({ error: 'must be a string' })
    .nullish()
    .superRefine((value, ctx) => {
      const trimmed = value?.trim() ?? '';
      if (trimmed === '' || !storable(value!, false, ctx)) return;
      if (trimmed.length > URL_MAX_LENGTH) ctx.addIssue({ code: 'custom', message: `must be at most ${URL_MAX_LENGTH} characters` });
      else if (!isSafeUrl(trimmed)) ctx.addIssue({ code: 'custom', message: 'must be an http(s) URL or a path starting with /' });
    })
    .transform((value) => (value == null || value.trim() === '' ? null : value.trim()));

const wholeNumberFrom = (min: number, max?: number) => {
  const rule = { error: max === undefined ? `must be a whole number from ${min}` : `must be a whole number from ${min} to ${max}` };
  const from = z.int(rule).min(min, rule);
  return max === undefined ? from : from.max(max, rule);
};
const optionalWholeNumber = (min: number, max: number) =>
  wholeNumberFrom(min, max)
    .nullish()
    .transform((value) => value ?? null);

/** A roster card's tracker player: a player's ID, or null (or absent) for a card naming nobody. */
const playerId = () =>
  wholeNumberFrom(1, 2_147_483_647)
    .nullable()
    .meta({ description: "Roster cards only: the tracker player's ID (the card then shows the live ELO, tier and record); null names nobody." });

/** POST /api/content */
export const CreateSectionRequestSchema = body({
  page: oneOf(CONTENT_PAGES),
  section: requiredText(SECTION_ID_MAX_LENGTH).meta({ description: 'The section id within the page (a slug).' }),
  title: html(TITLE_MAX_BYTES).meta({ description: 'Rich HTML (sanitised when stored).' }),
  content: html(RICH_CONTENT_MAX_BYTES).meta({ description: 'Rich HTML (sanitised when stored).' }),
  imageUrl: url(),
  playerId: playerId()
    .optional()
    .transform((value) => value ?? null),
}).meta({ id: 'CreateContentRequest' });

/** PUT /api/content/{id}: without imageUrl the image stays as it is, without playerId the card's player. */
export const EditSectionRequestSchema = body({
  title: html(TITLE_MAX_BYTES),
  content: html(RICH_CONTENT_MAX_BYTES),
  imageUrl: url().optional(),
  playerId: playerId().optional(),
}).meta({ id: 'UpdateContentRequest' });

export const ReorderRequestSchema = body({ orderedIds: z.array(z.int().min(1)).meta({ description: "Exactly the page's section ids, in the new order." }) }).meta({
  id: 'ReorderContentRequest',
});

export const CreatePageRequestSchema = body({
  slug: z
    .string({ error: 'is required' })
    .min(1, { error: 'is required', abort: true })
    .regex(SLUG_PATTERN, { error: 'must be 1 to 64 lowercase letters, digits or hyphens' }),
  title: requiredText(PAGE_TITLE_MAX_LENGTH),
}).meta({ id: 'CreatePageRequest' });

/** The larger of the two content limits: what a block's content field refuses whatever its type. */
const CONTENT_MAX_BYTES = Math.max(RICH_CONTENT_MAX_BYTES, HTML_BLOCK_MAX_BYTES);

/** POST /api/blocks (with pageId) and PUT /api/blocks/{id} (the whole block; pageId optional). */
export const SaveBlockRequestSchema = body({
  pageId: optionalWholeNumber(1, Number.MAX_SAFE_INTEGER),
  blockType: oneOf(BLOCK_TYPES),
  layout: oneOfOr(BLOCK_LAYOUTS, 'full'),
  order: optionalWholeNumber(0, BLOCK_ORDER_MAX).meta({ description: 'Absent: after the last block.' }),
  padding: oneOfOr(BLOCK_PADDINGS, 'medium'),
  textAlign: oneOfOr(TEXT_ALIGNS, 'left'),
  title: optionalHtml(TITLE_MAX_BYTES),
  // HTML blocks have their own limit (the same today): the smaller one is checked below, with the block's type.
  content: optionalHtml(CONTENT_MAX_BYTES),
  videoUrl: url(),
  imageUrl: url(),
  buttonText: text(BUTTON_TEXT_MAX_LENGTH, false),
  buttonUrl: url(),
  buttonStyle: z
    .union([z.literal(''), oneOf(BUTTON_STYLES)], { error: `must be one of ${BUTTON_STYLES.join(', ')}` })
    .nullish()
    .transform((value) => (value ? value : null)),
})
  .superRefine((block, ctx) => {
    // Content over the larger limit is the field's own problem; this is the smaller one's.
    const max = block.blockType === 'html' ? HTML_BLOCK_MAX_BYTES : RICH_CONTENT_MAX_BYTES;
    const bytes = block.content === null ? 0 : utf8Length(block.content);
    if (bytes > max && bytes <= CONTENT_MAX_BYTES) ctx.addIssue({ code: 'custom', path: ['content'], message: `must be at most ${kb(max)}` });
  })
  .meta({ id: 'SaveBlockRequest' });

/** POST /api/admin/content/{id}/restore and /api/admin/pages/{id}/restore: whether the version exists is the server's call. */
export const RestoreVersionRequestSchema = body({ version: wholeNumberFrom(0) }).meta({ id: 'RestoreVersionRequest' });

function checked<S extends z.ZodType, T>(schema: S, value: unknown, pick: (parsed: z.output<S>) => T): Checked<T> {
  const result = checkWith(schema, value, { separator: ' ' });
  return result.ok ? { ok: true, value: pick(result.value) } : { ok: false, errors: result.problems };
}

export const checkCreateSection = (body: unknown): Checked<SectionInput> => checked(CreateSectionRequestSchema, body, (section) => section);

export const checkEditSection = (body: unknown): Checked<SectionEditInput> =>
  checked(EditSectionRequestSchema, body, ({ title, content, imageUrl, playerId }) => ({
    title,
    content,
    ...(imageUrl === undefined ? {} : { imageUrl }),
    ...(playerId === undefined ? {} : { playerId }),
  }));

/** The ids only; whether they match the page is the decider's call. */
export function checkReorder(body: unknown): Checked<number[]> {
  const result = checked(ReorderRequestSchema, body, ({ orderedIds }) => orderedIds);
  if (result.ok || result.errors[0] === NOT_AN_OBJECT) return result;
  return { ok: false, errors: ['orderedIds must be an array of section ids'] };
}

export const checkCreatePage = (body: unknown): Checked<{ slug: string; title: string }> => checked(CreatePageRequestSchema, body, (page) => page);

export const checkBlock = (body: unknown): Checked<{ pageId: number | null; fields: BlockFields }> =>
  checked(SaveBlockRequestSchema, body, ({ pageId, ...fields }) => ({ pageId, fields }));

export const checkRestoreVersion = (body: unknown): Checked<number> => checked(RestoreVersionRequestSchema, body, ({ version }) => version);
