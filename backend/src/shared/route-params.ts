import { InvalidInputError } from './domain-errors.js';

/** The largest id a read table holds: ids are PostgreSQL `integer`s, and a larger one fails the query. */
export const MAX_ID = 2_147_483_647;

/** An id from the path: a positive whole number up to MAX_ID, or a 400 naming what was expected. */
export function idParam(raw: string, what: string): number {
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(id <= MAX_ID)) throw new InvalidInputError(`The ${what} id must be a positive whole number`);
  return id;
}

/** An id from the path as a whole number of up to 9 digits (0 included: it then names nothing), or a 400. */
export function wholeIdParam(raw: string, what: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw new InvalidInputError(`The ${what} id must be a whole number.`);
  return Number(raw);
}
