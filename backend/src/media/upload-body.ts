import type { IncomingMessage, ServerResponse } from 'node:http';
import busboy from 'busboy';
import { PayloadTooLargeException } from '@nestjs/common';
import { MAX_ALT_LENGTH, MAX_MEDIA_BYTES } from '@team/contracts';
import { markBodyRead, readOffBody } from '../http/body-parsers.js';
import type { WebRequest } from '../http/request-facts.js';
import { InvalidInputError } from '../shared/domain-errors.js';

/** POST /api/admin/media: the one route whose body is multipart, read here before the JSON reader. */
export const MEDIA_UPLOAD_PATH = '/api/admin/media';

/** How long the whole upload may take to arrive: 10 MB over a slow uplink. */
const UPLOAD_BODY_MAX_MS = 120_000;

export interface MediaUpload {
  file: Buffer;
  fileName: string;
  alt: string;
}

const UPLOAD = Symbol('mediaUpload');
type WithUpload = IncomingMessage & { [UPLOAD]?: MediaUpload };

/** The upload the middleware read, or null when the request had none. */
export function mediaUploadOf(request: IncomingMessage): MediaUpload | null {
  return (request as WithUpload)[UPLOAD] ?? null;
}

type Next = (error?: unknown) => void;

/** What a check of the admin key before reading looks like (AdminKeyGuard.check). */
export interface KeyCheck {
  check(request: WebRequest, role: 'editor'): Promise<unknown>;
}

/**
 * Reads a multipart/form-data upload (busboy, streamed): one `file` part of at most 10 MB and an
 * `alt` field. The key is checked before a byte is read, so no one else can make the server take
 * 10 MB. Past the limit the rest is read off (bounded) and the answer is 413; nothing is kept.
 * Once read, the request is marked read (markBodyRead), so the JSON reader after it leaves it be.
 */
export function mediaUploadBodies(keys: KeyCheck, limits: { bytes: number; ms: number } = { bytes: MAX_MEDIA_BYTES, ms: UPLOAD_BODY_MAX_MS }) {
  return (request: WebRequest, response: ServerResponse, next: Next): void => {
    if (request.method !== 'POST') return next();
    keys.check(request, 'editor').then(
      () => readUpload(request, response, limits, next),
      (error: unknown) => {
        response.setHeader('Connection', 'close');
        next(error);
      },
    );
  };
}

function readUpload(request: WebRequest, response: ServerResponse, limits: { bytes: number; ms: number }, next: Next): void {
  const type = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) {
    return next(new InvalidInputError('Send the image as multipart/form-data with a file part (and an optional alt part).'));
  }
  const declared = Number(request.headers['content-length']);
  // A declared body far over the limit is refused before it is read (the parts' headers take a few hundred bytes).
  if (Number.isFinite(declared) && declared > limits.bytes + 64 * 1024) return refuse(request, response, next, new PayloadTooLargeException());
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: request.headers, limits: { fileSize: limits.bytes, files: 1, fields: 4, fieldSize: MAX_ALT_LENGTH * 4, parts: 6 } });
  } catch {
    return next(new InvalidInputError('The upload is not valid multipart/form-data.'));
  }
  const chunks: Buffer[] = [];
  let fileName = '';
  let alt = '';
  let sawFile = false;
  let failure: unknown = null;
  let settled = false;
  const finish = (error: unknown) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    request.unpipe(parser);
    if (error) return refuse(request, response, next, error);
    if (!sawFile) return next(new InvalidInputError('The upload has no file part: send the image in a part named "file".'));
    (request as WithUpload)[UPLOAD] = { file: Buffer.concat(chunks), fileName, alt };
    markBodyRead(request);
    next();
  };
  const timer = setTimeout(() => {
    response.setHeader('Connection', 'close');
    finish(new InvalidInputError('The upload took too long to arrive.'));
  }, limits.ms);
  parser.on('file', (name, stream, info) => {
    if (name !== 'file') {
      stream.resume();
      return;
    }
    sawFile = true;
    fileName = info.filename ?? '';
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('limit', () => {
      failure = new PayloadTooLargeException();
      chunks.length = 0;
      stream.resume();
    });
  });
  parser.on('field', (name, value) => {
    if (name === 'alt') alt = value;
  });
  parser.on('error', () => finish(failure ?? new InvalidInputError('The upload is not valid multipart/form-data.')));
  parser.on('close', () => finish(failure));
  request.on('error', () => finish(new InvalidInputError('The request body did not arrive whole.')));
  request.pipe(parser);
}

/** Refuses after reading off what is left of the body (bounded), so a client still sending gets the answer. */
function refuse(request: IncomingMessage, response: ServerResponse, next: Next, error: unknown): void {
  readOffBody(request, (whole) => {
    if (!whole) response.setHeader('Connection', 'close');
    markBodyRead(request);
    next(error);
  });
}
