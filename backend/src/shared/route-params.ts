import { InvalidInputError } from '../shared/domain-errors.js';

/** An id from the path: a positive whole number, or a 400 naming what was expected. */
export function idParam(raw: string, what: string): number {
  const id = /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw new InvalidInputError(`The ${what} id must be a positive whole number`);
  return id;
}
