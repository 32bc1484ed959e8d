import { AS_OF_QUERY, errorResponses, idParam, wholeNumber, z, type ApiOperationSpec } from './schema.js';
import { PLAYER_SEARCH_MAX_QUERY_LENGTH } from './player-search.js';

/** A player as the read side serves it (docs/product.md#entities). */
export const PlayerSchema = z
  .object({
    id: wholeNumber(),
    username: z.string(),
    discordId: z.string(),
    elo: wholeNumber(),
    wins: wholeNumber(),
    losses: wholeNumber(),
    winRate: z.number().meta({ description: 'Percent, 0–100.' }),
    kdRatio: z.number().meta({ description: 'Kills over deaths (kills when deaths are 0).' }),
    totalKills: wholeNumber(),
    totalDeaths: wholeNumber(),
    totalAssists: wholeNumber(),
    totalMatches: wholeNumber(),
    avgKills: z.number(),
    avgDeaths: z.number(),
    avgAssists: z.number(),
    avgScore: z.number(),
  })
  .meta({ id: 'Player', description: 'A player with the totals of the matches that count.' });
export type Player = z.infer<typeof PlayerSchema>;

/**
 * GET /api/players/top: docs/product.md#api-calls's id, username, wins, losses and elo, with the Discord ID
 * that tells two same-named players apart and the match count that marks a provisional rating.
 */
export const TopPlayerSchema = PlayerSchema.pick({ id: true, username: true, discordId: true, wins: true, losses: true, elo: true, totalMatches: true }).meta({
  id: 'TopPlayer',
  description: 'A player of the home page’s Top Players.',
});
export type TopPlayer = z.infer<typeof TopPlayerSchema>;

/** GET /api/players/leaderboard: players in rank order, with rank and tier. */
export const LeaderboardEntrySchema = PlayerSchema.extend({ rank: wholeNumber(), tier: z.string() }).meta({
  id: 'LeaderboardEntry',
  description: 'A player in rank order, with its rank (from 1) and tier.',
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;

export const DuplicateGroupSchema = z
  .object({ username: z.string(), players: z.array(PlayerSchema) })
  .meta({ id: 'DuplicateGroup', description: 'Players whose usernames match ignoring case and spaces.' });
export type DuplicateGroup = z.infer<typeof DuplicateGroupSchema>;

export const MergePlayersRequestSchema = z
  .object({ primaryId: wholeNumber().min(1), duplicateId: wholeNumber().min(1) })
  .meta({ id: 'MergePlayersRequest', description: 'The account that stays (primary) and the one merged into it (duplicate).' });
export type MergePlayersRequest = z.infer<typeof MergePlayersRequestSchema>;

/** POST /api/admin/players/{id}/rename (admin): the name the profile and the leaderboard show from now on. */
export const RenamePlayerRequestSchema = z.object({ username: z.string() }).meta({ id: 'RenamePlayerRequest' });
export type RenamePlayerRequest = z.infer<typeof RenamePlayerRequestSchema>;

/** The answer to a rename; a rename to the player's own name appends nothing (position 0). */
export const RenamePlayerResponseSchema = z
  .object({
    playerId: wholeNumber(),
    username: z.string(),
    previousUsername: z.string(),
    position: wholeNumber().meta({ description: "The PlayerRenamed event's global log position (0 when nothing was appended)." }),
  })
  .meta({ id: 'RenamePlayerResponse' });
export type RenamePlayerResponse = z.infer<typeof RenamePlayerResponseSchema>;

/** GET /api/players/search: the most players one lookup answers (`limit`). */
export const PLAYER_SEARCH_MAX_LIMIT = 20;
/** GET /api/players/search: how many players a lookup answers when `limit` is not given. */
export const PLAYER_SEARCH_DEFAULT_LIMIT = 8;

/**
 * One player found by GET /api/players/search?q=&limit= (active accounts only, never a merged
 * one). Best matches first: the Discord ID itself, the name itself, names starting with q,
 * Discord IDs starting with q, then names containing q; among equals, the most matches first.
 */
export const PlayerSearchHitSchema = z
  .object({
    id: wholeNumber(),
    username: z.string(),
    discordId: z.string(),
    elo: wholeNumber().meta({ description: 'The overall rating.' }),
    totalMatches: wholeNumber(),
  })
  .meta({ id: 'PlayerSearchHit' });
export type PlayerSearchHit = z.infer<typeof PlayerSearchHitSchema>;

/** GET /api/players/leaderboard: the most players one page may ask for (`limit`). */
export const LEADERBOARD_MAX_PAGE_LIMIT = 1000;

/** GET /api/players/namesakes: the most player ids one read may ask about (`ids`). */
export const NAMESAKES_MAX_IDS = 100;
/** GET /api/players/namesakes: the most players one answer lists (the asked ones first). */
export const NAMESAKES_MAX_PLAYERS = 1000;

/**
 * One player of GET /api/players/namesakes?ids=: an active account whose username is one name
 * (usernameKey: trimmed, case-folded) with an asked player's, the asked ones included. What
 * telling same-named players apart by Discord ID needs, for a board read a page at a time.
 */
export const PlayerNamesakeSchema = z
  .object({ id: wholeNumber(), username: z.string(), discordId: z.string() })
  .meta({ id: 'PlayerNamesake' });
export type PlayerNamesake = z.infer<typeof PlayerNamesakeSchema>;

const LEADERBOARD_EXAMPLE: LeaderboardEntry[] = [
  {
    id: 7,
    username: 'Ava',
    discordId: '111111111111111111',
    elo: 1184,
    wins: 14,
    losses: 6,
    winRate: 70,
    kdRatio: 1.42,
    totalKills: 412,
    totalDeaths: 290,
    totalAssists: 120,
    totalMatches: 20,
    avgKills: 20.6,
    avgDeaths: 14.5,
    avgAssists: 6,
    avgScore: 3950,
    rank: 1,
    tier: 'Diamond',
  },
];

const revalidated = { 304: null };

export const PLAYER_OPERATIONS: ApiOperationSpec[] = [
  {
    method: 'get',
    path: '/api/players',
    tag: 'players',
    summary: 'Every player, in rank order',
    description: 'With asOf, as they stood then. An ETag names the board; If-None-Match answers 304.',
    query: AS_OF_QUERY,
    responses: { 200: z.array(LeaderboardEntrySchema), ...revalidated, ...errorResponses(400, 503) },
  },
  {
    method: 'get',
    path: '/api/players/top',
    tag: 'players',
    summary: 'The first six players of the leaderboard',
    responses: { 200: z.array(LeaderboardEntrySchema), ...revalidated },
  },
  {
    method: 'get',
    path: '/api/players/leaderboard',
    tag: 'players',
    summary: 'The leaderboard',
    description:
      "Players in rank order with rank and tier. With mode, `elo` is that mode's rating and only players who played it are listed; " +
      'with asOf, the board as it stood then. With limit and/or offset, that page of it, and the board\'s size in the X-Total-Count header. ' +
      'An ETag names the board; If-None-Match answers 304.',
    query: AS_OF_QUERY.extend({
      mode: z.int().min(1).optional().meta({ description: 'A mode id of GET /api/modes.' }),
      limit: z
        .int()
        .min(1)
        .max(LEADERBOARD_MAX_PAGE_LIMIT)
        .optional()
        .meta({ description: `A page of this many players (1–${LEADERBOARD_MAX_PAGE_LIMIT}); without limit or offset, every player.` }),
      offset: z.int().min(0).optional().meta({ description: 'The page starts after this many players (default 0).' }),
    }),
    responses: { 200: z.array(LeaderboardEntrySchema).meta({ examples: [LEADERBOARD_EXAMPLE] }), ...revalidated, ...errorResponses(400, 404, 503) },
  },
  {
    method: 'get',
    path: '/api/players/search',
    tag: 'players',
    summary: 'Find known players by name or Discord ID',
    description:
      'Active players whose name starts with q or holds it (ignoring case), or whose Discord ID starts with q; best first. `%` and `_` match themselves.',
    query: z.object({
      q: z.string().min(1).max(PLAYER_SEARCH_MAX_QUERY_LENGTH).meta({ description: `1 to ${PLAYER_SEARCH_MAX_QUERY_LENGTH} characters once trimmed.` }),
      limit: z.int().min(1).max(PLAYER_SEARCH_MAX_LIMIT).optional().meta({ description: `Default ${PLAYER_SEARCH_DEFAULT_LIMIT}.` }),
    }),
    responses: { 200: z.array(PlayerSearchHitSchema), ...errorResponses(400) },
  },
  {
    method: 'get',
    path: '/api/players/namesakes',
    tag: 'players',
    summary: 'The players who share a name with the ones asked about',
    description:
      'Every active player whose username equals an asked player\'s ignoring case and surrounding spaces, the asked ones included ' +
      `(an unknown or merged id adds nothing): what a board read a page at a time needs to tell same-named players apart. ` +
      `At most ${NAMESAKES_MAX_PLAYERS} players, the asked ones first, then by name and id. An ETag names the answer; If-None-Match answers 304.`,
    query: z.object({
      ids: z
        .string()
        .min(1)
        .meta({ description: `1 to ${NAMESAKES_MAX_IDS} player ids (whole numbers), separated by commas.`, examples: ['7,12,40'] }),
    }),
    responses: { 200: z.array(PlayerNamesakeSchema), ...revalidated, ...errorResponses(400) },
  },
  {
    method: 'get',
    path: '/api/players/duplicates',
    tag: 'admin: players',
    summary: 'Players whose usernames match ignoring case and spaces',
    role: 'moderator',
    responses: { 200: z.array(DuplicateGroupSchema) },
  },
  {
    method: 'post',
    path: '/api/players/merge',
    tag: 'admin: players',
    summary: 'Merge a duplicate account into its primary',
    role: 'moderator',
    body: MergePlayersRequestSchema,
    responses: { 200: PlayerSchema, ...errorResponses(400, 404, 409) },
  },
  {
    method: 'post',
    path: '/api/admin/players/{id}/rename',
    tag: 'admin: players',
    summary: 'Rename a player',
    description: "The name the profile and the leaderboard show from now on; the player's own name appends nothing.",
    role: 'moderator',
    pathParams: idParam('The player id.'),
    body: RenamePlayerRequestSchema,
    responses: { 200: RenamePlayerResponseSchema, ...errorResponses(400, 404, 409) },
  },
];
