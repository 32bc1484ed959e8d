import { IncomingMessage, ServerResponse, type Server } from 'node:http';
import { Socket } from 'node:net';

/** What an early route may do with a request it took. */
export interface EarlyAnswer {
  /** Call first when answering: logs the request and sets the security headers, as the middleware would. */
  begin(): void;
  /** Hands the request to the framework after all, which handles it from the start; only before `begin`. */
  fallBack(): void;
}

/**
 * An answer given from the HTTP server's request event, ahead of the framework. It returns false,
 * having done nothing, for a request it does not take; once it returns true the request is its
 * own to answer (or to give back through `fallBack`, for a failure the API's error handling
 * should answer).
 */
export type EarlyRoute = (request: IncomingMessage, response: ServerResponse, answer: EarlyAnswer) => boolean;

/** What every answer given before the framework still gets: its log line, its request id and the security headers. */
export interface EarlyAnswerSetup {
  /** pino-http's middleware, the one every other request passes (same log line, same request id). */
  logRequest(request: IncomingMessage, response: ServerResponse, next: () => void): void;
  /**
   * Whether the log line of a successful answer would be written. pino-http serialises the
   * request into a child logger before it knows the level of the line, which costs a tenth of a
   * cached read; when the line would be dropped (a level above info), only the request id is made.
   */
  logsAnswers(): boolean;
  /** Makes the request id (X-Correlation-Id) the logger would have made. */
  identify(request: IncomingMessage, response: ServerResponse): void;
  /** The headers the security middleware sets on every answer (see headersSetBy). */
  securityHeaders: ReadonlyMap<string, string | number | readonly string[]>;
}

/**
 * Puts `route` in front of the framework (Express, with Nest's routing) that `server` hands its
 * requests to. The framework costs about a third of the time of the leaderboard read answered
 * from memory (measured): a route that only writes ready-made bytes
 * can skip them, provided it sets what they would have set (EarlyAnswerSetup) and takes only
 * requests that no check in the chain could refuse.
 */
export function serveEarlyRoute(server: Server, route: EarlyRoute, setup: EarlyAnswerSetup): void {
  const handlers = server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  if (handlers.length !== 1) throw new Error(`Expected one request handler (the framework) on the server, found ${handlers.length}.`);
  const framework = handlers[0]!;
  const noop = () => {};
  const headers = [...setup.securityHeaders];
  server.removeListener('request', framework);
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const taken = route(request, response, {
      begin() {
        if (setup.logsAnswers()) setup.logRequest(request, response, noop);
        else setup.identify(request, response);
        for (const [name, value] of headers) response.setHeader(name, value);
      },
      fallBack: () => framework(request, response),
    });
    if (!taken) framework(request, response);
  });
}

/**
 * The headers a header-setting middleware (helmet) puts on a GET answer to `path`, captured once
 * on a detached response: they depend on its configuration, not on the request, so an early
 * answer can set the very same ones without running the middleware each time.
 */
export function headersSetBy(
  middleware: (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void,
  path: string,
): Map<string, string | number | readonly string[]> {
  const request = new IncomingMessage(new Socket());
  request.method = 'GET';
  request.url = path;
  const response = new ServerResponse(request);
  let failure: unknown;
  let called = false;
  middleware(request, response, (error) => {
    called = true;
    failure = error;
  });
  if (!called || failure) throw new Error('The security-header middleware did not finish synchronously on a plain GET.', { cause: failure });
  const headers = new Map<string, string | number | readonly string[]>();
  for (const name of response.getHeaderNames()) headers.set(name, response.getHeader(name)!);
  return headers;
}
