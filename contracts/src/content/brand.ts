/**
 * A fresh site's team name and tagline, until the site settings give others (GET /api/site):
 * the home hero shows them when the content entries give no title or description, and the
 * server names the site with them in every page's head and share card.
 */
export const BRAND_NAME = 'Our Team';
export const DEFAULT_TAGLINE =
  'Competitive gaming at its finest. Track every match, climb the rankings and prove your skill on the ELO leaderboard.';
