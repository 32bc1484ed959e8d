import { AdminKeyRefSchema } from '../admin-keys/admin-key-ref.js';
import { isoTime, wholeNumber, z } from './schema.js';
import { CONTENT_PAGES, BLOCK_TYPES, BLOCK_LAYOUTS, BLOCK_PADDINGS, TEXT_ALIGNS, BUTTON_STYLES, type ContentPage } from '../content/content-options.js';

export const ContentPageSchema = z.enum(CONTENT_PAGES).meta({ id: 'ContentPage' });

/** A content section ("content entry" on public reads). */
export const ContentSectionSchema = z
  .object({
    id: wholeNumber(),
    page: ContentPageSchema,
    section: z.string().meta({ description: 'Slug id within the page, e.g. "our-story".' }),
    title: z.string().meta({ description: 'Rich HTML, sanitised.' }),
    content: z.string().meta({ description: 'Rich HTML, sanitised.' }),
    imageUrl: z.string().nullable(),
    playerId: wholeNumber()
      .min(1)
      .optional()
      .meta({ description: 'Roster cards only: the tracker player the card shows, with live ELO, tier and record. Absent when the card names nobody.' }),
    order: wholeNumber(),
  })
  .meta({ id: 'ContentSection' });
export type ContentSection = z.infer<typeof ContentSectionSchema>;

export interface CreateContentRequest {
  page: ContentPage;
  section: string;
  title: string;
  content: string;
  imageUrl?: string | null;
  /** Roster cards only: the tracker player the card shows; null or absent names nobody. */
  playerId?: number | null;
}

export interface UpdateContentRequest {
  title: string;
  content: string;
  imageUrl?: string | null;
  /** Roster cards only; null names nobody, absent leaves the card's player as it is. */
  playerId?: number | null;
}

export interface ReorderContentRequest {
  orderedIds: number[];
}

export const ContentBlockSchema = z
  .object({
    id: wholeNumber(),
    pageId: wholeNumber(),
    blockType: z.enum(BLOCK_TYPES),
    layout: z.enum(BLOCK_LAYOUTS),
    order: wholeNumber(),
    padding: z.enum(BLOCK_PADDINGS),
    textAlign: z.enum(TEXT_ALIGNS),
    title: z.string().nullable(),
    content: z.string().nullable(),
    videoUrl: z.string().nullable(),
    imageUrl: z.string().nullable(),
    buttonText: z.string().nullable(),
    buttonUrl: z.string().nullable(),
    buttonStyle: z.enum(BUTTON_STYLES).nullable(),
  })
  .meta({ id: 'ContentBlock' });
export type ContentBlock = z.infer<typeof ContentBlockSchema>;

export const PageSchema = z.object({ id: wholeNumber(), slug: z.string(), title: z.string(), isSystem: z.boolean() }).meta({ id: 'Page' });
export type Page = z.infer<typeof PageSchema>;

export const PageWithBlocksSchema = PageSchema.extend({ contentBlocks: z.array(ContentBlockSchema) }).meta({ id: 'PageWithBlocks' });
export type PageWithBlocks = z.infer<typeof PageWithBlocksSchema>;

export interface CreatePageRequest {
  slug: string;
  title: string;
}

/** Body of POST /api/blocks (PUT /api/blocks/{id} takes the same without pageId). */
export type SaveBlockRequest = Omit<ContentBlock, 'id'> & { id?: number };

/** The event that made a version, for the history list. */
const versionEventShape = {
  version: wholeNumber().meta({ description: 'Counts the history from 1 without gaps (a system page also has a version 0); what a restore names.' }),
  position: wholeNumber().meta({ description: 'Global position of the event.' }),
  revision: wholeNumber().meta({ description: "The event's revision in its stream." }),
  recordedAt: isoTime(),
  actor: z.enum(['admin', 'public', 'system']),
  adminKey: AdminKeyRefSchema.optional().meta({ description: 'The key that made an admin event, by name, as the audit log names it.' }),
  correlationId: z.string(),
  eventType: z.string(),
  deleted: z.boolean().meta({ description: 'The event deleted the section or page; the version then shows what was deleted.' }),
};
export const VersionEventInfoSchema = z.object(versionEventShape).meta({ id: 'VersionEventInfo' });
export type VersionEventInfo = z.infer<typeof VersionEventInfoSchema>;

/** A section as a version shows it: its place on the page is not part of its history. */
export const SectionSnapshotSchema = ContentSectionSchema.omit({ order: true }).meta({ id: 'SectionSnapshot' });
export type SectionSnapshot = z.infer<typeof SectionSnapshotSchema>;

/** GET /api/admin/content/{id}/versions: one per create, edit, delete and restore, oldest first. */
export const SectionVersionSchema = z.object({ ...versionEventShape, section: SectionSnapshotSchema }).meta({ id: 'SectionVersion' });
export type SectionVersion = z.infer<typeof SectionVersionSchema>;

/**
 * GET /api/admin/pages/{id}/versions: one per event of the page's stream, oldest first
 * (`version` is the stream revision + 1). A system page starts with version 0, the built-in
 * page without blocks, which no event made: its position is 0, revision -1, actor `system`,
 * eventType `BuiltIn`, and recordedAt and correlationId are null.
 */
export const PageVersionSchema = z
  .object({
    ...versionEventShape,
    recordedAt: isoTime().nullable().meta({ description: 'null only for version 0 of a system page.' }),
    correlationId: z.string().nullable().meta({ description: 'null only for version 0 of a system page.' }),
    page: PageWithBlocksSchema,
  })
  .meta({ id: 'PageVersion' });
export type PageVersion = z.infer<typeof PageVersionSchema>;
