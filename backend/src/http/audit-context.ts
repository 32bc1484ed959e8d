import { createHmac, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Actor, AdminKeyRef, AdminRole, AppendContext } from '@team/contracts';
import { CLOCK, FINGERPRINT_SECRET, type Clock } from '../infrastructure/tokens.js';
import { addressKey } from './rate-limiter.js';

export function clientAddress(request: FastifyRequest): string {
  return request.ip || request.raw.socket.remoteAddress || 'unknown';
}

/** A request header's value (the first, when it was sent more than once). */
export function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The request's path, without its query (as routes see it, not decoded). */
export function pathOf(request: { url: string }): string {
  const query = request.url.indexOf('?');
  return query < 0 ? request.url : request.url.slice(0, query);
}

/** What per-address limits count the caller under: the address, or its /64 for IPv6. */
export function clientBudgetKey(request: FastifyRequest): string {
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
export function clientCorrelationIdOf(request: FastifyRequest): string | undefined {
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

/** Builds the audit facts (who, when, which request) every append of a request carries. */
@Injectable()
export class AuditContextFactory {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(FINGERPRINT_SECRET) private readonly secret: Buffer | string,
  ) {}

  /** A keyed hash of the caller's address: groups one caller's actions without storing the address. */
  fingerprint(request: FastifyRequest): string {
    return createHmac('sha256', this.secret).update(clientAddress(request)).digest('hex').slice(0, 16);
  }

  contextFor(request: FastifyRequest, actor: Actor): AppendContext {
    const clientCorrelationId = clientCorrelationIdOf(request);
    const key = adminKeyOf(request.raw);
    return {
      ...(key ? { adminKey: { id: key.id, name: key.name } } : {}),
      correlationId: correlationIdOf(request.raw),
      ...(clientCorrelationId ? { clientCorrelationId } : {}),
      actor,
      fingerprint: this.fingerprint(request),
      recordedAt: this.clock(),
    };
  }
}
