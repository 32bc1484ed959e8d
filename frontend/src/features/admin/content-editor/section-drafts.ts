import type { ContentPage, ContentSection, CreateContentRequest, SectionTemplate, UpdateContentRequest } from '@team/contracts';
import { toStoredHtml } from '../shared/rich-text-editor/stored-html';

/**
 * A section as the editor holds it until Save (docs/product.md#states-and-transitions: edits stay local). `id` is the
 * server's id, absent until the section is created; `key` identifies the card while it
 * is dragged and edited, saved or not.
 */
export interface SectionDraft {
  key: string;
  id?: number;
  /** The section's slug id within its page, e.g. "our-story". */
  section: string;
  title: string;
  content: string;
  imageUrl: string;
  /** A roster card's tracker player (null: nobody); undefined on the other pages' sections, so their saves never send it. */
  playerId?: number | null;
}

export function draftFromSection(section: ContentSection): SectionDraft {
  return {
    key: `saved-${section.id}`,
    id: section.id,
    section: section.section,
    title: section.title,
    content: section.content,
    imageUrl: section.imageUrl ?? '',
    ...(section.page === 'roster' ? { playerId: section.playerId ?? null } : {}),
  };
}

/** Add Section: a blank section whose id is `section-{timestamp}` (docs/product.md#states-and-transitions). */
export function newSectionDraft(now: number): SectionDraft {
  const section = `section-${now}`;
  return { key: `new-${section}`, section, title: '', content: '', imageUrl: '' };
}

export function draftsFromTemplates(templates: readonly SectionTemplate[], now: number): SectionDraft[] {
  return templates.map((template, index) => ({
    key: `template-${now}-${index}`,
    section: template.section,
    title: template.title,
    content: template.content,
    imageUrl: template.imageUrl ?? '',
  }));
}


function imageUrl(value: string): string | null {
  return value.trim() === '' ? null : value.trim();
}

export function toUpdateRequest(draft: SectionDraft): UpdateContentRequest {
  return {
    title: toStoredHtml(draft.title),
    content: toStoredHtml(draft.content),
    imageUrl: imageUrl(draft.imageUrl),
    ...(draft.playerId !== undefined ? { playerId: draft.playerId } : {}),
  };
}

export function toCreateRequest(page: ContentPage, draft: SectionDraft): CreateContentRequest {
  return { page, section: draft.section.trim(), ...toUpdateRequest(draft) };
}

export interface SectionSavePlan {
  /** Ids of saved sections removed from the list. */
  deletes: number[];
  updates: Array<SectionDraft & { id: number }>;
  creates: SectionDraft[];
}

/** docs/product.md#states-and-transitions: Save deletes removed sections, updates those with an id and creates the rest, in that order. */
export function planSectionSave(drafts: readonly SectionDraft[], removedIds: readonly number[]): SectionSavePlan {
  return {
    deletes: [...removedIds],
    updates: drafts.filter((draft): draft is SectionDraft & { id: number } => draft.id !== undefined),
    creates: drafts.filter((draft) => draft.id === undefined),
  };
}

/**
 * Whether the server's order (saved sections in their stored order, new ones appended)
 * differs from the editor's, so the Save has to send the order as well.
 */
export function orderDiffers(storedOrder: readonly number[], createdIds: readonly number[], editorOrder: readonly number[]): boolean {
  const kept = new Set(editorOrder);
  const serverOrder = [...storedOrder.filter((id) => kept.has(id)), ...createdIds];
  return serverOrder.length !== editorOrder.length || serverOrder.some((id, index) => id !== editorOrder[index]);
}
