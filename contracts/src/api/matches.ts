import { MAX_MAP_NAME_LENGTH, parseMapName } from '../matches/match-map.js';
import { MAX_MATCH_PLAYERS, MAX_NAME_LENGTH, MAX_STAT_VALUE, MAX_TEAM_PLAYERS, TEAMS, TEAM_LABELS, UNKNOWN_MODE_MESSAGE, type TeamId } from '../matches/match-limits.js';
import { textProblem } from '../text/text-rules.js';
import { withThousands } from '../text/with-thousands.js';
import { AS_OF_QUERY, errorResponses, idParam, isoTime, positionField, wholeNumber, z, type ApiOperationSpec } from './schema.js';

export const TeamIdSchema = z.enum(TEAMS).meta({ id: 'TeamId' });

export const ModeSchema = z
  .object({
    id: wholeNumber(),
    name: z.string(),
    description: z.string(),
    scoreLimit: wholeNumber().nullable().optional().meta({ description: 'The final score that ends a game of the mode.' }),
  })
  .meta({ id: 'Mode', description: 'A game mode a match can be recorded in.' });
export type Mode = z.infer<typeof ModeSchema>;

/** A match's pool: null for the overall rating, else the mode's. */
export const ModeRefSchema = z.object({ id: wholeNumber(), name: z.string() }).nullable().meta({ id: 'ModeRef', description: 'The mode (null: none).' });

export const MatchParticipantSchema = z
  .object({ id: wholeNumber(), playerId: wholeNumber(), team: TeamIdSchema, player: z.object({ username: z.string() }) })
  .meta({ id: 'MatchParticipant' });
export type MatchParticipant = z.infer<typeof MatchParticipantSchema>;

/** What a match is, without its lines: the part every view of a match shares. */
const matchHeaderShape = {
  id: wholeNumber(),
  createdAt: isoTime(),
  mode: ModeRefSchema,
  winningTeam: TeamIdSchema,
  team1Score: wholeNumber().nullable(),
  team2Score: wholeNumber().nullable(),
  map: z.string().nullable().meta({ description: "The map's name as recorded; null when none was given (every match recorded before maps existed)." }),
};
export const MatchHeaderSchema = z.object(matchHeaderShape).meta({ id: 'MatchHeader' });
export type MatchHeader = z.infer<typeof MatchHeaderSchema>;

export const MatchSchema = z.object({ ...matchHeaderShape, participants: z.array(MatchParticipantSchema) }).meta({ id: 'Match' });
export type Match = z.infer<typeof MatchSchema>;

/** A participant's stats as recorded; null where the match has none (no K/D stats, another mode). */
const lineStatsShape = {
  kills: wholeNumber().nullable(),
  deaths: wholeNumber().nullable(),
  assists: wholeNumber().nullable(),
  score: wholeNumber().nullable(),
  hardpointTime: wholeNumber().nullable(),
  captures: wholeNumber().nullable(),
  plantsDefuses: wholeNumber().nullable(),
};
export const LineStatsSchema = z.object(lineStatsShape).meta({ id: 'LineStats' });
export type LineStats = z.infer<typeof LineStatsSchema>;

/** One player's line on a match page: the stats recorded and the rating change the match made. */
export const MatchPageLineSchema = z
  .object({
    ...lineStatsShape,
    playerId: wholeNumber().meta({ description: 'The account the line counts for now (a merge moves lines to the primary).' }),
    username: z.string(),
    discordId: z.string().meta({ description: "The account's Discord ID: it tells two same-named players of the match apart." }),
    recordedAs: z.string().meta({ description: 'The name typed for this line when the match was recorded (a match renames no one).' }),
    team: TeamIdSchema,
    won: z.boolean(),
    ratingBefore: wholeNumber(),
    ratingChange: wholeNumber(),
    ratingAfter: wholeNumber().meta({ description: 'In the match\'s pool: the profile\'s "ELO After" (re-threaded by merges and voids).' }),
  })
  .meta({ id: 'MatchPageLine' });
export type MatchPageLine = z.infer<typeof MatchPageLineSchema>;

/** GET /api/matches/{id}: one match as its page shows it, voided ones included. */
export const MatchPageSchema = z
  .object({
    ...matchHeaderShape,
    statsUsed: z.boolean().meta({ description: 'Whether K/D stats counted in the ratings (docs/product.md#validation rule 4).' }),
    teams: z.object({ team1: z.array(MatchPageLineSchema), team2: z.array(MatchPageLineSchema) }),
    voided: z
      .object({ at: isoTime(), reason: z.string() })
      .nullable()
      .meta({ description: 'Set once an admin voided the match: it no longer counts anywhere, but its page stays.' }),
  })
  .meta({ id: 'MatchPage' });
export type MatchPage = z.infer<typeof MatchPageSchema>;

const PlayerRefSchema = z.object({ id: wholeNumber(), username: z.string() }).meta({ id: 'PlayerRef' });

/** One entry of GET /api/players/{id}/matches. */
export const PlayerMatchRecordSchema = z
  .object({
    id: wholeNumber(),
    won: z.boolean(),
    team: TeamIdSchema,
    eloChange: wholeNumber().nullable(),
    eloAfter: wholeNumber().nullable(),
    kills: wholeNumber().nullable(),
    deaths: wholeNumber().nullable(),
    assists: wholeNumber().nullable(),
    score: wholeNumber().nullable(),
    hardpointTime: wholeNumber().nullable().optional(),
    captures: wholeNumber().nullable().optional(),
    plantsDefuses: wholeNumber().nullable().optional(),
    match: MatchSchema,
    teammates: z.array(PlayerRefSchema),
    opponents: z.array(PlayerRefSchema),
  })
  .meta({ id: 'PlayerMatchRecord' });
export type PlayerMatchRecord = z.infer<typeof PlayerMatchRecordSchema>;

// The record-match payload as a client sends it. The server checks a body with this schema, in
// the messages docs/product.md gives (record-match.parse.ts adds what one field cannot say: the
// players' rules, the mode's existence, the match's size); an absent name or stat is not the
// schema's to refuse: the rules name a missing player identity, and a blank stat is 0.

const WHOLE_NUMBER_RULE = `must be a whole number from 0 to ${withThousands(MAX_STAT_VALUE)}`;

/** A count of the payload: one message for every way a value misses it. */
const count = (label: string) => {
  const rule = { error: `${label} ${WHOLE_NUMBER_RULE}.`, abort: true };
  return z.number(rule).int(rule).min(0, rule).max(MAX_STAT_VALUE, rule);
};

/** A Discord ID or username: one line of storable text, at most MAX_NAME_LENGTH characters once trimmed. */
const playerName = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .superRefine((name, ctx) => {
      const unstorable = textProblem(name, { multiline: false });
      if (unstorable) ctx.addIssue({ code: 'custom', message: `${label} ${unstorable}.` });
      else if (name.trim().length > MAX_NAME_LENGTH) ctx.addIssue({ code: 'custom', message: `${label} must be at most ${MAX_NAME_LENGTH} characters.` });
    })
    .meta({ description: `1 to ${MAX_NAME_LENGTH} characters once trimmed.` });

export const RecordMatchPlayerSchema = z
  .object(
    {
      discordId: playerName('Discord ID'),
      username: playerName('Username'),
      kills: count('Kills'),
      deaths: count('Deaths'),
      assists: count('Assists'),
      score: count('Score'),
      hardpointTime: count('Hardpoint time').optional(),
      captures: count('Captures').optional(),
      plantsDefuses: count('Plants/defuses').optional(),
    },
    { error: 'Each player must be an object with a Discord ID, a username and stats.' },
  )
  .meta({ id: 'RecordMatchPlayer' });
export type RecordMatchPlayer = z.infer<typeof RecordMatchPlayerSchema>;

const team = (id: TeamId) => {
  const label = TEAM_LABELS[id];
  return z
    .array(RecordMatchPlayerSchema, { error: `${label} must be a list of players.` })
    .min(1, { error: `${label} needs at least one player.` })
    .max(MAX_TEAM_PLAYERS, { error: `${label} can have at most ${MAX_TEAM_PLAYERS} players.` });
};

const teamScore = (id: TeamId) => count(`${TEAM_LABELS[id]}'s score`).nullable().optional();

/** Body of POST /api/matches (docs/product.md#entities record-match payload). */
export const RecordMatchRequestSchema = z
  .object(
    {
      winningTeam: z.enum(['team1', 'team2'], { error: 'The winning team must be team1 or team2.' }),
      modeId: z.number({ error: UNKNOWN_MODE_MESSAGE }).nullable().optional().meta({ description: 'A mode of GET /api/modes; absent or null: no mode.' }),
      map: z
        .string({ error: 'Map must be text.' })
        .superRefine((map, ctx) => {
          const parsed = parseMapName(map);
          if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
        })
        .nullable()
        .optional()
        .meta({ description: `The map's name (optional; trimmed, blank is none, at most ${MAX_MAP_NAME_LENGTH} characters).` }),
      team1: team('team1'),
      team2: team('team2'),
      team1Score: teamScore('team1'),
      team2Score: teamScore('team2'),
    },
    { error: 'The match must be sent as a JSON object.' },
  )
  .meta({
    id: 'RecordMatchRequest',
    description:
      'docs/product.md#validation: every player needs a Discord ID and a username; kills and deaths are given for every player or for none; ' +
      `when given, the teams' kills and deaths add up; a Discord ID appears once; a winning team's score is higher; at most ${MAX_MATCH_PLAYERS} players.`,
    examples: [
      {
        modeId: 1,
        winningTeam: 'team1',
        team1Score: 250,
        team2Score: 190,
        map: 'Skidrow',
        team1: [
          { discordId: '111111111111111111', username: 'Ava', kills: 25, deaths: 18, assists: 6, score: 4200, hardpointTime: 95 },
          { discordId: '222222222222222222', username: 'Ben', kills: 20, deaths: 22, assists: 9, score: 3700, hardpointTime: 60 },
        ],
        team2: [
          { discordId: '333333333333333333', username: 'Cleo', kills: 22, deaths: 24, assists: 4, score: 3900, hardpointTime: 70 },
          { discordId: '444444444444444444', username: 'Dev', kills: 18, deaths: 21, assists: 7, score: 3300, hardpointTime: 40 },
        ],
      },
    ],
  });
export type RecordMatchRequest = z.infer<typeof RecordMatchRequestSchema>;

/** 201 answer of POST /api/matches. */
export const RecordMatchResponseSchema = z
  .object({
    matchId: wholeNumber(),
    position: positionField(),
    participants: z.array(
      z.object({
        playerId: wholeNumber(),
        username: z.string(),
        team: TeamIdSchema,
        ratingBefore: wholeNumber(),
        ratingChange: wholeNumber(),
        ratingAfter: wholeNumber(),
      }),
    ),
  })
  .meta({ id: 'RecordMatchResponse' });
export type RecordMatchResponse = z.infer<typeof RecordMatchResponseSchema>;

/** The answer of POST /api/matches in review mode (PUBLIC_RECORDING=review): a submission waiting for a moderator (api/submissions.ts). */
/** 202 of a review-mode POST /api/matches without a key; `Location` names the status. */
export const SubmittedMatchSchema = z
  .object({
    submissionId: z.string(),
    status: z.literal('pending'),
    /** The public status's API address (also in the Location header). */
    statusUrl: z.string(),
  })
  .meta({ id: 'SubmittedMatch' });
export type SubmittedMatch = z.infer<typeof SubmittedMatchSchema>;

export const MATCH_OPERATIONS: ApiOperationSpec[] = [
  {
    method: 'post',
    path: '/api/matches',
    tag: 'matches',
    summary: 'Record a match',
    description:
      'Anyone may record a match (rate limited per address); with PUBLIC_RECORDING=recorders a recorder key or above is needed. ' +
      'With PUBLIC_RECORDING=review a request without a key is a pending submission (202, its status at Location) that a moderator approves; a recorder key or above records at once. ' +
      'An Idempotency-Key header makes a retry answer the first result. The answer comes once the read tables show the match.',
    headers: z.object({
      'Idempotency-Key': z.string().optional().meta({ description: '1 to 200 visible ASCII characters; a retry with the same key and body answers the first result.' }),
    }),
    body: RecordMatchRequestSchema,
    responses: { 201: RecordMatchResponseSchema, 202: SubmittedMatchSchema, ...errorResponses(400, 401, 403, 409, 413, 429) },
  },
  {
    method: 'get',
    path: '/api/matches/recent',
    tag: 'matches',
    summary: 'The five newest matches',
    responses: { 200: z.array(MatchSchema) },
  },
  {
    method: 'get',
    path: '/api/matches/{id}',
    tag: 'matches',
    summary: 'One match as its page shows it',
    description: 'Mode, score, both teams with stats and rating changes, and its void if any: a voided match keeps its page.',
    pathParams: idParam('The match id.'),
    responses: { 200: MatchPageSchema, ...errorResponses(400, 404) },
  },
  {
    method: 'get',
    path: '/api/players/{id}/matches',
    tag: 'players',
    summary: "A player's matches, newest first",
    pathParams: idParam('The player id.'),
    query: AS_OF_QUERY,
    responses: { 200: z.array(PlayerMatchRecordSchema), ...errorResponses(400, 404, 503) },
  },
  {
    method: 'get',
    path: '/api/modes',
    tag: 'matches',
    summary: 'The game modes a match can be recorded in',
    responses: { 200: z.array(ModeSchema) },
  },
];
