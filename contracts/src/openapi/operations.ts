// Every area's operations, one line each: the OpenAPI document (document.ts) is made from all
// of them (so openapi/ stands above api/ and the areas that keep their own lists: cms and
// ladder), and a test holds them equal to the routes the server registers. A new area adds its
// line here: `export { FIXTURE_OPERATIONS } from '../api/fixtures.js';`.
export { ADMIN_KEY_OPERATIONS } from '../api/admin-keys.js';
export { AUDIT_OPERATIONS } from '../api/audit.js';
export { CONTENT_OPERATIONS, PAGE_OPERATIONS } from '../cms/cms-operations.js';
export { HEAD_TO_HEAD_OPERATIONS } from '../api/head-to-head.js';
export { IMPORT_EXPORT_OPERATIONS } from '../api/import-export.js';
export { LADDER_CORRECTION_OPERATIONS } from '../ladder/ladder-corrections.js';
export { LIVE_OPERATIONS } from '../api/live.js';
export { FIXTURE_OPERATIONS } from '../api/fixtures.js';
export { MATCH_OPERATIONS } from '../api/matches.js';
export { OPERATIONS_OPERATIONS } from '../api/operations.js';
export { PLAYER_OPERATIONS } from '../api/players.js';
export { PLAYER_PROFILE_OPERATIONS } from '../api/player-profiles.js';
export { SEASON_OPERATIONS } from '../api/seasons.js';
export { MEDIA_OPERATIONS } from '../api/media.js';
export { SITE_OPERATIONS } from '../api/site.js';
export { SITE_FILE_OPERATIONS } from '../api/site-files.js';
export { STATS_OPERATIONS } from '../api/stats.js';
export { SUBMISSION_OPERATIONS } from '../api/submissions.js';
export { WEBHOOK_OPERATIONS } from '../api/webhooks.js';
