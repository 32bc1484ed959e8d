import { findMode, MODES } from '@team/contracts';
import { InvalidInputError, NotFoundError } from '../../shared/domain-errors.js';

/** The `mode` query parameter of a board: absent or empty for the overall pool, else a mode id. */
export function modeParam(raw: unknown): number | null {
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) throw new InvalidInputError('The mode must be a mode id (a whole number).');
  return Number(raw);
}

/** A board's mode, once parsed, must be one of the modes (ids start at 1): a 404 otherwise. */
export function requireKnownMode(modeId: number | null): void {
  if (modeId !== null && !findMode(MODES, modeId)) throw new NotFoundError(`Mode ${modeId} not found.`);
}
