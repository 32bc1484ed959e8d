import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { acceptedEncodings } from './precompressed-assets.js';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Below this a compressed copy saves less than its headers cost (the compression middleware's
 * own threshold).
 */
const COMPRESS_FROM_BYTES = 1024;

/**
 * How a view is compressed, best first. Brotli at quality 5, not 11: a copy is made again at
 * every projector position a browser reads, so it must take milliseconds, not a second.
 */
const ENCODINGS = [
  { name: 'br', compress: (body: Buffer) => brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }) },
  { name: 'gzip', compress: (body: Buffer) => gzip(body, { level: 6 }) },
] as const;

type EncodingName = (typeof ENCODINGS)[number]['name'];

/**
 * A JSON answer serialised, encoded to bytes and named by an ETag once (see the ladder's
 * RankingCache), with a Brotli and a gzip copy made on first demand. A read of a cached view
 * then costs writing bytes out: no JSON.stringify, no UTF-8 encoding, no compression, no hashing.
 */
export class CachedView {
  /** The UTF-8 JSON body. */
  readonly body: Buffer;
  private readonly compressed = new Map<EncodingName, Promise<Buffer>>();

  constructor(
    readonly etag: string,
    value: unknown,
  ) {
    this.body = Buffer.from(JSON.stringify(value), 'utf8');
  }

  /** The body compressed with `encoding`, made once; concurrent first readers share the work. */
  encoded(encoding: EncodingName): Promise<Buffer> {
    let copy = this.compressed.get(encoding);
    if (!copy) {
      copy = ENCODINGS.find((candidate) => candidate.name === encoding)!.compress(this.body);
      this.compressed.set(encoding, copy);
      copy.catch(() => this.compressed.delete(encoding));
    }
    return copy;
  }
}

/** Whether an If-None-Match header names `etag` (weak or strong; `*` matches any current view). */
export function presents(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/**
 * The encoding to send for an Accept-Encoding header. The header of a browser is the same on
 * every request, so its answer is remembered (a handful of distinct headers in practice; the
 * map is bounded all the same).
 */
const chosenEncodings = new Map<string, EncodingName | null>();
function chooseEncoding(header: string | undefined): EncodingName | null {
  if (!header) return null;
  let chosen = chosenEncodings.get(header);
  if (chosen === undefined) {
    const accepted = acceptedEncodings(header);
    chosen = ENCODINGS.find((candidate) => accepted.has(candidate.name))?.name ?? null;
    if (chosenEncodings.size >= 64) chosenEncodings.clear();
    chosenEncodings.set(header, chosen);
  }
  return chosen;
}

/**
 * Sends a cached JSON view, or 304 when the client already has it. Works on the bare node
 * response, after whatever headers the middleware before it set (security headers, the
 * correlation id): it sets its own and writes the ready bytes, so the framework's send (which would
 * encode the string again) and the compression middleware (which would compress it again) stay
 * out of the way. The Content-Encoding it sets tells the compression middleware to leave it alone.
 * A compressed copy that cannot be made is not an error: the plain body goes instead.
 */
export function sendView(request: IncomingMessage, response: ServerResponse, view: CachedView): void {
  response.setHeader('ETag', view.etag);
  response.setHeader('Cache-Control', 'no-cache');
  response.setHeader('Vary', 'Accept-Encoding');
  if (presents(request.headers['if-none-match'], view.etag)) {
    response.statusCode = 304;
    response.end();
    return;
  }
  const encoding = view.body.length >= COMPRESS_FROM_BYTES ? chooseEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return writeBody(request, response, view.body, null);
  view.encoded(encoding).then(
    (body) => writeBody(request, response, body, encoding),
    () => writeBody(request, response, view.body, null),
  );
}

function writeBody(request: IncomingMessage, response: ServerResponse, body: Buffer, encoding: EncodingName | null): void {
  response.statusCode = 200;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Content-Length', body.length);
  if (encoding) response.setHeader('Content-Encoding', encoding);
  response.end(request.method === 'HEAD' ? undefined : body);
}
