// One share card's pixels, on a worker thread of render-card.ts's pool: satori lays the card out
// into SVG (text as paths), resvg rasterises it to PNG. Both are CPU work of 50–150 ms that used
// to hold the event loop.
//
// Plain JavaScript, loaded by Node itself and never built: the server in backend/dist and the
// tests under Jest (which compile TypeScript in memory, where a worker cannot reach it) start this
// same file. It takes data only (the card's drawing, its size, the font files), so it imports
// nothing of ours.
import { readFile } from 'node:fs/promises';
import { renderAsync } from '@resvg/resvg-js';
import Piscina from 'piscina';
import satori from 'satori';
import sharp from 'sharp';

/** @type {{ fonts: { name: string; file: string; weight: number }[] }} */
const { fonts: fontFiles } = Piscina.workerData;

/** Read on this thread's first card and kept: satori keeps its parsed copy per array, so it is always the same one. */
let fonts = null;

function cardFonts() {
  fonts ??= Promise.all(
    fontFiles.map(async ({ name, file, weight }) => ({ name, data: await readFile(file), weight, style: 'normal' })),
  );
  fonts.catch(() => (fonts = null));
  return fonts;
}

/**
 * @param {{ card: object; width: number; height: number }} task The drawing in satori's object syntax.
 * @returns {Promise<Uint8Array>} The PNG.
 */
export default async function renderCard({ card, width, height }) {
  const svg = await satori(card, { width, height, fonts: await cardFonts() });
  // renderAsync, not `new Resvg().render()`: the synchronous image keeps its 3 MB of pixels until
  // the garbage collector happens to take its small wrapper, which grew a thread by that much a card.
  const png = (await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } })).asPng();
  // Copied once into a buffer of its own, which is handed over to the pool's thread, not cloned.
  return Piscina.move(Uint8Array.prototype.slice.call(png));
}

/**
 * A picture for a card (a player's avatar, from the media library's store): cropped to a square
 * from its centre and scaled to `size`, as a PNG, which satori and resvg both read whatever the
 * stored format was (WebP, or an SVG original). Null when sharp cannot read the bytes, so the card
 * is drawn without it.
 *
 * @param {{ bytes: Uint8Array; size: number; maxPixels: number }} task
 * @returns {Promise<Uint8Array | null>}
 */
export async function picture({ bytes, size, maxPixels }) {
  try {
    const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const png = await sharp(input, { limitInputPixels: maxPixels, failOn: 'error' }).rotate().resize(size, size, { fit: 'cover' }).png().toBuffer();
    return Piscina.move(Uint8Array.prototype.slice.call(png));
  } catch {
    return null;
  }
}
