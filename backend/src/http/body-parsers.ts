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
