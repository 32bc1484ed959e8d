import type { MediaType } from '@team/contracts';

// An upload's type from its first bytes, never from its name or the type the browser claimed:
// a file renamed to .png is still whatever its bytes are.

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = [0x47, 0x49, 0x46, 0x38, 0x37, 0x61];
const GIF89 = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

/** An SVG document: an optional BOM, XML declaration, comments and doctype-free prologue, then `<svg`. */
const SVG_START = /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

/** The image type the bytes are, or null when they are none of PNG, JPEG, WebP, GIF or SVG. */
export function sniffMediaType(bytes: Uint8Array): MediaType | null {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return 'image/gif';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'image/webp';
  // Only a document that is text from its start can be an SVG; the head is enough to tell.
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('utf8');
  if (SVG_START.test(head)) return 'image/svg+xml';
  return null;
}
