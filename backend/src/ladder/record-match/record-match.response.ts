import type { RecordMatchResponse, MatchRecorded } from '@team/contracts';

/** The 201 answer of a recorded match, built from its event alone so a repeat gets the same bytes. */
export function recordMatchResponse(data: MatchRecorded['data'], position: number): RecordMatchResponse {
  return {
    matchId: data.matchId,
    position,
    participants: data.participants.map((p) => ({
      playerId: p.playerId,
      username: p.username,
      team: p.team,
      ratingBefore: p.ratingBefore,
      ratingChange: p.ratingChange,
      ratingAfter: p.ratingAfter,
    })),
  };
}
