import { LEADERBOARD_MAX_PAGE_LIMIT } from '@team/contracts';
import { InvalidInputError } from '../../shared/domain-errors.js';

/** A slice of the board: `limit` players (all the rest when null) from the `offset`-th (from 0). */
export interface BoardPage {
  offset: number;
  limit: number | null;
}

/**
 * The leaderboard's `limit` and `offset` query parameters: null when neither is given (or both
 * are empty), for the whole board, which is what the screens read. `limit` is 1–1000, `offset`
 * 0 or more; both whole numbers written in digits, given once.
 */
export function pageParams(rawLimit: unknown, rawOffset: unknown): BoardPage | null {
  const given = (raw: unknown) => raw !== undefined && raw !== '';
  if (!given(rawLimit) && !given(rawOffset)) return null;
  let limit: number | null = null;
  if (given(rawLimit)) {
    limit = typeof rawLimit === 'string' && /^\d{1,4}$/.test(rawLimit) ? Number(rawLimit) : 0;
    if (limit < 1 || limit > LEADERBOARD_MAX_PAGE_LIMIT) throw new InvalidInputError(`The limit must be a whole number from 1 to ${LEADERBOARD_MAX_PAGE_LIMIT}.`);
  }
  let offset = 0;
  if (given(rawOffset)) {
    if (typeof rawOffset !== 'string' || !/^\d{1,9}$/.test(rawOffset)) throw new InvalidInputError('The offset must be a whole number, 0 or more.');
    offset = Number(rawOffset);
  }
  return { offset, limit };
}
