import { ArgumentsHost, Catch, HttpException, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EventStoreUnavailableError, UnstorableEventError, WrongExpectedRevisionError, type ApiError } from '@team/contracts';
import type { Logger } from 'pino';
import {
  ConflictError,
  DomainError,
  InvalidInputError,
  NotFoundError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
  ForbiddenError,
} from '../shared/domain-errors.js';
import { isConnectionError } from '../infrastructure/database.js';
import { pathOf } from './audit-context.js';
import { readOffBody } from './body-parsers.js';

interface Mapped {
  status: number;
  body: ApiError;
  headers?: Record<string, string>;
}

const STATUS_MESSAGES: Record<number, string> = {
  400: 'The request is not valid.',
  401: 'A valid admin key is required.',
  403: 'This action is not allowed.',
  404: 'Not found.',
  405: 'This method is not allowed here.',
  409: 'The request conflicts with the current state.',
  413: 'The request body is too large.',
  415: 'Send the body as application/json.',
  429: 'Too many requests. Please slow down.',
  503: 'The service is temporarily unavailable. Please try again.',
};

/** Turns every error into DESIGN §8's `{ error, details? }` with its status; never a stack trace. */
export function mapError(error: unknown): Mapped {
  if (error instanceof DomainError) {
    const body: ApiError = { error: error.message, ...(error.details?.length ? { details: error.details } : {}) };
    if (error instanceof InvalidInputError) return { status: 400, body };
    if (error instanceof UnauthorizedError) return { status: 401, body };
    if (error instanceof ForbiddenError) return { status: 403, body };
    if (error instanceof NotFoundError) return { status: 404, body };
    if (error instanceof ConflictError) return { status: 409, body };
    if (error instanceof TooManyRequestsError) {
      return { status: 429, body, headers: { 'Retry-After': String(error.retryAfterSeconds) } };
    }
    if (error instanceof ServiceUnavailableError) {
      return { status: 503, body, ...(error.retryAfterSeconds ? { headers: { 'Retry-After': String(error.retryAfterSeconds) } } : {}) };
    }
  }
  if (error instanceof UnstorableEventError) {
    return { status: 400, body: { error: 'The request holds text that cannot be stored (a NUL character or a lone surrogate).' } };
  }
  if (error instanceof WrongExpectedRevisionError) {
    return { status: 409, body: { error: 'Someone else changed this at the same time. Reload and try again.' } };
  }
  if (error instanceof EventStoreUnavailableError || isConnectionError(error)) {
    return { status: 503, body: { error: STATUS_MESSAGES[503]! } };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    return { status, body: { error: STATUS_MESSAGES[status] ?? error.message } };
  }
  // Fastify's own errors (a body over its limit, a Content-Length that does not match) carry their status.
  const status = (error as { statusCode?: number } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, body: { error: STATUS_MESSAGES[status] ?? 'The request is not valid.' } };
  }
  return { status: 500, body: { error: 'Something went wrong on our side. Please try again.' } };
}

export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply, logger: Logger): void {
  const raw = reply.raw;
  if (raw.headersSent) {
    // Too late for an error answer (a streamed export, say): cut the transfer, so the client sees
    // it broken rather than waiting for an end that never comes, or taking half a file as whole.
    logger.error({ err: error, path: pathOf(request) }, 'request failed after the headers were sent; response destroyed');
    raw.destroy();
    return;
  }
  const mapped = mapError(error);
  if (mapped.status >= 500) logger.error({ err: error, path: pathOf(request) }, 'request failed');
  if (reply.sent) {
    // A route that took the raw response for a stream (reply.hijack) and failed before writing it.
    raw.writeHead(mapped.status, { ...mapped.headers, 'Content-Type': 'application/json; charset=utf-8' });
    raw.end(JSON.stringify(mapped.body));
    return;
  }
  const send = () => reply.headers(mapped.headers ?? {}).code(mapped.status).send(mapped.body);
  if (mapped.status === 413 && !request.raw.complete) {
    // Read the rest of a body refused for its size before answering, as body-parser did: a proxy
    // still sending it would otherwise meet a closed connection and answer 502 instead of this 413.
    readOffBody(request.raw, (whole) => {
      // Fastify asked to close the connection after a refused body; once it is read, it can stay open.
      if (whole) reply.removeHeader('connection');
      send();
    });
    return;
  }
  send();
}

@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    sendError(error, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>(), this.logger);
  }
}
