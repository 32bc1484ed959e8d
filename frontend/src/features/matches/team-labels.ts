import type { TeamId } from '@team/contracts';

/** How the tracker names the two sides of a match. */
export const TEAM_LABELS: Record<TeamId, string> = { team1: 'Team 1', team2: 'Team 2' };
