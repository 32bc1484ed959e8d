import { softResetRating } from '@team/contracts';

/** Ratings the confirm shows a soft reset on: one above the start rating, one below. */
const EXAMPLE_RATINGS = [1400, 800] as const;

/** What a soft reset of `percent` does, in words (the confirm and the form's hint). */
export function softResetText(percent: number): string {
  if (percent === 0) return 'No soft reset: every rating carries over unchanged.';
  const examples = EXAMPLE_RATINGS.map((before) => `${before} → ${softResetRating(before, percent)}`).join(', ');
  return `Soft reset ${percent}%: every rating (overall and each mode) moves ${percent}% of the way toward 1000 (${examples}).`;
}

/** The confirm before a season starts: the current one ends now, and what the reset does. */
export function startSeasonConfirmText(currentName: string | null, name: string, percent: number): string {
  const boundary = currentName
    ? `${currentName} ends now: its final standings are frozen, and matches recorded from now on count for ${name}.`
    : `No match is recorded yet: ${name} becomes the name of the first season.`;
  return `${boundary} ${softResetText(percent)}`;
}
