// The sizes and names a recorded match keeps to, and its two teams (no imports: the wire schemas
// in api/matches.ts, the rules in record-match/ and the ELO formula all build on them).

export const UNKNOWN_MODE_MESSAGE = 'Unknown game mode';

export const MAX_TEAM_PLAYERS = 25;
export const MAX_MATCH_PLAYERS = 50;
export const MAX_NAME_LENGTH = 64;
/** Far above any real game; it keeps sums and averages of stats exact and bounded. */
export const MAX_STAT_VALUE = 1_000_000;

/** A match's two teams, as the API and the log name them. */
export const TEAMS = ['team1', 'team2'] as const;
export type TeamId = (typeof TEAMS)[number];

/** How the screens and messages name each team (`team1`, `team2`). */
export const TEAM_LABELS = { team1: 'Team 1', team2: 'Team 2' } as const satisfies Record<TeamId, string>;
