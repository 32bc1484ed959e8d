/**
 * What a rating is called where a mode's and the overall one could be confused (a match page,
 * the profile's history, the compare view): a mode match moves that mode's rating only, an
 * overall match the overall one (docs/elo.md).
 */
export function ratingName(mode: { name: string } | null | undefined): string {
  return `${mode?.name ?? 'Overall'} ELO`;
}

/** What "Overall" means on a board, a profile and a match list: its rating moves on matches without a mode only. */
export const OVERALL_ELO_NOTE = 'Overall ELO — matches recorded without a mode. W/L, K/D and matches count every match.';

/** What a board of one rating pool shows (null: the overall one). */
export function poolNote(mode: { name: string } | null | undefined): string {
  if (!mode) return OVERALL_ELO_NOTE;
  return `${mode.name} ELO — ${mode.name} matches only. W/L, K/D, averages and matches are ${mode.name}'s too.`;
}
