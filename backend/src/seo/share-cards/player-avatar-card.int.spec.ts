import fs from 'node:fs';
import sharp from 'sharp';
import { withKey } from '../../../test/support/admin-keys.js';
import { matchLine, recordMatch } from '../../../test/support/ladder-requests.js';
import { upload } from '../../../test/support/media-uploads.js';
import { startTestApp, TEST_ADMIN_KEY, type TestApp } from '../../../test/support/test-app.js';
import { one, pngSize, rawGet, readHead, writeShellFolder } from '../../../test/support/seo/seo-fixtures.js';
import { MEDIA_BLOBS_TABLE } from '../../media/media-blobs.js';
import { AVATAR_SIZE } from './card-avatars.js';

// Issue 42: a player's share card draws the avatar a moderator set from the media library, read
// from the library's store in PostgreSQL; the card's version (ETag, og:image ?v=) follows it, and
// an avatar that is elsewhere, gone or unreadable leaves the card as it is without one.

type Rgb = [number, number, number];
const BLUE: Rgb = [37, 99, 235];
const GREEN: Rgb = [0, 200, 83];

/** A square PNG of one colour, as an admin would upload it. */
const solid = (side: number, [r, g, b]: Rgb) => sharp({ create: { width: side, height: side, channels: 3, background: { r, g, b } } }).png().toBuffer();

/** The pixels of a PNG close to `colour` (WebP's and resvg's rounding allowed): how many, and the box they fill. */
async function pixelsLike(png: Buffer, colour: Rgb) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const box = { left: Infinity, top: Infinity, right: -1, bottom: -1 };
  let count = 0;
  const near = (offset: number) => colour.every((value, channel) => Math.abs(data[offset + channel]! - value) <= 24);
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (!near((y * info.width + x) * 3)) continue;
      count++;
      box.left = Math.min(box.left, x);
      box.top = Math.min(box.top, y);
      box.right = Math.max(box.right, x);
      box.bottom = Math.max(box.bottom, y);
    }
  }
  const at = (x: number, y: number) => near((Math.round(y) * info.width + Math.round(x)) * 3);
  return { count, box, at };
}

describe("a player's share card with the avatar (/og/players/{id}.png)", () => {
  let app: TestApp;
  let shellFolder: string;
  let ann: number;
  let plain: { body: Buffer; etag: string };

  beforeAll(async () => {
    shellFolder = writeShellFolder();
    app = await startTestApp({ STATIC_DIR: shellFolder, PUBLIC_URL: 'https://team.example' });
    const match = await recordMatch(app, { winningTeam: 'team1', team1: [matchLine('avatar-ann', 'Ann')], team2: [matchLine('avatar-bob', 'Bob')] });
    ann = match.participants[0]!.playerId;
    const first = await card();
    plain = { body: first.body, etag: first.headers.etag! };
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(shellFolder, { recursive: true, force: true });
  });

  const card = (headers: Record<string, string> = {}) => rawGet(`${app.baseUrl}/og/players/${ann}.png`, headers);
  const setAvatar = async (avatarUrl: string | null) => {
    const answer = await app.call('PUT', `/api/admin/players/${ann}/profile`, { json: { avatarUrl }, headers: withKey(TEST_ADMIN_KEY) });
    expect(answer.status).toBe(200);
  };
  const uploaded = async (colour: Rgb) => {
    const answer = await upload(app.baseUrl, { bytes: await solid(400, colour), name: 'avatar.png', type: 'image/png' }, { key: TEST_ADMIN_KEY });
    expect(answer.status).toBe(201);
    return { url: answer.body.url as string, hash: (answer.body.url as string).slice('/media/'.length, -'.png'.length) };
  };
  /** The `?v=` of the player page's og:image, read by plain HTTP as a link preview does. */
  const linkedVersion = async () => {
    const html = await (await fetch(`${app.baseUrl}/tracker/players?playerId=${ann}`)).text();
    return new URL(one(readHead(html), 'og:image')).searchParams.get('v');
  };

  test('draws the avatar as a circle of AVATAR_SIZE beside the name: a new PNG and a new ETag, which the page links', async () => {
    expect((await pixelsLike(plain.body, BLUE)).count).toBe(0);
    expect(await linkedVersion()).toBe(plain.etag.slice(1, -1));

    const { url } = await uploaded(BLUE);
    await setAvatar(url);
    const drawn = await card();
    expect(drawn.status).toBe(200);
    expect(pngSize(drawn.body)).toEqual({ width: 1200, height: 630 });
    expect(drawn.body.equals(plain.body)).toBe(false);
    expect(drawn.headers.etag).not.toBe(plain.etag);
    expect(await linkedVersion()).toBe(drawn.headers.etag!.slice(1, -1));

    const blue = await pixelsLike(drawn.body, BLUE);
    const { left, top, right, bottom } = blue.box;
    // A circle of AVATAR_SIZE: its box is that square, filled about π/4 (the corners are the ring's).
    expect(right - left + 1).toBeGreaterThanOrEqual(AVATAR_SIZE - 4);
    expect(right - left + 1).toBeLessThanOrEqual(AVATAR_SIZE + 2);
    expect(bottom - top + 1).toBeGreaterThanOrEqual(AVATAR_SIZE - 4);
    expect(bottom - top + 1).toBeLessThanOrEqual(AVATAR_SIZE + 2);
    expect(blue.count / (AVATAR_SIZE * AVATAR_SIZE)).toBeGreaterThan(0.7);
    expect(blue.count / (AVATAR_SIZE * AVATAR_SIZE)).toBeLessThan(0.85);
    const [middleX, middleY] = [(left + right) / 2, (top + bottom) / 2];
    expect(blue.at(middleX, middleY)).toBe(true);
    expect(blue.at(left + 3, top + 3)).toBe(false);
    // Left of the name, inside the frame (the brand bar is 18 px, the padding 52).
    expect(left).toBeGreaterThan(60);
    expect(right).toBeLessThan(400);

    // The new version is the one kept: 304 for it, the old ETag gets the new picture.
    expect((await card({ 'if-none-match': drawn.headers.etag! })).status).toBe(304);
    const again = await card({ 'if-none-match': plain.etag });
    expect(again.status).toBe(200);
    expect(again.body.equals(drawn.body)).toBe(true);
  });

  test('an avatar elsewhere is not fetched: the card is the one without an avatar, version and all', async () => {
    await setAvatar('https://cdn.example.com/ann.png');
    const answer = await card();
    expect(answer.headers.etag).toBe(plain.etag);
    expect(answer.body.equals(plain.body)).toBe(true);
    expect(await linkedVersion()).toBe(plain.etag.slice(1, -1));
  });

  test('a library avatar whose stored bytes are unreadable, or gone, falls back to the card without one', async () => {
    const unreadable = await uploaded(GREEN);
    await app.knex(MEDIA_BLOBS_TABLE).where({ hash: unreadable.hash }).update({ bytes: Buffer.from('not an image at all') });
    await setAvatar(unreadable.url);
    const broken = await card();
    expect(broken.status).toBe(200);
    expect(broken.body.equals(plain.body)).toBe(true);
    expect((await pixelsLike(broken.body, GREEN)).count).toBe(0);

    const gone = await uploaded([250, 204, 21]);
    await app.knex(MEDIA_BLOBS_TABLE).where({ hash: gone.hash }).delete();
    await setAvatar(gone.url);
    const missing = await card();
    expect(missing.status).toBe(200);
    expect(missing.body.equals(plain.body)).toBe(true);
  });

  test('removing the avatar gives the card without one back', async () => {
    await setAvatar(null);
    const answer = await card();
    expect(answer.headers.etag).toBe(plain.etag);
    expect(answer.body.equals(plain.body)).toBe(true);
  });
});
