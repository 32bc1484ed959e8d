import type { RecordMatchPlayer, TeamId, WebhookEventName } from '@team/contracts';
import { WEBHOOK_TEST_EVENT } from '@team/contracts';
import type {
  DeliveryData,
  FixtureResultData,
  FixtureScheduledData,
  MatchLine,
  MatchRecordedData,
  MatchVoidedData,
  PlayersMergedData,
  SeasonStartedData,
  SubmissionWaitingData,
  TestData,
} from './webhook-payloads.js';

// A delivery in Discord's webhook format (an execute-webhook body with one embed). Discord's
// limits: a title of 256 characters, a field's value of 1,024, an embed of 6,000 in all.

export interface DiscordEmbed {
  title: string;
  url?: string;
  description?: string;
  color: number;
  fields?: { name: string; value: string; inline?: boolean }[];
  image?: { url: string };
  timestamp?: string;
}

export interface DiscordMessage {
  embeds: DiscordEmbed[];
  /** No @everyone, @here, user or role pings, whatever a username says. */
  allowed_mentions: { parse: [] };
}

const GREEN = 0x2e9d5b;
const RED = 0xc0392b;
const BLUE = 0x3b6fd8;
const AMBER = 0xd48a00;

const TEAM_LABEL: Record<TeamId, string> = { team1: 'Team 1', team2: 'Team 2' };

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
/** Discord renders markdown in embeds: a name with * or _ is shown as typed. */
const plain = (text: string) => text.replace(/([\\*_~`|>[\]()#-])/g, '\\$1');
const signed = (change: number) => (change > 0 ? `+${change}` : change < 0 ? `−${Math.abs(change)}` : '±0');

function teamField(team: TeamId, lines: readonly MatchLine[], winner: TeamId, score: number | null): { name: string; value: string; inline: boolean } {
  const heading = `${TEAM_LABEL[team]}${team === winner ? ' (winner)' : ''}${score === null ? '' : ` · ${score}`}`;
  const value = lines.map((line) => `${plain(line.username)} ${signed(line.ratingChange)} → ${line.ratingAfter}`).join('\n') || '—';
  return { name: heading, value: cut(value, 1024), inline: true };
}

function matchRecorded(d: MatchRecordedData): DiscordEmbed {
  const winner = TEAM_LABEL[d.winningTeam];
  const score = d.team1Score !== null && d.team2Score !== null ? ` ${d.team1Score}–${d.team2Score}` : '';
  const details = [d.mode?.name ?? 'No mode (overall ELO)', d.map].filter(Boolean).join(' · ');
  return {
    title: cut(`Match #${d.matchId}: ${winner} won${score}`, 256),
    url: d.url,
    description: cut(details, 2000),
    color: d.winningTeam === 'team1' ? BLUE : RED,
    fields: (['team1', 'team2'] as const).map((team) =>
      teamField(team, d.participants.filter((p) => p.team === team), d.winningTeam, team === 'team1' ? d.team1Score : d.team2Score),
    ),
    image: { url: d.imageUrl },
    timestamp: d.recordedAt,
  };
}

function submittedTeam(players: readonly RecordMatchPlayer[]): string {
  return cut(players.map((p) => `${plain(p.username)} (${plain(p.discordId)})`).join('\n') || '—', 1024);
}

function submissionWaiting(d: SubmissionWaitingData): DiscordEmbed {
  const winner = TEAM_LABEL[d.match.winningTeam];
  return {
    title: 'A match is waiting for review',
    url: d.reviewUrl,
    description: `Submitted by a visitor: ${winner} won. Approve or reject it on the review queue.`,
    color: AMBER,
    fields: [
      { name: 'Team 1', value: submittedTeam(d.match.team1), inline: true },
      { name: 'Team 2', value: submittedTeam(d.match.team2), inline: true },
    ],
    timestamp: d.submittedAt,
  };
}

/** The Discord body of a delivery. */
export function discordMessage(type: WebhookEventName | typeof WEBHOOK_TEST_EVENT, data: DeliveryData): DiscordMessage {
  let embed: DiscordEmbed;
  switch (type) {
    case 'match-recorded':
      embed = matchRecorded(data as MatchRecordedData);
      break;
    case 'match-voided': {
      const d = data as MatchVoidedData;
      embed = { title: `Match #${d.matchId} was voided`, url: d.url, description: cut(`Reason: ${plain(d.reason)}`, 2000), color: RED, timestamp: d.voidedAt };
      break;
    }
    case 'players-merged': {
      const d = data as PlayersMergedData;
      embed = {
        title: 'Players merged',
        description: cut(
          `${plain(d.duplicate.username)} (${d.duplicate.discordId}) is now ${plain(d.primary.username)} (${d.primary.discordId}): ${d.movedMatches} match${d.movedMatches === 1 ? '' : 'es'} moved.`,
          2000,
        ),
        color: BLUE,
        timestamp: d.mergedAt,
      };
      break;
    }
    case 'season-started': {
      const d = data as SeasonStartedData;
      const reset = d.softResetPercent > 0 ? `Ratings moved ${d.softResetPercent}% toward 1000.` : 'Ratings carry over.';
      embed = { title: cut(`${d.name} has started`, 256), url: d.url, description: reset, color: GREEN, timestamp: d.startedAt };
      break;
    }
    case 'submission-waiting':
      embed = submissionWaiting(data as SubmissionWaitingData);
      break;
    case 'fixture-scheduled': {
      const d = data as FixtureScheduledData;
      embed = {
        title: cut(`Fixture scheduled: vs ${d.opponent}`, 256),
        url: d.url,
        description: cut([d.event, d.format, `<t:${Math.floor(Date.parse(d.startsAt) / 1000)}:F>`].filter(Boolean).map((part) => plain(String(part))).join(' · '), 2000),
        color: BLUE,
        timestamp: d.startsAt,
      };
      break;
    }
    case 'fixture-result': {
      const d = data as FixtureResultData;
      const outcome = d.teamScore > d.opponentScore ? 'won' : d.teamScore < d.opponentScore ? 'lost' : 'drew';
      embed = {
        title: `${d.corrected ? 'Corrected result' : 'Result'}: we ${outcome} ${d.teamScore}–${d.opponentScore}`,
        url: d.url,
        ...(d.maps.length ? { fields: [{ name: 'Maps', value: cut(d.maps.map((map) => `${plain(map.name)} ${map.teamScore}–${map.opponentScore}`).join('\n'), 1024) }] } : {}),
        color: outcome === 'won' ? GREEN : outcome === 'lost' ? RED : AMBER,
      };
      break;
    }
    case WEBHOOK_TEST_EVENT:
      embed = { title: 'Test delivery', description: (data as TestData).message, color: GREEN };
      break;
    default:
      embed = { title: cut(String(type), 256), color: BLUE };
  }
  return { embeds: [embed], allowed_mentions: { parse: [] } };
}
