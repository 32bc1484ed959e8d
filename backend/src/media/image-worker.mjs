// One upload's pixels, on a worker thread of image-processor.ts's pool: sharp reads the image's
// header (refusing one that claims more pixels than the limit before decoding a single one),
// then writes a WebP at each width narrower than the original. Decoding and encoding are CPU
// work of tens to hundreds of milliseconds that would otherwise hold the event loop.
//
// Plain JavaScript, loaded by Node itself and never built (as the share cards' worker): the
// server in backend/dist and the tests under Jest start this same file. It takes data only.
import { threadId } from 'node:worker_threads';
import sharp from 'sharp';

/**
 * @param {{ bytes: Uint8Array; widths: number[]; maxPixels: number; maxSide: number }} task
 * @returns {Promise<{ ok: true; width: number; height: number; format: string; variants: { width: number; height: number; bytes: Uint8Array }[]; threadId: number } | { ok: false; problem: string }>}
 */
export default async function resize({ bytes, widths, maxPixels, maxSide }) {
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const options = { limitInputPixels: maxPixels, animated: true, failOn: 'error' };
  let metadata;
  try {
    // The header alone (no pixel is decoded), without the limit, so a bomb is named as one.
    metadata = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, problem: 'The file could not be read as an image: it may be damaged or cut short.' };
  }
  // An animation's frames are stacked in pageHeight; its picture is one frame.
  const width = metadata.width ?? 0;
  const height = metadata.pageHeight ?? metadata.height ?? 0;
  const frames = metadata.pages ?? 1;
  if (!width || !height) return { ok: false, problem: 'The file could not be read as an image: it has no size.' };
  if (width > maxSide || height > maxSide || width * height * frames > maxPixels) {
    return {
      ok: false,
      problem: `The image is ${width}×${height} pixels${frames > 1 ? ` in ${frames} frames` : ''}: at most ${maxSide} pixels a side and ${maxPixels.toLocaleString('en-US')} pixels in all are taken.`,
    };
  }
  try {
    const variants = [];
    for (const target of widths.filter((candidate) => candidate < width)) {
      const { data, info } = await sharp(input, options).rotate().resize({ width: target }).webp({ quality: 80, effort: 4 }).toBuffer({ resolveWithObject: true });
      variants.push({ width: info.width, height: info.pageHeight ?? info.height, bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) });
    }
    // An image narrower than every width still gets one WebP, at its own size.
    if (variants.length === 0) {
      const { data, info } = await sharp(input, options).rotate().webp({ quality: 80, effort: 4 }).toBuffer({ resolveWithObject: true });
      variants.push({ width: info.width, height: info.pageHeight ?? info.height, bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) });
    }
    // The thread that did it, so the server can show it was not the event loop's (threadId 0).
    return { ok: true, width, height, format: metadata.format ?? 'unknown', variants, threadId };
  } catch {
    return { ok: false, problem: 'The file could not be read as an image: it may be damaged or cut short.' };
  }
}
