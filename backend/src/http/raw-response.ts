import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

// The routes that write their own answers (streams, ready-made bytes) write them on Node's
// response, which every HTTP adapter hands Nest's `@Res()`: these helpers are all they need, so
// such a route names no framework type.

/**
 * Starts a streamed answer: its status and headers go out at once, and the caller writes the
 * body (with backpressure) and ends it. Headers set on the response before (the security
 * headers, the request id) stay.
 */
export function streamTo(response: ServerResponse, status: number, headers: OutgoingHttpHeaders): ServerResponse {
  response.writeHead(status, headers);
  response.flushHeaders();
  return response;
}

export interface WholeAnswer {
  status?: number;
  /** The Content-Type, with its charset for text. */
  type: string;
  body: string | Buffer;
  headers?: OutgoingHttpHeaders;
}

/** Sends a whole answer of ready-made bytes (no body for HEAD). */
export function sendWhole(request: IncomingMessage, response: ServerResponse, answer: WholeAnswer): void {
  const body = typeof answer.body === 'string' ? Buffer.from(answer.body, 'utf8') : answer.body;
  response.statusCode = answer.status ?? 200;
  for (const [name, value] of Object.entries(answer.headers ?? {})) if (value !== undefined) response.setHeader(name, value);
  response.setHeader('Content-Type', answer.type);
  response.setHeader('Content-Length', body.length);
  response.end(request.method === 'HEAD' ? undefined : body);
}

/** A 304 for a client that has the answer named by `etag` already. */
export function sendNotModified(response: ServerResponse, headers: OutgoingHttpHeaders): void {
  response.statusCode = 304;
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) response.setHeader(name, value);
  response.end();
}
