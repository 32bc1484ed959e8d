import { ArgumentsHost, Catch, HttpException, type ExceptionFilter } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
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
import { isDatabaseUnavailableError } from '../infrastructure/database.js';
import { databaseFaults } from '../infrastructure/database-faults.js';
import { pathOf } from './request-facts.js';

/**
 * Retry-After of a 503 that names no delay of its own (the database down, restarting or out of
 * disk): every 503 says when to try again, so clients back off instead of hammering.
 */
export const DEFAULT_RETRY_AFTER_SECONDS = 5;

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
  408: 'The request body took too long to arrive.',
  409: 'The request conflicts with the current state.',
  413: 'The request body is too large.',
  415: 'Send the body as application/json.',
  429: 'Too many requests. Please slow down.',
  503: 'The service is temporarily unavailable. Please try again.',
};

/** Turns every error into docs/product.md#errors-and-the-api's `{ error, details? }` with its status; never a stack trace. */
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
      return { status: 503, body, headers: { 'Retry-After': String(error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS) } };
    }
  }
  if (error instanceof UnstorableEventError) {
    return { status: 400, body: { error: 'The request holds text that cannot be stored (a NUL character or a lone surrogate).' } };
  }
  if (error instanceof WrongExpectedRevisionError) {
    return { status: 409, body: { error: 'Someone else changed this at the same time. Reload and try again.' } };
  }
  if (error instanceof EventStoreUnavailableError || isDatabaseUnavailableError(error)) {
    return { status: 503, body: { error: STATUS_MESSAGES[503]! }, headers: { 'Retry-After': String(DEFAULT_RETRY_AFTER_SECONDS) } };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const retry = status === 503 ? { headers: { 'Retry-After': String(DEFAULT_RETRY_AFTER_SECONDS) } } : {};
    return { status, body: { error: STATUS_MESSAGES[status] ?? error.message }, ...retry };
  }
  // Errors of the HTTP layer's own parts (a static file's `send`: a malformed path, a missing
  // asset) carry their status.
  const carried = error as { status?: unknown; statusCode?: unknown } | null;
  const status = typeof carried?.status === 'number' ? carried.status : carried?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, body: { error: STATUS_MESSAGES[status] ?? 'The request is not valid.' } };
  }
  return { status: 500, body: { error: 'Something went wrong on our side. Please try again.' } };
}

/** Answers `error` in the API's error shape, on Node's response: for the filter and for the HTTP edge's own steps. */
export function sendError(error: unknown, request: IncomingMessage, response: ServerResponse, logger: Logger): void {
  if (isClientGone(error)) {
    // The browser cancelled (a page left mid-load): no one to answer and nothing wrong here. The
    // request log writes its one warn line for an API request; assets are not logged.
    response.destroy();
    return;
  }
  if (response.headersSent) {
    // Too late for an error answer (a streamed export, say): cut the transfer, so the client sees
    // it broken rather than waiting for an end that never comes, or taking half a file as whole.
    logger.error({ err: error, path: pathOf(request) }, 'request failed after the headers were sent; response destroyed');
    response.destroy();
    return;
  }
  const mapped = mapError(error);
  if (mapped.status >= 500) logger.error({ err: error, path: pathOf(request) }, 'request failed');
  // Health names a full disk as the cause of an outage, also for a database it cannot measure.
  if (mapped.status === 503) databaseFaults.note(error);
  const body = Buffer.from(JSON.stringify(mapped.body), 'utf8');
  response.statusCode = mapped.status;
  for (const [name, value] of Object.entries(mapped.headers ?? {})) response.setHeader(name, value);
  // A route may have set its own type or caching before it failed: the error is JSON, never stored.
  response.removeHeader('Content-Disposition');
  response.removeHeader('ETag');
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Content-Length', body.length);
  response.end(request.method === 'HEAD' ? undefined : body);
}

/** What Express's sendFile (and `send` under express.static) pass on when the client hung up. */
function isClientGone(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ECONNABORTED';
}

@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    sendError(error, http.getRequest<IncomingMessage>(), http.getResponse<ServerResponse>(), this.logger);
  }
}
