import type { MediaEvent, MediaUploaded } from '@team/contracts';
import type { Decider } from '../shared/decide-and-append.js';
import { ConflictError, NotFoundError } from '../shared/domain-errors.js';

/** The library's images now, by id (the media-library stream: a few hundred images at most). */
export type MediaLibraryState = ReadonlyMap<string, MediaUploaded['data']>;

export type AddMedia = { type: 'AddMedia'; item: MediaUploaded['data'] };
export type DeleteMedia = { type: 'DeleteMedia'; id: string };
export type ChangeMediaAlt = { type: 'ChangeMediaAlt'; id: string; alt: string };
export type MediaCommand = AddMedia | ChangeMediaAlt | DeleteMedia;

/** An image's id as the upload makes it: `m` and 16 hex digits. */
export const MEDIA_ID = /^m[0-9a-f]{16}$/;

export const MEDIA_NOT_FOUND = 'This image is not in the media library (it may have been deleted already).';

export function evolve(state: MediaLibraryState, event: MediaEvent): MediaLibraryState {
  const next = new Map(state);
  if (event.type === 'MediaUploaded') next.set(event.data.id, event.data);
  else if (event.type === 'MediaAltChanged') {
    const item = next.get(event.data.id);
    if (item) next.set(item.id, { ...item, alt: event.data.alt });
  } else next.delete(event.data.id);
  return next;
}

export function decide(command: MediaCommand, state: MediaLibraryState): MediaEvent[] {
  if (command.type === 'AddMedia') {
    // Ids are random: a used one means the id source is broken, so refuse rather than overwrite.
    if (state.has(command.item.id)) throw new ConflictError('This media id is already in use.');
    return [{ type: 'MediaUploaded', data: command.item }];
  }
  const item = state.get(command.id);
  if (!item) throw new NotFoundError(MEDIA_NOT_FOUND);
  if (command.type === 'ChangeMediaAlt') {
    // The same text again changes nothing, so nothing is appended.
    if (command.alt === item.alt) return [];
    return [{ type: 'MediaAltChanged', data: { id: item.id, fileName: item.fileName, alt: command.alt, previousAlt: item.alt } }];
  }
  return [{ type: 'MediaDeleted', data: { id: item.id, hash: item.hash, fileName: item.fileName } }];
}

/** Whether another image of the library has the same bytes (the blobs are shared by hash). */
export function hashInUse(state: MediaLibraryState, hash: string): boolean {
  return [...state.values()].some((item) => item.hash === hash);
}

export const mediaDecider: Decider<MediaLibraryState, MediaCommand, MediaEvent> = { initialState: () => new Map(), evolve, decide };
