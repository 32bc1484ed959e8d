// Events of the CMS streams (docs/product.md#aggregates), shared by the deciders (backend) and the read models
// (projections). Every change keeps what it replaced, so an audit can diff and restore.
import type { ContentBlock, ContentSection } from '../api/content.js';
import type { ContentPage } from '../content/content-options.js';

/**
 * The editable fields of a section: what ContentEdited diffs. `playerId` (issue 42: a roster
 * card naming a tracker player) is absent from the events of sections that name nobody,
 * those from before it included, so they need no upcaster.
 */
export type SectionFields = Pick<ContentSection, 'title' | 'content' | 'imageUrl' | 'playerId'>;

/** A change of fields: `playerId: null` is a card that stopped naming its player. */
export type SectionFieldChanges = Partial<Omit<SectionFields, 'playerId'>> & { playerId?: number | null };

export type ContentSectionCreated = {
  type: 'ContentSectionCreated';
  data: ContentSection;
};

/** Only the fields that changed, with their values before and after. */
export type ContentEdited = {
  type: 'ContentEdited';
  data: {
    id: number;
    page: ContentPage;
    /** The section's slug id, so an audit line can name it. */
    section: string;
    before: SectionFieldChanges;
    after: SectionFieldChanges;
  };
};

/** Carries the whole deleted section, so it can be restored. */
export type ContentSectionDeleted = {
  type: 'ContentSectionDeleted';
  data: ContentSection;
};

/**
 * A deleted section brought back with its id, from one of its versions. It comes back at the
 * end of the page, like a new section: its old place may have been reordered away since.
 */
export type ContentSectionRestored = {
  type: 'ContentSectionRestored';
  data: ContentSection;
};

export type ContentSectionsReordered = {
  type: 'ContentSectionsReordered';
  data: { page: ContentPage; before: number[]; after: number[] };
};

/** Events of a `content-{page}` stream. */
export type ContentSectionEvent =
  | ContentSectionCreated
  | ContentEdited
  | ContentSectionDeleted
  | ContentSectionRestored
  | ContentSectionsReordered;

export const CONTENT_SECTION_EVENT_TYPES: readonly ContentSectionEvent['type'][] = [
  'ContentSectionCreated',
  'ContentEdited',
  'ContentSectionDeleted',
  'ContentSectionRestored',
  'ContentSectionsReordered',
];

export type PageCreated = {
  type: 'PageCreated';
  data: { id: number; slug: string; title: string; isSystem: boolean };
};

/** Carries the page and the blocks it still had, so it can be restored. */
export type PageDeleted = {
  type: 'PageDeleted';
  data: { id: number; slug: string; title: string; blocks: ContentBlock[] };
};

/** A deleted page brought back under its id and slug, with the blocks of the version restored. */
export type PageRestored = {
  type: 'PageRestored';
  data: { id: number; slug: string; title: string; blocks: ContentBlock[] };
};

/** A block created (`previous` null) or replaced as a whole (`previous` is what it replaced). */
export type ContentBlockSaved = {
  type: 'ContentBlockSaved';
  data: { pageId: number; block: ContentBlock; previous: ContentBlock | null };
};

export type ContentBlockDeleted = {
  type: 'ContentBlockDeleted';
  data: { pageId: number; block: ContentBlock };
};

/** Events of a `page-{id}` stream. */
export type PageEvent = PageCreated | PageDeleted | PageRestored | ContentBlockSaved | ContentBlockDeleted;

export const PAGE_EVENT_TYPES: readonly PageEvent['type'][] = [
  'PageCreated',
  'PageDeleted',
  'PageRestored',
  'ContentBlockSaved',
  'ContentBlockDeleted',
];

export const contentStreamId = (page: ContentPage): string => `content-${page}`;
export const pageStreamId = (pageId: number): string => `page-${pageId}`;

/**
 * A slug's reservation stream `page-slug-{slug}`: the event store itself keeps two pages from
 * sharing a slug. Reserved with expected revision "no stream" (or the revision of its last
 * release), so of two creations at once exactly one appends; released when the page is deleted.
 */
export type PageSlugReserved = { type: 'PageSlugReserved'; data: { slug: string; pageId: number } };
export type PageSlugReleased = { type: 'PageSlugReleased'; data: { slug: string; pageId: number } };
export type PageSlugEvent = PageSlugReserved | PageSlugReleased;

export const PAGE_SLUG_EVENT_TYPES: readonly PageSlugEvent['type'][] = ['PageSlugReserved', 'PageSlugReleased'];
export const pageSlugStreamId = (slug: string): string => `page-slug-${slug}`;

// History (the admins' versions and restore). A version is one event of a section's or a
// page's history with the state it left behind, so the editor can diff any two of them.

// The versions' wire types (VersionEventInfo, SectionVersion, PageVersion) are in api/content.ts.

export const BUILT_IN_VERSION_TYPE = 'BuiltIn';

/** POST /api/admin/content/{id}/restore and POST /api/admin/pages/{id}/restore */
export interface RestoreVersionRequest {
  version: number;
}
