import type { IncomingMessage, ServerResponse } from 'node:http';
import { InvalidInputError } from '../shared/domain-errors.js';
import type { WebRequest } from './request-facts.js';

/** The most a JSON body may hold. */
export const MAX_JSON_BYTES = 1024 * 1024;

/** A body over its limit in bytes is refused with 413; one that takes longer than its time, with 408. */
export interface BodyLimits {
  bytes: number;
  ms: number;
}

type Next = (error?: unknown) => void;
type Middleware = (request: WebRequest, response: ServerResponse, next: Next) => void;

/** The HTTP error the error filter maps by its status (413, 408). */
class BodyRefusedError extends Error {
  constructor(readonly status: number) {
    super(`request body refused (${status})`);
  }
}

const BODY_READ = Symbol('bodyRead');
type Marked = WebRequest & { [BODY_READ]?: true };

/** Marks a request whose body another reader has taken (a multipart upload): the JSON reader then leaves it be. */
export function markBodyRead(request: IncomingMessage): void {
  (request as Marked)[BODY_READ] = true;
}

/** Whether the request carries a body at all: a length over 0 or a chunked transfer. */
function carriesBody(request: IncomingMessage): boolean {
  if (request.headers['transfer-encoding'] !== undefined) return true;
  const length = request.headers['content-length'];
  return length !== undefined && length !== '0';
}

function mediaTypeOf(request: IncomingMessage): string | undefined {
  return request.headers['content-type']?.split(';', 1)[0]!.trim().toLowerCase();
}

/**
 * Reads a request's body as UTF-8 text within `limits`. Over the byte limit, what is left is read
 * off (bounded by readOffBody) before the 413, so a proxy still sending it gets the answer rather
 * than a closed connection; past the time limit the answer is 408 and the connection is closed.
 */
function readText(request: IncomingMessage, response: ServerResponse, limits: BodyLimits, then: (error: unknown, text?: string) => void): void {
  const declared = Number(request.headers['content-length']);
  const refuse = (status: number) => {
    if (status === 408) {
      response.setHeader('Connection', 'close');
      return then(new BodyRefusedError(408));
    }
    readOffBody(request, (whole) => {
      if (!whole) response.setHeader('Connection', 'close');
      then(new BodyRefusedError(413));
    });
  };
  if (Number.isFinite(declared) && declared > limits.bytes) return refuse(413);
  const chunks: Buffer[] = [];
  let seen = 0;
  let settled = false;
  const finish = (outcome: number | 'done' | 'gone') => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    request.off('data', onData);
    request.off('end', onEnd);
    request.off('error', onGone);
    request.off('close', onGone);
    if (outcome === 'done') return then(null, Buffer.concat(chunks, seen).toString('utf8'));
    if (outcome === 'gone') return then(new InvalidInputError('The request body did not arrive whole.'));
    refuse(outcome);
  };
  const onData = (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > limits.bytes) finish(413);
    else chunks.push(chunk);
  };
  const onEnd = () => finish('done');
  const onGone = () => finish(request.complete ? 'done' : 'gone');
  const timer = setTimeout(() => finish(408), limits.ms);
  request.on('data', onData);
  request.once('end', onEnd);
  request.once('error', onGone);
  request.once('close', onGone);
}

/**
 * The body of a route that takes it as text, whatever its type, up to its own limits (the
 * import's file): mounted on that route's path, ahead of jsonBodies.
 */
export function textBodies(limits: BodyLimits): Middleware {
  return (request, response, next) => {
    const marked = request as Marked;
    if (request.method === 'GET' || request.method === 'HEAD' || !carriesBody(request)) return next();
    marked[BODY_READ] = true;
    readText(request, response, limits, (error, text) => {
      if (error) return next(error);
      marked.body = text;
      next();
    });
  };
}

const JSON_TEXT = Symbol('jsonText');
type WithJsonText = Marked & { [JSON_TEXT]?: string };

/**
 * The API's body reading, ahead of routing: a JSON body is read as text up to `limits` and kept
 * unparsed, so an address no route has, or a route its guards refuse, costs no parse
 * (parseJsonBodyOf does it after the guards, within the route's own limit). A body of another
 * type is read (within the limits) and dropped: the route's validation then says what is missing.
 */
export function jsonBodies(limits: BodyLimits): Middleware {
  return (request, response, next) => {
    const marked = request as WithJsonText;
    if (marked[BODY_READ] || request.method === 'GET' || request.method === 'HEAD') return next();
    const json = mediaTypeOf(request) === 'application/json';
    if (!json && !carriesBody(request)) return next();
    marked[BODY_READ] = true;
    readText(request, response, limits, (error, text) => {
      if (error) return next(error);
      if (json) marked[JSON_TEXT] = text;
      next();
    });
  };
}

/**
 * Parses the JSON body jsonBodies kept, once the route and its guards have let the request
 * through: a body over the route's own limit is a 413 without being parsed, and the parsed
 * value passes unsafeBody's checks. Returns undefined when there is no JSON body to parse.
 */
export function parseJsonBodyOf(request: IncomingMessage, limitBytes: number, unsafeBody: (value: unknown) => Error | null): unknown {
  const marked = request as WithJsonText;
  const text = marked[JSON_TEXT];
  if (text === undefined) return undefined;
  delete marked[JSON_TEXT];
  if (text.length > limitBytes || Buffer.byteLength(text, 'utf8') > limitBytes) throw new BodyRefusedError(413);
  const value = parseJsonBody(text);
  const problem = unsafeBody(value);
  if (problem) throw problem;
  marked.body = value;
  return value;
}

/** An object or an array, as JSON's strict mode takes them; an empty body is an empty object. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new InvalidInputError('The request body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null) throw new InvalidInputError('The request body is not valid JSON.');
  return value;
}

/** The most of a refused body read off before its answer, and for how long; past either, the connection is closed. */
const READ_OFF_MAX_BYTES = 64 * 1024 * 1024;
const READ_OFF_MAX_MS = 10_000;

/** Reads and drops what is left of a request's body, then calls `then` with whether it was read to its end. */
export function readOffBody(request: IncomingMessage, then: (whole: boolean) => void): void {
  if (request.complete) return then(true);
  let seen = 0;
  let settled = false;
  const finish = (whole: boolean) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    request.off('data', onData);
    request.off('end', onEnd);
    request.off('error', onFailure);
    request.off('close', onFailure);
    then(whole);
  };
  const onData = (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > READ_OFF_MAX_BYTES) finish(false);
  };
  const onEnd = () => finish(true);
  const onFailure = () => finish(request.complete);
  const timer = setTimeout(() => finish(false), READ_OFF_MAX_MS);
  request.on('data', onData);
  request.once('end', onEnd);
  request.once('error', onFailure);
  request.once('close', onFailure);
  request.resume();
}
