import { InvalidInputError } from '../../shared/domain-errors.js';

/** The `mode` query parameter of a board: absent or empty for the overall pool, else a mode id. */
export function modeParam(raw: unknown): number | null {
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) throw new InvalidInputError('The mode must be a mode id (a whole number).');
  return Number(raw);
}
