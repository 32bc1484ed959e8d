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

/** What a match is, without its lines: the part every view of a match shares. */
export interface MatchHeader {
  id: number;
  createdAt: string;
  mode: { id: number; name: string } | null;
  winningTeam: TeamId;
  team1Score: number | null;
  team2Score: number | null;
  /** The map's name as recorded; null when none was given (every match recorded before maps existed). */
  map: string | null;
}

export interface Match extends MatchHeader {
  participants: MatchParticipant[];
}

/** A participant's stats as recorded; null where the match has none (no K/D stats, another mode). */
export interface LineStats {
  kills: number | null;
  deaths: number | null;
  assists: number | null;
  score: number | null;
  hardpointTime: number | null;
  captures: number | null;
  plantsDefuses: number | null;
}

/** One player's line on a match page: the stats recorded and the rating change the match made. */
export interface MatchPageLine extends LineStats {
  /** The account the line counts for now (a merge moves lines to the primary). */
  playerId: number;
  username: string;
  /** The account's Discord ID: it tells two same-named players of the match apart. */
  discordId: string;
  /** The name typed for this line when the match was recorded (a match renames no one). */
  recordedAs: string;
  team: TeamId;
  won: boolean;
  /** In the match's pool; ratingAfter is the profile's "ELO After" (re-threaded by merges and voids). */
  ratingBefore: number;
  ratingChange: number;
  ratingAfter: number;
}

/** GET /api/matches/{id}: one match as its page shows it, voided ones included. */
export interface MatchPage extends MatchHeader {
  /** Whether K/D stats counted in the ratings (docs/product.md#validation rule 4). */
  statsUsed: boolean;
  teams: { team1: MatchPageLine[]; team2: MatchPageLine[] };
  /** Set once an admin voided the match: it no longer counts anywhere, but its page stays. */
  voided: { at: string; reason: string } | null;
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

/** Body of POST /api/matches (docs/product.md#entities record-match payload). */
export interface RecordMatchRequest {
  modeId?: number | null;
  winningTeam: TeamId;
  team1Score?: number | null;
  team2Score?: number | null;
  team1: RecordMatchPlayer[];
  team2: RecordMatchPlayer[];
  /** The map's name (optional; trimmed, blank is none, at most MAX_MAP_NAME_LENGTH characters). */
  map?: string | null;
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
