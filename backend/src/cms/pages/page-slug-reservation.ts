import { randomUUID } from 'node:crypto';
import {
  type AppendContext,
  type EventStore,
  type PageEvent,
  type PageSlugEvent,
  pageSlugStreamId,
  pageStreamId,
  type RecordedEvent,
  WrongExpectedRevisionError,
} from '@team/contracts';
import { ConflictError } from '../../shared/domain-errors.js';
import { evolve, initialPageState, slugTakenMessage } from './page.decider.js';
import type { PageDirectory } from './page-directory.js';

/**
 * Slug uniqueness kept by the event store: one stream per slug (`page-slug-{slug}`) says
 * which page holds it. A page is created or restored only after its slug's reservation was
 * appended, with the stream revision the decision was made on, so two creations at once can
 * never both succeed, however far the read tables lag.
 */

/**
 * - none: no reservation stream (pages from before reservations existed may still hold the slug);
 * - reserved: `pageId` holds the slug;
 * - released: the slug's last page was deleted; it is free.
 */
type Reservation =
  | { status: 'none' }
  | { status: 'reserved'; pageId: number; revision: number }
  | { status: 'released'; revision: number };

async function readReservation(store: EventStore, slug: string): Promise<Reservation> {
  const events = (await store.readStream(pageSlugStreamId(slug))) as RecordedEvent<PageSlugEvent>[];
  const last = events.at(-1);
  if (!last) return { status: 'none' };
  return last.type === 'PageSlugReserved'
    ? { status: 'reserved', pageId: last.data.pageId, revision: last.revision }
    : { status: 'released', revision: last.revision };
}

/** Whether page `id` is deleted, from its own stream: its reservation then only lacks its release. */
export async function isPageDeleted(store: EventStore, id: number): Promise<boolean> {
  const events = (await store.readStream(pageStreamId(id))) as RecordedEvent<PageEvent>[];
  const state = events.reduce((current, event) => evolve(current, { type: event.type, data: event.data } as PageEvent), initialPageState(id));
  return state.status === 'deleted';
}

async function append(store: EventStore, event: PageSlugEvent, expected: number | 'no_stream', context: AppendContext): Promise<void> {
  await store.append(pageSlugStreamId(event.data.slug), [{ id: randomUUID(), type: event.type, data: event.data }], expected, context);
}

/**
 * Reserves `slug` for page `pageId`, or refuses with the 409 of a taken slug. Returns whether
 * it appended (false: the page held it already), so a caller whose next step fails knows
 * whether to release it again.
 *
 * Pages created before reservations existed have no reservation stream: for a slug without
 * one, the log is asked which live page has it (PageDirectory folds the PageCreated,
 * PageRestored and PageDeleted events up to the log's head). Every later page has a
 * reservation, and two creations at once still meet on the "no stream" append.
 */
export async function reserveSlug(
  store: EventStore,
  directory: PageDirectory,
  slug: string,
  pageId: number,
  context: AppendContext,
  takenMessage = slugTakenMessage(slug),
): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    const reservation = await readReservation(store, slug);
    let expected: number | 'no_stream';
    if (reservation.status === 'none') {
      const holder = await directory.slugHolder(slug);
      if (holder !== null && holder !== pageId) throw new ConflictError(takenMessage);
      expected = 'no_stream';
    } else if (reservation.status === 'reserved') {
      // A delete that stopped before its release leaves the reservation of a deleted page behind.
      const holderDeleted = await isPageDeleted(store, reservation.pageId);
      if (!holderDeleted) {
        if (reservation.pageId === pageId) return false;
        throw new ConflictError(takenMessage);
      }
      // Appended even when the deleted page is `pageId` (a restore): the append, not the read,
      // is what a creation taking the slug at the same moment collides with.
      expected = reservation.revision;
    } else {
      expected = reservation.revision;
    }
    try {
      await append(store, { type: 'PageSlugReserved', data: { slug, pageId } }, expected, context);
      return true;
    } catch (error) {
      // Someone else appended in between: decide again on what they appended (usually: taken).
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= 3) throw error;
    }
  }
}

/** Frees `slug` if page `pageId` holds it (a page from before reservations gets a stream that says released). */
export async function releaseSlug(store: EventStore, slug: string, pageId: number, context: AppendContext): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const reservation = await readReservation(store, slug);
    if (reservation.status === 'released') return;
    if (reservation.status === 'reserved' && reservation.pageId !== pageId) return;
    const expected = reservation.status === 'none' ? 'no_stream' : reservation.revision;
    try {
      await append(store, { type: 'PageSlugReleased', data: { slug, pageId } }, expected, context);
      return;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= 3) throw error;
    }
  }
}
