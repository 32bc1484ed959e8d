/** Shown on the home hero when the content entries give no title or description. */
export const BRAND_NAME = 'Vendetta';
export const DEFAULT_TAGLINE =
  'Competitive gaming at its finest. Track every match, climb the rankings and prove your skill on the ELO leaderboard.';
