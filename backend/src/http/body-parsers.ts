import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { InvalidInputError } from '../shared/domain-errors.js';

/** The most a JSON body may hold. */
export const MAX_JSON_BYTES = 1024 * 1024;

/** A route that takes its body as text, whatever its type, up to its own limit (the import's file). */
export interface TextBodyRoute {
  path: string;
  limit: number;
}

/**
 * The API's body parsing, in place of Fastify's defaults: JSON objects and arrays up to
 * MAX_JSON_BYTES, and the text routes' bodies as text up to their limits. A body of another type
 * is read (within the limit) and left unparsed: the route's validation then says what is missing.
 * Must run before the routes are registered (the text routes' limits are set as each is added).
 */
export function useBodyParsers(instance: FastifyInstance, textRoutes: readonly TextBodyRoute[]): void {
  const textRouteOf = (url: string | undefined) => textRoutes.find((route) => route.path === url);
  instance.addHook('onRoute', (route) => {
    const text = textRouteOf(route.url);
    if (text) route.bodyLimit = text.limit;
  });
  const takesText = (request: FastifyRequest) => textRouteOf(request.routeOptions.url) !== undefined;

  instance.removeAllContentTypeParsers();
  instance.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: MAX_JSON_BYTES }, (request, body, done) => {
    if (takesText(request)) return done(null, body);
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  instance.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_JSON_BYTES }, (request, body, done) => {
    done(null, takesText(request) ? body : undefined);
  });
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
