import type { IncomingMessage } from 'node:http';

const QUIET = Symbol('quietRequestLog');
type Tagged = IncomingMessage & { [QUIET]?: true };

/**
 * Leaves this request out of the request log: a refused admin key is summed up by the guard's
 * own throttled line (see WrongKeyLog), and a flood of guesses must not write a full request
 * line, headers and all, per guess.
 */
export function quietRequestLog(request: IncomingMessage): void {
  (request as Tagged)[QUIET] = true;
}

export function isRequestLogQuiet(request: IncomingMessage): boolean {
  return (request as Tagged)[QUIET] === true;
}
