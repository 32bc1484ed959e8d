export interface GlobalStats {
  totalPlayers: number;
  totalMatches: number;
  /** Rounded; 1000 when there are no players. */
  avgElo: number;
}

/** Tier name → number of players, every tier present. */
export type RankDistribution = Record<string, number>;
