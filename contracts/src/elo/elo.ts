import type { TeamId } from '../matches/match-limits.js';
import { kda } from '../stats/ratios.js';

// The rating rules of docs/elo.md; docs/elo.md explains them with a worked example.

export const ELO_K = 32;
export const START_RATING = 1000;
/** At most this share of the swing comes from performance; the rest is the result (docs/product.md#constants-and-limits: 70/30). */
export const PERFORMANCE_WEIGHT = 0.3;

export interface EloParticipantInput {
  /** Whatever identifies the participant to the caller (player id, Discord ID); echoed back. */
  key: string | number;
  team: TeamId;
  /** Rating in the pool the match moves: the overall ELO, or the mode's ELO when a mode is set. */
  rating: number;
  kills: number;
  deaths: number;
  assists: number;
  score: number;
  /** The mode's own stat (Hardpoint time, captures, plants/defuses); absent counts as 0. */
  modeStat?: number | null;
}

export interface EloMatchInput {
  winningTeam: TeamId;
  team1Score?: number | null;
  team2Score?: number | null;
  scoreLimit?: number | null;
  /** True only when K/D stats exist for every player (docs/product.md#validation rule 4). */
  statsUsed: boolean;
  participants: EloParticipantInput[];
}

export interface EloChange {
  key: string | number;
  ratingBefore: number;
  ratingChange: number;
  ratingAfter: number;
}

export type PerformanceStats = Pick<EloParticipantInput, 'kills' | 'deaths' | 'assists' | 'score' | 'modeStat'>;

export interface PlayerPerformance {
  kda: number;
  /** Ratio to the match average; null when that average is 0 and the ratio is dropped. */
  kdaRatio: number | null;
  scoreRatio: number | null;
  modeStatRatio: number | null;
  /** clamp(mean of the ratios − 1, −1, 1); 0 when every ratio is dropped. */
  performance: number;
}

export interface PerformanceBreakdown {
  /** Match averages over every participant of both teams. */
  averages: { kda: number; score: number; modeStat: number };
  players: PlayerPerformance[];
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/**
 * Math.round sends −2.5 to −2 but 2.5 to 3; rounding half away from zero keeps a
 * winner's and a loser's changes symmetric when their unrounded values are.
 */
function roundHalfAwayFromZero(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** The chance the ELO model gives a team of rating `own` to beat one of rating `other`. */
export function expectedScore(own: number, other: number): number {
  return 1 / (1 + 10 ** ((other - own) / 400));
}

/** Mean rating of a team in the pool the match moves. */
export function teamRating(ratings: readonly number[]): number {
  if (ratings.length === 0) throw new RangeError('A team needs at least one player to have a rating.');
  return mean(ratings);
}

/**
 * M = 0.75 + 0.5·m with m = |s1 − s2| / limit clamped to [0, 1]: a close game moves
 * ratings less than a rout. Without both scores and a limit there is no margin to read, so M = 1.
 */
export function marginMultiplier(
  team1Score: number | null | undefined,
  team2Score: number | null | undefined,
  scoreLimit: number | null | undefined,
): number {
  if (team1Score == null || team2Score == null || scoreLimit == null || !(scoreLimit > 0)) return 1;
  return 0.75 + 0.5 * clamp(Math.abs(team1Score - team2Score) / scoreLimit, 0, 1);
}

/**
 * Each player's ratios to the match average of KDA, score and the mode stat. An average of
 * 0 means nobody recorded that stat, so its ratio says nothing and is dropped.
 */
export function performanceBreakdown(participants: readonly PerformanceStats[]): PerformanceBreakdown {
  if (participants.length === 0) return { averages: { kda: 0, score: 0, modeStat: 0 }, players: [] };
  const kdas = participants.map((p) => kda(p.kills, p.deaths, p.assists));
  const scores = participants.map((p) => p.score);
  const modeStats = participants.map((p) => p.modeStat ?? 0);
  const averages = { kda: mean(kdas), score: mean(scores), modeStat: mean(modeStats) };
  const ratio = (value: number, average: number): number | null => (average > 0 ? value / average : null);

  const players = participants.map((_, i): PlayerPerformance => {
    const kdaRatio = ratio(kdas[i]!, averages.kda);
    const scoreRatio = ratio(scores[i]!, averages.score);
    const modeStatRatio = ratio(modeStats[i]!, averages.modeStat);
    const ratios = [kdaRatio, scoreRatio, modeStatRatio].filter((r): r is number => r !== null);
    const performance = ratios.length === 0 ? 0 : clamp(mean(ratios) - 1, -1, 1);
    return { kda: kdas[i]!, kdaRatio, scoreRatio, modeStatRatio, performance };
  });
  return { averages, players };
}

/** The performance p of each participant, in input order, in [−1, 1]; 0 is an average performer. */
export function performanceScores(participants: readonly PerformanceStats[]): number[] {
  return performanceBreakdown(participants).players.map((p) => p.performance);
}

export interface RatingChangeInput {
  won: boolean;
  /** E of the player's team. */
  expected: number;
  /** M of the match. */
  margin: number;
  /** p of the player; 0 when stats are not used. */
  performance: number;
}

/**
 * round(K·M·(S − E)·(1 + 0.3·p·sign(S − E))), at least 1 point in the result's direction, so
 * a result always moves a rating even when the model was certain of it. Performance widens a
 * winner's gain and narrows a loser's loss, never flipping either.
 */
export function ratingChange({ won, expected, margin, performance }: RatingChangeInput): number {
  const surprise = (won ? 1 : 0) - expected;
  const weight = 1 + PERFORMANCE_WEIGHT * performance * Math.sign(surprise);
  const change = roundHalfAwayFromZero(ELO_K * margin * surprise * weight);
  return won ? Math.max(1, change) : Math.min(-1, change);
}

/**
 * The rating changes of one match, in the order of `input.participants`. A rating never goes
 * below 0, and ratingChange is always ratingAfter − ratingBefore, so sums of changes stay exact.
 */
export function computeEloChanges(input: EloMatchInput): EloChange[] {
  const { participants } = input;
  const ratings = {
    team1: teamRating(participants.filter((p) => p.team === 'team1').map((p) => p.rating)),
    team2: teamRating(participants.filter((p) => p.team === 'team2').map((p) => p.rating)),
  };
  const margin = marginMultiplier(input.team1Score, input.team2Score, input.scoreLimit);
  const performances = input.statsUsed ? performanceScores(participants) : participants.map(() => 0);

  return participants.map((participant, i) => {
    const other: TeamId = participant.team === 'team1' ? 'team2' : 'team1';
    const change = ratingChange({
      won: participant.team === input.winningTeam,
      expected: expectedScore(ratings[participant.team], ratings[other]),
      margin,
      performance: performances[i]!,
    });
    const ratingAfter = Math.max(0, participant.rating + change);
    return {
      key: participant.key,
      ratingBefore: participant.rating,
      ratingChange: ratingAfter - participant.rating,
      ratingAfter,
    };
  });
}

/**
 * A merged account's rating in one pool (docs/product.md#players-and-merges): both accounts started at
 * START_RATING, so primary + duplicate − START_RATING is the start plus the sum of both
 * accounts' changes. Never below 0, like any rating.
 */
export function mergedRating(primary: number, duplicate: number): number {
  return Math.max(0, primary + duplicate - START_RATING);
}
