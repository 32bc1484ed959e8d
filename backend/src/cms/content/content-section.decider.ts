import type { ContentPage, ContentSection, ContentSectionEvent, SectionFieldChanges, SectionFields } from '@team/contracts';
import { ConflictError, InvalidInputError, NotFoundError } from '../../shared/domain-errors.js';
import type { Decider } from '../../shared/decide-and-append.js';

/** The sections of one content page (home, about or roster): the consistency boundary of their order. */
export interface ContentPageState {
  page: ContentPage;
  /** Live sections by id; `order` is the display position (ties break by id). */
  sections: ReadonlyMap<number, ContentSection>;
}

/** Already validated and sanitised by the handler; `id` comes from the id source. */
export type CreateSection = { type: 'CreateSection'; id: number; section: string } & SectionFields;
/** `imageUrl` undefined leaves the image as it is, `playerId` undefined the card's player (null: nobody). */
export type EditSection = { type: 'EditSection'; id: number; title: string; content: string; imageUrl?: string | null; playerId?: number | null };
export type DeleteSection = { type: 'DeleteSection'; id: number };
export type ReorderSections = { type: 'ReorderSections'; orderedIds: number[] };
/**
 * Make a section equal one of its versions again: an edit of what differs while it is live,
 * a restore under its id once it is deleted. The handler found the id in this stream's
 * history (the state only knows live sections); the fields are sanitised again.
 */
export type RestoreSection = { type: 'RestoreSection'; id: number; section: string } & SectionFields;
export type ContentSectionCommand = CreateSection | EditSection | DeleteSection | ReorderSections | RestoreSection;

export const SECTION_NOT_FOUND = 'Content section not found';

/** Only a roster card shows a tracker player (issue 42). */
function checkPlayerPage(state: ContentPageState, playerId: number | null | undefined): void {
  if (playerId != null && state.page !== 'roster') {
    throw new InvalidInputError('The content section is not valid', [`playerId must be null on the ${state.page} page: only roster cards can name a tracker player`]);
  }
}

/** The section naming `playerId`, or nobody (the field absent, as in the events of such sections). */
function withPlayer(section: ContentSection, playerId: number | null | undefined): ContentSection {
  const { playerId: _previous, ...rest } = section;
  return playerId == null ? rest : { ...rest, playerId };
}

/** Sections in display order. */
export function orderedSections(state: ContentPageState): ContentSection[] {
  return [...state.sections.values()].sort((a, b) => a.order - b.order || a.id - b.id);
}

function sectionOf(state: ContentPageState, id: number): ContentSection {
  const section = state.sections.get(id);
  if (!section) throw new NotFoundError(SECTION_NOT_FOUND);
  return section;
}

export function contentSectionDecider(page: ContentPage): Decider<ContentPageState, ContentSectionCommand, ContentSectionEvent> {
  return {
    initialState: () => ({ page, sections: new Map() }),
    evolve,
    decide,
  };
}

export function evolve(state: ContentPageState, event: ContentSectionEvent): ContentPageState {
  const sections = new Map(state.sections);
  switch (event.type) {
    case 'ContentSectionCreated':
      sections.set(event.data.id, event.data);
      break;
    case 'ContentEdited': {
      const current = sections.get(event.data.id);
      if (!current) break;
      const { playerId, ...after } = event.data.after;
      const edited = { ...current, ...after };
      sections.set(event.data.id, playerId === undefined ? edited : withPlayer(edited, playerId));
      break;
    }
    case 'ContentSectionDeleted':
      sections.delete(event.data.id);
      break;
    case 'ContentSectionRestored':
      sections.set(event.data.id, event.data);
      break;
    case 'ContentSectionsReordered':
      event.data.after.forEach((id, index) => {
        const current = sections.get(id);
        if (current) sections.set(id, { ...current, order: index });
      });
      break;
  }
  return { ...state, sections };
}

export function decide(command: ContentSectionCommand, state: ContentPageState): ContentSectionEvent[] {
  switch (command.type) {
    case 'CreateSection': {
      // Ids come from a sequence, so a clash means the id source is broken: refuse rather than overwrite.
      if (state.sections.has(command.id)) throw new ConflictError(`Content section ${command.id} already exists`);
      checkPlayerPage(state, command.playerId);
      const created: ContentSection = {
        id: command.id,
        page: state.page,
        section: command.section,
        title: command.title,
        content: command.content,
        imageUrl: command.imageUrl,
        order: nextOrder(state),
      };
      return [{ type: 'ContentSectionCreated', data: withPlayer(created, command.playerId) }];
    }
    case 'EditSection': {
      const current = sectionOf(state, command.id);
      checkPlayerPage(state, command.playerId);
      const before: SectionFieldChanges = {};
      const after: SectionFieldChanges = {};
      if (command.title !== current.title) {
        before.title = current.title;
        after.title = command.title;
      }
      if (command.content !== current.content) {
        before.content = current.content;
        after.content = command.content;
      }
      if (command.imageUrl !== undefined && command.imageUrl !== current.imageUrl) {
        before.imageUrl = current.imageUrl;
        after.imageUrl = command.imageUrl;
      }
      if (command.playerId !== undefined && command.playerId !== (current.playerId ?? null)) {
        before.playerId = current.playerId ?? null;
        after.playerId = command.playerId;
      }
      if (Object.keys(after).length === 0) return [];
      return [
        { type: 'ContentEdited', data: { id: current.id, page: state.page, section: current.section, before, after } },
      ];
    }
    case 'DeleteSection':
      return [{ type: 'ContentSectionDeleted', data: sectionOf(state, command.id) }];
    case 'ReorderSections': {
      const current = orderedSections(state).map((section) => section.id);
      const given = new Set(command.orderedIds);
      const unknown = command.orderedIds.filter((id) => !state.sections.has(id));
      const missing = current.filter((id) => !given.has(id));
      const repeated = given.size !== command.orderedIds.length;
      if (unknown.length > 0 || missing.length > 0 || repeated) {
        const details: string[] = [];
        if (unknown.length > 0) details.push(`not sections of ${state.page}: ${unknown.join(', ')}`);
        if (missing.length > 0) details.push(`missing: ${missing.join(', ')}`);
        if (repeated) details.push('an id is listed more than once');
        throw new InvalidInputError(`orderedIds must list every section of the ${state.page} page exactly once`, details);
      }
      if (current.every((id, index) => id === command.orderedIds[index])) return [];
      return [{ type: 'ContentSectionsReordered', data: { page: state.page, before: current, after: [...command.orderedIds] } }];
    }
    case 'RestoreSection': {
      const { id, section, title, content, imageUrl, playerId } = command;
      // A version naming nobody restores a card naming nobody.
      if (state.sections.has(id)) return decide({ type: 'EditSection', id, title, content, imageUrl, playerId: playerId ?? null }, state);
      const restored: ContentSection = { id, page: state.page, section, title, content, imageUrl, order: nextOrder(state) };
      return [{ type: 'ContentSectionRestored', data: withPlayer(restored, playerId) }];
    }
  }
}

/** Where a new or restored section goes: after the last one. */
function nextOrder(state: ContentPageState): number {
  const last = orderedSections(state).at(-1);
  return last ? last.order + 1 : 0;
}
