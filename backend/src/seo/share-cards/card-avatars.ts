import { Inject, Injectable } from '@nestjs/common';
import type { Knex } from 'knex';
import type { MediaVariant } from '@team/contracts';
import { getPlayerProfiles, liveMediaByHash } from '@team/projections';
import { KNEX, READ_KNEX } from '../../infrastructure/tokens.js';
import { blobId, readBlob } from '../../media/media-blobs.js';

/** The avatar's side on a player's card, in pixels (card-designs.ts draws it). */
export const AVATAR_SIZE = 180;

/** A file of the media library as an avatar names it: `/media/{hash}.{ext}` or `/media/{hash}-{width}.webp`. */
const MEDIA_FILE = /^\/media\/([0-9a-f]{64})(?:\.(?:png|jpg|webp|gif|svg)|-\d{2,5}\.webp)$/;

/** The library's hash an avatar address names, or null for none or an address elsewhere. */
export function mediaHashOf(avatarUrl: string | null | undefined): string | null {
  return (avatarUrl && MEDIA_FILE.exec(avatarUrl)?.[1]) || null;
}

/**
 * Which stored rendition a card draws: the narrowest WebP at least AVATAR_SIZE wide (the 320 of
 * MEDIA_WIDTHS for most images), else the widest there is (an image narrower than every width
 * has one, at its own size), else the original (an SVG has no WebPs).
 */
export function cardRendition(hash: string, variants: readonly MediaVariant[]): string {
  const webps = variants.filter((variant) => variant.name !== 'original').sort((a, b) => a.width - b.width);
  const chosen = webps.find((variant) => variant.width >= AVATAR_SIZE) ?? webps.at(-1);
  return chosen ? blobId(hash, chosen.width) : blobId(hash, 'original');
}

/**
 * Players' avatars for their share cards (docs/sharing.md#share-cards). Only a file of the media
 * library is drawn, read from its store in PostgreSQL (media-blobs.ts), never fetched over HTTP:
 * an avatar elsewhere, or a library file since deleted, leaves the card as it is without one.
 */
@Injectable()
export class CardAvatars {
  constructor(
    @Inject(READ_KNEX) private readonly readKnex: Knex,
    @Inject(KNEX) private readonly knex: Knex,
  ) {}

  /**
   * The stored rendition a player's card draws (`{hash}:w320`), or null. Content-addressed, so
   * it names the picture: a card's version (its ETag) changes exactly when the avatar does.
   */
  async of(playerId: number): Promise<string | null> {
    const hash = mediaHashOf((await getPlayerProfiles(this.readKnex, [playerId])).get(playerId)?.avatarUrl);
    if (!hash) return null;
    const item = await liveMediaByHash(this.readKnex, hash);
    return item ? cardRendition(hash, item.variants) : null;
  }

  /** A rendition's bytes, from the primary (where the blobs are written), or null when none are stored. */
  async bytes(rendition: string): Promise<Buffer | null> {
    return (await readBlob(this.knex, rendition))?.bytes ?? null;
  }
}
