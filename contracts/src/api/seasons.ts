import { MAX_SEASON_NAME_LENGTH } from '../seasons/season-rules.js';
import { LeaderboardEntrySchema } from './players.js';
import { errorResponses, idParam, isoTime, positionField, wholeNumber, z, type ApiOperationSpec } from './schema.js';

// Seasons over HTTP: GET /api/seasons, GET /api/seasons/{id}/leaderboard, a player's
// seasons, and the admin's POST /api/admin/seasons and PUT /api/admin/seasons/{id}.

/** GET /api/seasons: newest first. */
export const SeasonSchema = z
  .object({
    id: wholeNumber(),
    name: z.string(),
    startedAt: isoTime(),
    endedAt: isoTime().nullable().meta({ description: 'When the next season started; null for the current one.' }),
    current: z.boolean(),
  })
  .meta({ id: 'Season' });
export type Season = z.infer<typeof SeasonSchema>;

/**
 * GET /api/seasons/{id}/leaderboard[?mode=]: the players who played in the season (in the
 * mode, with ?mode=), ranked by their rating at the season's end (now, for the current one).
 * The totals count the season's matches only; `elo` is that end rating.
 */
export const SeasonLeaderboardEntrySchema = LeaderboardEntrySchema.extend({
  peakElo: wholeNumber().meta({ description: "The highest rating the player reached in the season, in the board's pool." }),
}).meta({ id: 'SeasonLeaderboardEntry' });
export type SeasonLeaderboardEntry = z.infer<typeof SeasonLeaderboardEntrySchema>;

/** GET /api/players/{id}/seasons: one line per season the player played in, newest first. */
export const PlayerSeasonSchema = z
  .object({
    season: SeasonSchema,
    matches: wholeNumber(),
    wins: wholeNumber(),
    losses: wholeNumber(),
    kdRatio: z.number(),
    avgScore: z.number(),
    finalElo: wholeNumber().meta({ description: "Overall rating at the season's end (now, for the current season)." }),
    peakElo: wholeNumber(),
    rank: wholeNumber().meta({ description: "Rank on the season's overall board." }),
  })
  .meta({ id: 'PlayerSeason' });
export type PlayerSeason = z.infer<typeof PlayerSeasonSchema>;

const seasonName = () => z.string().min(1).max(MAX_SEASON_NAME_LENGTH);

/** POST /api/admin/seasons */
export const StartSeasonRequestSchema = z
  .object({
    name: seasonName(),
    softResetPercent: z.int().min(0).max(100).optional().meta({ description: '0–100, default 0: how far every rating moves toward 1000.' }),
  })
  .meta({ id: 'StartSeasonRequest' });
export type StartSeasonRequest = z.infer<typeof StartSeasonRequestSchema>;

/** PUT /api/admin/seasons/{id} */
export const RenameSeasonRequestSchema = z.object({ name: seasonName() }).meta({ id: 'RenameSeasonRequest' });
export type RenameSeasonRequest = z.infer<typeof RenameSeasonRequestSchema>;

/** The answer to either admin call: the season as GET /api/seasons lists it, and the event's position. */
export const SeasonWriteResponseSchema = z
  .object({
    season: SeasonSchema,
    position: positionField(),
    ratingsMoved: wholeNumber().meta({ description: 'Ratings the soft reset changed (0 for a rename or a 0 % reset).' }),
  })
  .meta({ id: 'SeasonWriteResponse' });
export type SeasonWriteResponse = z.infer<typeof SeasonWriteResponseSchema>;

export const SEASON_OPERATIONS: ApiOperationSpec[] = [
  { method: 'get', path: '/api/seasons', tag: 'seasons', summary: 'The seasons, newest first', responses: { 200: z.array(SeasonSchema) } },
  {
    method: 'get',
    path: '/api/seasons/{id}/leaderboard',
    tag: 'seasons',
    summary: "A season's leaderboard",
    description:
      "The players who played in the season (in the mode, with ?mode=), totals over its matches only, ranked by the rating at the season's end " +
      "(now, for the current season), with peakElo. A closed season's board never changes.",
    pathParams: idParam('The season id.'),
    query: z.object({ mode: z.int().min(1).optional().meta({ description: 'A mode id of GET /api/modes.' }) }),
    responses: { 200: z.array(SeasonLeaderboardEntrySchema), ...errorResponses(400, 404) },
  },
  {
    method: 'get',
    path: '/api/players/{id}/seasons',
    tag: 'seasons',
    summary: "A player's seasons",
    description: 'One line per season played, newest first.',
    pathParams: idParam('The player id.'),
    responses: { 200: z.array(PlayerSeasonSchema), ...errorResponses(400, 404) },
  },
  {
    method: 'post',
    path: '/api/admin/seasons',
    tag: 'admin: seasons',
    summary: 'Start a new season now',
    description:
      'Appends SeasonStarted to the ladder stream: the current season ends at this point of the log and its final standings are frozen. ' +
      'With softResetPercent, every rating (overall and each mode) moves toward 1000: after = round(before + (1000 − before) × percent / 100). ' +
      'Before any match, it names the first season instead.',
    role: 'moderator',
    body: StartSeasonRequestSchema,
    responses: { 201: SeasonWriteResponseSchema, ...errorResponses(400, 409) },
  },
  {
    method: 'put',
    path: '/api/admin/seasons/{id}',
    tag: 'admin: seasons',
    summary: 'Rename a season',
    description: "Appends SeasonRenamed to the ladder stream; the season's own name again appends nothing.",
    role: 'moderator',
    pathParams: idParam('The season id.'),
    body: RenameSeasonRequestSchema,
    responses: { 200: SeasonWriteResponseSchema, ...errorResponses(400, 404, 409) },
  },
];
