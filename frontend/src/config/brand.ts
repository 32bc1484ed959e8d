/** Shown on the home hero when the content entries give no title or description (shared with the server's page heads). */
export { BRAND_NAME, DEFAULT_TAGLINE } from '@team/contracts';
