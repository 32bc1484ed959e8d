export type TeamId = 'team1' | 'team2';

export interface Mode {
  id: number;
  name: string;
  description: string;
  scoreLimit?: number | null;
}

export interface MatchParticipant {
  id: number;
  playerId: number;
  team: TeamId;
  player: { username: string };
}

export interface Match {
  id: number;
  createdAt: string;
  mode: { id: number; name: string } | null;
  winningTeam: TeamId;
  team1Score: number | null;
  team2Score: number | null;
  participants: MatchParticipant[];
}

/** One entry of GET /api/players/{id}/matches. */
export interface PlayerMatchRecord {
  id: number;
  won: boolean;
  team: TeamId;
  eloChange: number | null;
  eloAfter: number | null;
  kills: number | null;
  deaths: number | null;
  assists: number | null;
  score: number | null;
  hardpointTime?: number | null;
  captures?: number | null;
  plantsDefuses?: number | null;
  match: Match;
  teammates: { id: number; username: string }[];
  opponents: { id: number; username: string }[];
}

export interface RecordMatchPlayer {
  discordId: string;
  username: string;
  kills: number;
  deaths: number;
  assists: number;
  score: number;
  hardpointTime?: number;
  captures?: number;
  plantsDefuses?: number;
}

/** Body of POST /api/matches (SPEC §3 record-match payload). */
export interface RecordMatchRequest {
  modeId?: number | null;
  winningTeam: TeamId;
  team1Score?: number | null;
  team2Score?: number | null;
  team1: RecordMatchPlayer[];
  team2: RecordMatchPlayer[];
}

/** 201 answer of POST /api/matches. */
export interface RecordMatchResponse {
  matchId: number;
  position: number;
  participants: {
    playerId: number;
    username: string;
    team: TeamId;
    ratingBefore: number;
    ratingChange: number;
    ratingAfter: number;
  }[];
}
