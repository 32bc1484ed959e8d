import type { MediaVariant } from '@team/contracts';
import { AVATAR_SIZE, cardRendition, mediaHashOf } from './card-avatars.js';

// Which avatars a player's share card draws, and from which stored rendition (docs/sharing.md#share-cards).

const HASH = 'a'.repeat(64);
const variant = (name: string, width: number, contentType = 'image/webp'): MediaVariant => ({ name, contentType, width, height: width, bytes: 1000 });

describe("a share card's avatar", () => {
  test.each([
    [`/media/${HASH}.png`, HASH],
    [`/media/${HASH}.svg`, HASH],
    [`/media/${HASH}-640.webp`, HASH],
    ['https://cdn.example.com/ann.png', null],
    [`https://team.example/media/${HASH}.png`, null],
    [`/media/${HASH}.png?x=1`, null],
    ['/media/abc123.png', null],
    [null, null],
  ])('%s names the library file %s', (url, hash) => {
    expect(mediaHashOf(url)).toBe(hash);
  });

  test('the narrowest WebP at least AVATAR_SIZE wide, whatever order the upload listed them in', () => {
    expect(AVATAR_SIZE).toBeLessThanOrEqual(320);
    const variants = [variant('original', 2000, 'image/png'), variant('1280', 1280), variant('320', 320), variant('640', 640)];
    expect(cardRendition(HASH, variants)).toBe(`${HASH}:w320`);
  });

  test('an image narrower than that: its one WebP; an SVG (no WebPs): the original', () => {
    expect(cardRendition(HASH, [variant('original', 96, 'image/png'), variant('96', 96)])).toBe(`${HASH}:w96`);
    expect(cardRendition(HASH, [variant('original', 64, 'image/svg+xml')])).toBe(`${HASH}:original`);
  });
});
