/**
 * What a rating is called where a mode's and the overall one could be confused (a match page,
 * the profile's history, the compare view): a mode match moves that mode's rating only, an
 * overall match the overall one (docs/elo.md).
 */
export function ratingName(mode: { name: string } | null | undefined): string {
  return `${mode?.name ?? 'Overall'} ELO`;
}
