import type {
  FixtureResultRecorded,
  FixtureScheduled,
  MatchRecorded,
  MatchSubmitted,
  MatchVoided,
  PlayersMerged,
  RecordedEvent,
  RecordMatchRequest,
  SeasonStarted,
  TeamId,
  WebhookEventName,
} from '@team/contracts';

// What each log event a webhook may hear about becomes: its event name and the `data` every kind
// of delivery is made from. Built from the event alone (and the site's address), once, when the
// delivery is queued: every attempt and redelivery sends the same bytes.

export interface MatchLine {
  playerId: number;
  discordId: string;
  username: string;
  team: TeamId;
  won: boolean;
  kills: number | null;
  deaths: number | null;
  assists: number;
  score: number;
  ratingBefore: number;
  ratingChange: number;
  ratingAfter: number;
}

export interface MatchRecordedData {
  matchId: number;
  /** The match page. */
  url: string;
  /** The match's share card (PNG). */
  imageUrl: string;
  recordedAt: string;
  mode: { id: number; name: string } | null;
  map: string | null;
  winningTeam: TeamId;
  team1Score: number | null;
  team2Score: number | null;
  statsUsed: boolean;
  participants: MatchLine[];
}

export interface MatchVoidedData {
  matchId: number;
  url: string;
  reason: string;
  voidedAt: string;
}

export interface PlayersMergedData {
  primary: { playerId: number; discordId: string; username: string };
  duplicate: { playerId: number; discordId: string; username: string };
  movedMatches: number;
  mergedAt: string;
}

export interface SeasonStartedData {
  seasonId: number;
  name: string;
  startedAt: string;
  softResetPercent: number;
  /** The season's board. */
  url: string;
}

export interface SubmissionWaitingData {
  submissionId: string;
  submittedAt: string;
  /** The moderators' queue. */
  reviewUrl: string;
  match: RecordMatchRequest;
}

export interface FixtureScheduledData {
  fixtureId: number;
  /** The fixture's page. */
  url: string;
  opponent: string;
  event: string | null;
  startsAt: string;
  format: string;
  streamUrl: string | null;
}

export interface FixtureResultData {
  fixtureId: number;
  url: string;
  teamScore: number;
  opponentScore: number;
  maps: { name: string; teamScore: number; opponentScore: number }[];
  vodUrl: string | null;
  /** True when it replaces an earlier result. */
  corrected: boolean;
}

export interface TestData {
  message: string;
}

export type DeliveryData =
  | MatchRecordedData
  | MatchVoidedData
  | PlayersMergedData
  | SeasonStartedData
  | SubmissionWaitingData
  | FixtureScheduledData
  | FixtureResultData
  | TestData;

/** The page of a match, as the site serves it. */
export const matchPageUrl = (origin: string, matchId: number) => `${origin}/tracker/matches/${matchId}`;
export const shareCardUrl = (origin: string, matchId: number) => `${origin}/og/matches/${matchId}.png`;

/** The webhook event a log event is, with its data; null for events no webhook hears about. */
export function deliveryOf(event: RecordedEvent, origin: string): { name: WebhookEventName; data: DeliveryData } | null {
  switch (event.type) {
    case 'MatchRecorded': {
      const d = (event as RecordedEvent<MatchRecorded>).data;
      return {
        name: 'match-recorded',
        data: {
          matchId: d.matchId,
          url: matchPageUrl(origin, d.matchId),
          imageUrl: shareCardUrl(origin, d.matchId),
          recordedAt: d.playedAt ?? d.recordedAt,
          mode: d.mode ? { id: d.mode.id, name: d.mode.name } : null,
          map: d.map ?? null,
          winningTeam: d.winningTeam,
          team1Score: d.team1Score,
          team2Score: d.team2Score,
          statsUsed: d.statsUsed,
          participants: d.participants.map((p) => ({
            playerId: p.playerId,
            discordId: p.discordId,
            username: p.username,
            team: p.team,
            won: p.won,
            kills: p.kills,
            deaths: p.deaths,
            assists: p.assists,
            score: p.score,
            ratingBefore: p.ratingBefore,
            ratingChange: p.ratingChange,
            ratingAfter: p.ratingAfter,
          })),
        } satisfies MatchRecordedData,
      };
    }
    case 'MatchVoided': {
      const d = (event as RecordedEvent<MatchVoided>).data;
      return { name: 'match-voided', data: { matchId: d.matchId, url: matchPageUrl(origin, d.matchId), reason: d.reason, voidedAt: d.recordedAt } satisfies MatchVoidedData };
    }
    case 'PlayersMerged': {
      const d = (event as RecordedEvent<PlayersMerged>).data;
      return {
        name: 'players-merged',
        data: {
          primary: { playerId: d.primaryId, ...d.primary },
          duplicate: { playerId: d.duplicateId, ...d.duplicate },
          movedMatches: d.movedMatchIds.length,
          mergedAt: d.recordedAt,
        } satisfies PlayersMergedData,
      };
    }
    case 'SeasonStarted': {
      const d = (event as RecordedEvent<SeasonStarted>).data;
      return {
        name: 'season-started',
        data: { seasonId: d.seasonId, name: d.name, startedAt: d.startedAt, softResetPercent: d.softResetPercent, url: `${origin}/tracker/leaderboard` } satisfies SeasonStartedData,
      };
    }
    case 'MatchSubmitted': {
      const d = (event as RecordedEvent<MatchSubmitted>).data;
      return {
        name: 'submission-waiting',
        data: { submissionId: d.submissionId, submittedAt: d.submittedAt, reviewUrl: `${origin}/admin/review`, match: d.request } satisfies SubmissionWaitingData,
      };
    }
    case 'FixtureScheduled': {
      const d = (event as RecordedEvent<FixtureScheduled>).data;
      return {
        name: 'fixture-scheduled',
        data: {
          fixtureId: d.fixtureId,
          url: `${origin}/schedule/${d.fixtureId}`,
          opponent: d.opponent,
          event: d.event,
          startsAt: d.startsAt,
          format: d.format,
          streamUrl: d.streamUrl,
        } satisfies FixtureScheduledData,
      };
    }
    case 'FixtureResultRecorded': {
      const d = (event as RecordedEvent<FixtureResultRecorded>).data;
      return {
        name: 'fixture-result',
        data: {
          fixtureId: d.fixtureId,
          url: `${origin}/schedule/${d.fixtureId}`,
          teamScore: d.result.teamScore,
          opponentScore: d.result.opponentScore,
          maps: d.result.maps.map((map) => ({ name: map.name, teamScore: map.teamScore, opponentScore: map.opponentScore })),
          vodUrl: d.result.vodUrl,
          corrected: d.previous !== null,
        } satisfies FixtureResultData,
      };
    }
    default:
      return null;
  }
}
