import { createHash } from 'node:crypto';
import type { LeaderboardEntry, MatchPage, SiteSettings, TeamId } from '@team/contracts';

// What a share card shows, as data: drawn by card-designs.ts, named by its version (the PNG's
// ETag and the og:image link's ?v=), and put into words for the page heads and the image's alt.

/** Bump when a drawing changes, so every cache (ours, a browser's, Discord's) takes the new one. */
const DESIGN_VERSION = 1;

/** The tracker's names for the two sides of a match (as the screens say them). */
export const TEAM_LABELS: Record<TeamId, string> = { team1: 'Team 1', team2: 'Team 2' };

export interface CardLine {
  name: string;
  /** The rating change the match made to this line's player. */
  change: number;
}

export interface MatchCard {
  kind: 'match';
  /** The team's name, on the card's frame (the site settings'). */
  site: string;
  id: number;
  /** When the match was recorded (ISO). */
  playedAt: string;
  /** The site's `dateLocale`, which the date is written in (docs/site-settings.md). */
  locale: string;
  mode: string | null;
  map: string | null;
  winner: TeamId;
  /** Final scores; null when the match was recorded without them. */
  scores: Record<TeamId, number | null>;
  teams: Record<TeamId, CardLine[]>;
  voided: boolean;
}

export interface PlayerCard {
  kind: 'player';
  site: string;
  id: number;
  name: string;
  elo: number;
  tier: string;
  rank: number;
  /** How many players the rank is out of. */
  players: number;
  wins: number;
  losses: number;
  /** Percent, 0–100. */
  winRate: number;
  /** The media library rendition its avatar is drawn from (card-avatars.ts), null for none. */
  avatar: string | null;
}

/** The site's own card, for pages that are about no one match or player. */
export interface SiteCard {
  kind: 'site';
  site: string;
  name: string;
  tagline: string;
}

export type ShareCard = MatchCard | PlayerCard | SiteCard;

/** The site's card: its name and tagline, as the settings give them. */
export function siteCardOf(settings: Pick<SiteSettings, 'teamName' | 'tagline'>): SiteCard {
  return { kind: 'site', site: settings.teamName, name: settings.teamName, tagline: settings.tagline };
}

export function matchCardOf(match: MatchPage, site: string, locale: string): MatchCard {
  const lines = (team: TeamId): CardLine[] => match.teams[team].map((line) => ({ name: line.username, change: line.ratingChange }));
  return {
    kind: 'match',
    site,
    id: match.id,
    playedAt: match.createdAt,
    locale,
    mode: match.mode?.name ?? null,
    map: match.map,
    winner: match.winningTeam,
    scores: { team1: match.team1Score, team2: match.team2Score },
    teams: { team1: lines('team1'), team2: lines('team2') },
    voided: match.voided !== null,
  };
}

export function playerCardOf(entry: LeaderboardEntry, players: number, site: string, avatar: string | null): PlayerCard {
  const { id, username: name, elo, tier, rank, wins, losses, winRate } = entry;
  return { kind: 'player', site, id, name, elo, tier, rank, players, wins, losses, winRate, avatar };
}

/** A short name of everything a card shows: equal versions draw equal pictures. */
export function cardVersion(card: ShareCard): string {
  return createHash('sha256').update(JSON.stringify([DESIGN_VERSION, card])).digest('base64url').slice(0, 16);
}

/** Where a card is served; the version makes a changed card a new address for caches that never ask again. */
export function cardPath(card: ShareCard): string {
  const file = card.kind === 'match' ? `matches/${card.id}.png` : card.kind === 'player' ? `players/${card.id}.png` : 'site.png';
  return `/og/${file}?v=${cardVersion(card)}`;
}

const otherTeam = (team: TeamId): TeamId => (team === 'team1' ? 'team2' : 'team1');

/** "250–200", winner's score first; null without scores. */
export function winningScore(card: MatchCard): string | null {
  const [won, lost] = [card.scores[card.winner], card.scores[otherTeam(card.winner)]];
  return won === null || lost === null ? null : `${won}–${lost}`;
}

/**
 * A day for people, in the site's `dateLocale` (docs/site-settings.md): "Mar 3, 2025" in en-US,
 * "3. März 2025" in de-DE; in UTC, so every server says the same of one instant.
 */
export function cardDate(iso: string, locale: string): string {
  return new Date(iso).toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/**
 * A time for people, in the site's `dateLocale`, in UTC with the zone named ("Mar 14, 2030,
 * 06:00 PM UTC"): a link preview knows no reader's zone (the page shows the visitor's own).
 */
export function cardDateTime(iso: string, locale: string): string {
  return new Date(iso).toLocaleString(locale, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' });
}

/** "Hardpoint · Skidrow": the mode the match counted in (none: Overall, as the match page says) and its map. */
export function matchKind(card: MatchCard): string {
  const mode = card.mode ?? 'Overall';
  return card.map ? `${mode} · ${card.map}` : mode;
}

/** "Match #12: Team 1 beat Team 2, 250–200". */
export function matchHeadline(card: MatchCard): string {
  const score = winningScore(card);
  const result = `${TEAM_LABELS[card.winner]} beat ${TEAM_LABELS[otherTeam(card.winner)]}${score ? `, ${score}` : ''}`;
  return `Match #${card.id}: ${result}${card.voided ? ' (voided)' : ''}`;
}

/** "Hardpoint · Skidrow · 3 Mar 2025. Team 1: Alpha (+15), Bravo (+12). Team 2: Charlie (-14)." */
export function matchSummary(card: MatchCard): string {
  const team = (id: TeamId) => `${TEAM_LABELS[id]}: ${card.teams[id].map((line) => `${line.name} (${signed(line.change)})`).join(', ')}.`;
  const voided = card.voided ? ' Voided: it no longer counts toward any rating.' : '';
  return `${matchKind(card)} · ${cardDate(card.playedAt, card.locale)}. ${team('team1')} ${team('team2')}${voided}`;
}

/** "Rank #3 of 42 · Gold · 1450 ELO · 12W - 8L (60.0% win rate)". */
export function playerSummary(card: PlayerCard): string {
  return `Rank #${card.rank} of ${card.players} · ${card.tier} · ${card.elo} ELO · ${record(card)} (${card.winRate.toFixed(1)}% win rate)`;
}

/** "12W - 8L", as the home page's Top Players writes a record. */
export function record(card: PlayerCard): string {
  return `${card.wins}W - ${card.losses}L`;
}

/** A rating change with its sign, as the screens write it: "+12", "-8", "0". */
export function signed(change: number): string {
  return change > 0 ? `+${change}` : String(change);
}
