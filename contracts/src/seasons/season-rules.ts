import { START_RATING } from '../elo/elo.js';
import { nameCompareKey, namedFieldProblem } from '../text/text-rules.js';

// Season rules both sides run: the admin form checks them before sending, the server decides with them.

export const MAX_SEASON_NAME_LENGTH = 60;
export const DEFAULT_SOFT_RESET_PERCENT = 0;

/** Before any SeasonStarted, the matches belong to this implicit first season. */
export const FIRST_SEASON_ID = 1;
export const implicitSeasonName = (seasonId: number): string => `Season ${seasonId}`;

/** A soft reset moves a rating toward START_RATING by `percent` (0: unchanged, 100: back to the start). */
export function softResetRating(before: number, percent: number): number {
  return Math.round(before + ((START_RATING - before) * percent) / 100);
}

/** What is wrong with a season name, or null (the name is trimmed first). */
export function seasonNameProblem(name: unknown): string | null {
  return namedFieldProblem(name, MAX_SEASON_NAME_LENGTH, 'a season needs a name');
}

/**
 * What two season names are compared by: no two seasons may share it. Case, surrounding spaces
 * and invisible format characters do not tell names apart on a screen, so they do not here.
 */
export const seasonNameKey = nameCompareKey;

/** What is wrong with a soft-reset percentage, or null; absent means DEFAULT_SOFT_RESET_PERCENT. */
export function softResetPercentProblem(percent: unknown): string | null {
  if (percent === undefined) return null;
  if (typeof percent !== 'number' || !Number.isInteger(percent) || percent < 0 || percent > 100) {
    return 'softResetPercent: a whole number from 0 to 100.';
  }
  return null;
}

/** How many of a season start's ratings its soft reset changed (0 for a 0 % reset): the admin's answer and the audit log say it. */
export function movedRatingsCount(ratings: readonly { before: number; after: number }[]): number {
  return ratings.filter((rating) => rating.after !== rating.before).length;
}
