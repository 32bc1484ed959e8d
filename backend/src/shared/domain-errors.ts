/**
 * Typed outcomes a use case can refuse with. Only the HTTP exception filter knows their
 * status codes; deciders and handlers just throw them.
 */
export class DomainError extends Error {
  constructor(message: string, readonly details?: string[]) {
    super(message);
    this.name = new.target.name;
  }
}

/** Bad input: 400. */
export class InvalidInputError extends DomainError {}
/** Unknown id or slug: 404. */
export class NotFoundError extends DomainError {}
/** The request contradicts the current state: 409. */
export class ConflictError extends DomainError {}
/** Missing or wrong admin key: 401. */
export class UnauthorizedError extends DomainError {}
/** A valid admin key whose role does not cover the action: 403. */
export class ForbiddenError extends DomainError {}
/** Too many requests from one address: 429. */
export class TooManyRequestsError extends DomainError {
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(message);
  }
}
/** The store or the projector did not answer in time, or a bound is full: 503 (with Retry-After when known). */
export class ServiceUnavailableError extends DomainError {
  constructor(message: string, readonly retryAfterSeconds?: number) {
    super(message);
  }
}
