import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AdminKeyRef, AdminRole } from '@team/contracts';
import { addressKey } from './rate-limiter.js';

/**
 * A request as the controllers and guards read it: Node's message, plus what the HTTP edge
 * (app.ts) works out from it with the proxy settings (TRUST_PROXY). Routes name this type, never a
 * framework's, so a change of HTTP adapter touches only app.ts and http/.
 */
export interface WebRequest extends IncomingMessage {
  /** The client's address, that many proxies back; absent when the socket has already closed. */
  readonly ip?: string | undefined;
  /** The host the client asked for (with its port), from Host or a trusted X-Forwarded-Host. */
  readonly host?: string | undefined;
  /** `http` or `https`, as the client sees the site (a trusted X-Forwarded-Proto). */
  readonly protocol: string;
  /** The parsed body (http/body-parsers.ts): an object or array for JSON, text for the import. */
  body?: unknown;
}

export function clientAddress(request: WebRequest): string {
  return request.ip || request.socket?.remoteAddress || 'unknown';
}

/** A request header's value (the first, when it was sent more than once). */
export function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The request's path, without its query (as routes see it, not decoded). */
export function pathOf(request: { url?: string | undefined }): string {
  const url = request.url ?? '/';
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

/** What per-address limits count the caller under: the address, or its /64 for IPv6. */
export function clientBudgetKey(request: WebRequest): string {
  return addressKey(clientAddress(request));
}

const SERVER_CORRELATION_ID = Symbol('serverCorrelationId');
type WithCorrelationId = IncomingMessage & { [SERVER_CORRELATION_ID]?: string; res?: ServerResponse };

/**
 * The server's id for this request: a fresh UUID, made once per request and echoed in the
 * `X-Correlation-Id` response header. pino-http uses it as the request id, so the log lines
 * of a request and the events it appended share it. Never taken from the client: a caller
 * could otherwise reuse another request's id and blur the audit trail.
 */
export function correlationIdOf(request: IncomingMessage, response?: ServerResponse): string {
  const tagged = request as WithCorrelationId;
  let id = tagged[SERVER_CORRELATION_ID];
  if (!id) {
    id = randomUUID();
    tagged[SERVER_CORRELATION_ID] = id;
    const target = response ?? tagged.res;
    if (target && !target.headersSent) target.setHeader('X-Correlation-Id', id);
  }
  return id;
}

/** The caller's own `x-correlation-id` when well formed: kept beside the server's id, for the caller's tracing. */
export function clientCorrelationIdOf(request: IncomingMessage): string | undefined {
  const header = headerOf(request, 'x-correlation-id');
  return header && /^[\w.-]{1,100}$/.test(header) ? header : undefined;
}

/** The admin key a request was let through with (AdminKeyGuard). */
export interface RequestAdminKey extends AdminKeyRef {
  role: AdminRole;
  /** ISO time; null: the key does not expire (the owner key never does). */
  expiresAt: string | null;
}

const adminKeys = new WeakMap<IncomingMessage, RequestAdminKey>();

export function rememberAdminKey(request: IncomingMessage, key: RequestAdminKey): void {
  adminKeys.set(request, key);
}

/** The key AdminKeyGuard let this request through with, if any. */
export function adminKeyOf(request: IncomingMessage): RequestAdminKey | undefined {
  return adminKeys.get(request);
}
