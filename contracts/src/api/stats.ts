import { errorResponses, wholeNumber, z, type ApiOperationSpec } from './schema.js';

export const GlobalStatsSchema = z
  .object({ totalPlayers: wholeNumber(), totalMatches: wholeNumber(), avgElo: wholeNumber().meta({ description: 'Rounded; 1000 when there are no players.' }) })
  .meta({ id: 'GlobalStats' });
export type GlobalStats = z.infer<typeof GlobalStatsSchema>;

/** Tier name → number of players, every tier present. */
export const RankDistributionSchema = z.record(z.string(), wholeNumber()).meta({ id: 'RankDistribution', description: 'Tier name → number of players, every tier present.' });
export type RankDistribution = z.infer<typeof RankDistributionSchema>;

export const STATS_OPERATIONS: ApiOperationSpec[] = [
  { method: 'get', path: '/api/stats/global', tag: 'stats', summary: 'Players, matches and the average rating', responses: { 200: GlobalStatsSchema } },
  {
    method: 'get',
    path: '/api/stats/rank-distribution',
    tag: 'stats',
    summary: 'How many players each tier holds',
    responses: { 200: RankDistributionSchema, 304: null, ...errorResponses() },
  },
];
