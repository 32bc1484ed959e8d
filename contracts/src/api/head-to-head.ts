import { ModeRefSchema, TeamIdSchema } from './matches.js';
import { LeaderboardEntrySchema } from './players.js';
import { errorResponses, idParam, isoTime, wholeNumber, z, type ApiOperationSpec } from './schema.js';

/** Someone a player met (as an opponent) or played beside (as a teammate), and how those matches went for the player. */
export const HeadToHeadEntrySchema = z
  .object({
    player: z.object({ id: wholeNumber(), username: z.string() }),
    matches: wholeNumber(),
    wins: wholeNumber().meta({ description: "Against an opponent: the player's wins over them. Beside a teammate: the wins together." }),
    losses: wholeNumber(),
  })
  .meta({ id: 'HeadToHeadEntry' });
export type HeadToHeadEntry = z.infer<typeof HeadToHeadEntrySchema>;

/** GET /api/players/{id}/head-to-head: the ten opponents met most and the ten teammates played with most. */
export const HeadToHeadSchema = z
  .object({ opponents: z.array(HeadToHeadEntrySchema), teammates: z.array(HeadToHeadEntrySchema) })
  .meta({ id: 'HeadToHead' });
export type HeadToHead = z.infer<typeof HeadToHeadSchema>;

/** How many opponents and teammates a head-to-head lists. */
export const HEAD_TO_HEAD_LIMIT = 10;

/** One point of a rating history: the rating after a match, in the pool that match moved. */
export const RatingHistoryPointSchema = z
  .object({ matchId: wholeNumber(), createdAt: isoTime(), mode: ModeRefSchema, eloChange: wholeNumber(), eloAfter: wholeNumber() })
  .meta({ id: 'RatingHistoryPoint' });
export type RatingHistoryPoint = z.infer<typeof RatingHistoryPointSchema>;

/** One side of a comparison: the player as the leaderboard ranks it, and its rating history. */
export const ComparedPlayerSchema = z
  .object({ player: LeaderboardEntrySchema, ratingHistory: z.array(RatingHistoryPointSchema) })
  .meta({ id: 'ComparedPlayer' });
export type ComparedPlayer = z.infer<typeof ComparedPlayerSchema>;

/** One compared player's line of a match between them. */
export const MatchBetweenSideSchema = z
  .object({ team: TeamIdSchema, ratingChange: wholeNumber(), eloAfter: wholeNumber() })
  .meta({ id: 'MatchBetweenSide' });
export type MatchBetweenSide = z.infer<typeof MatchBetweenSideSchema>;

/** A match the two compared players played against each other. */
export const MatchBetweenSchema = z
  .object({
    matchId: wholeNumber(),
    createdAt: isoTime(),
    mode: ModeRefSchema,
    team1Score: wholeNumber().nullable(),
    team2Score: wholeNumber().nullable(),
    winnerId: wholeNumber().meta({ description: "The compared player who won it (a's or b's id)." }),
    a: MatchBetweenSideSchema,
    b: MatchBetweenSideSchema,
  })
  .meta({ id: 'MatchBetween' });
export type MatchBetween = z.infer<typeof MatchBetweenSchema>;

/** GET /api/players/compare?a={id}&b={id} */
export const PlayerComparisonSchema = z
  .object({
    a: ComparedPlayerSchema,
    b: ComparedPlayerSchema,
    record: z.object({ matches: wholeNumber(), aWins: wholeNumber(), bWins: wholeNumber() }).meta({ description: 'Their matches against each other.' }),
    matches: z.array(MatchBetweenSchema).meta({ description: 'Newest first.' }),
  })
  .meta({ id: 'PlayerComparison' });
export type PlayerComparison = z.infer<typeof PlayerComparisonSchema>;

export const HEAD_TO_HEAD_OPERATIONS: ApiOperationSpec[] = [
  {
    method: 'get',
    path: '/api/players/{id}/head-to-head',
    tag: 'players',
    summary: "A player's top opponents and teammates",
    description:
      `The ${HEAD_TO_HEAD_LIMIT} opponents the player met most and the ${HEAD_TO_HEAD_LIMIT} teammates it played with most, ` +
      'each ordered by matches descending, then by username. Voided matches do not count.',
    pathParams: idParam('The player id.'),
    responses: { 200: HeadToHeadSchema, ...errorResponses(400, 404) },
  },
  {
    method: 'get',
    path: '/api/players/compare',
    tag: 'players',
    summary: 'Compare two players',
    description: "Both players' leaderboard lines, both rating histories, and their matches against each other.",
    query: z.object({ a: z.int().min(1).meta({ description: 'A player id.' }), b: z.int().min(1).meta({ description: 'Another player id.' }) }),
    responses: { 200: PlayerComparisonSchema, ...errorResponses(400, 404) },
  },
];
