import { InvalidInputError } from '../../shared/domain-errors.js';

/** A player id from a path or query parameter (a whole number that fits an integer column), or a 400 saying so. */
export function playerIdParam(value: unknown, message = 'The player id must be a whole number.'): number {
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) throw new InvalidInputError(message);
  return Number(value);
}
