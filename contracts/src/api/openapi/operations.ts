// Every area's operations, one line each: the OpenAPI document (document.ts) is made from all
// of them, and a test holds them equal to the routes the server registers. A new area adds its
// line here: `export { FIXTURE_OPERATIONS } from '../fixtures.js';`.
export { ADMIN_KEY_OPERATIONS } from '../../admin-keys/admin-keys.js';
export { AUDIT_OPERATIONS } from '../audit.js';
export { CONTENT_OPERATIONS, PAGE_OPERATIONS } from '../../cms/cms-operations.js';
export { HEAD_TO_HEAD_OPERATIONS } from '../head-to-head.js';
export { IMPORT_EXPORT_OPERATIONS } from '../import-export.js';
export { LADDER_CORRECTION_OPERATIONS } from '../../ladder/ladder-corrections.js';
export { LIVE_OPERATIONS } from '../live.js';
export { FIXTURE_OPERATIONS } from '../fixtures.js';
export { MATCH_OPERATIONS } from '../matches.js';
export { OPERATIONS_OPERATIONS } from '../operations.js';
export { PLAYER_OPERATIONS } from '../players.js';
export { PLAYER_PROFILE_OPERATIONS } from '../player-profiles.js';
export { SEASON_OPERATIONS } from '../seasons.js';
export { MEDIA_OPERATIONS } from '../media.js';
export { SITE_OPERATIONS } from '../site.js';
export { SITE_FILE_OPERATIONS } from '../site-files.js';
export { STATS_OPERATIONS } from '../stats.js';
export { SUBMISSION_OPERATIONS } from '../submissions.js';
export { WEBHOOK_OPERATIONS } from '../webhooks.js';
