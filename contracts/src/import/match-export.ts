import { MATCH_CSV_COLUMNS } from '../api/import-export.js';
import type { TeamId } from '../matches/match-limits.js';
import type { MatchRecorded } from '../ladder/ladder-events.js';
import { csvRow } from './csv.js';

// A recorded match in the import's own formats: what the match export writes, so an export
// imports into an empty site and gives the same leaderboard, and what the templates show.

/** One match of an import file in JSON: the record-match body plus its key, time and mode by name. */
export interface ImportJsonMatch {
  matchKey: string;
  playedAt: string;
  mode: string | null;
  /** The map's name; null (or absent, in a file written before maps) for none. */
  map?: string | null;
  winningTeam: TeamId;
  team1Score: number | null;
  team2Score: number | null;
  team1: ImportJsonPlayer[];
  team2: ImportJsonPlayer[];
}

export interface ImportJsonPlayer {
  discordId: string;
  username: string;
  kills?: number;
  deaths?: number;
  assists?: number;
  score?: number;
  hardpointTime?: number;
  captures?: number;
  plantsDefuses?: number;
}

type Line = MatchRecorded['data']['participants'][number];

/** A line as it was entered: absent stats stay absent (K/D left blank when they did not count). */
function player(line: Line): ImportJsonPlayer {
  const stats = {
    kills: line.kills,
    deaths: line.deaths,
    assists: line.assists,
    score: line.score,
    hardpointTime: line.hardpointTime,
    captures: line.captures,
    plantsDefuses: line.plantsDefuses,
  };
  const present = Object.entries(stats).filter(([, value]) => value !== null && value !== undefined);
  return { discordId: line.discordId, username: line.username, ...Object.fromEntries(present) };
}

/** The match as its MatchRecorded says, in the import's JSON; `matchKey` names it in the file. */
export function importJsonMatch(data: MatchRecorded['data'], matchKey: string): ImportJsonMatch {
  return {
    matchKey,
    playedAt: data.playedAt ?? data.recordedAt,
    mode: data.mode?.name ?? null,
    map: data.map ?? null,
    winningTeam: data.winningTeam,
    team1Score: data.team1Score,
    team2Score: data.team2Score,
    team1: data.participants.filter((p) => p.team === 'team1').map(player),
    team2: data.participants.filter((p) => p.team === 'team2').map(player),
  };
}

export const MATCH_CSV_HEADER = csvRow(MATCH_CSV_COLUMNS);

/** The match's CSV rows, one per player, in the import's columns. */
export function importCsvRows(match: ImportJsonMatch): string {
  return (['team1', 'team2'] as const)
    .flatMap((team) =>
      match[team].map((p) =>
        csvRow([
          match.matchKey,
          match.playedAt,
          match.mode,
          match.map,
          match.winningTeam === 'team1' ? 1 : 2,
          match.team1Score,
          match.team2Score,
          team === 'team1' ? 1 : 2,
          p.discordId,
          p.username,
          p.kills,
          p.deaths,
          p.assists,
          p.score,
          p.hardpointTime,
          p.captures,
          p.plantsDefuses,
        ]),
      ),
    )
    .join('');
}

const TEMPLATE_MATCHES: ImportJsonMatch[] = [
  {
    matchKey: 'scrim-2024-05-01-1',
    playedAt: '2024-05-01T20:30:00Z',
    mode: 'Hardpoint',
    map: 'Dust II',
    winningTeam: 'team1',
    team1Score: 250,
    team2Score: 212,
    team1: [
      { discordId: '111111111111111111', username: 'Viper', kills: 24, deaths: 15, assists: 6, score: 3100, hardpointTime: 95 },
      { discordId: '222222222222222222', username: 'Ghost', kills: 18, deaths: 17, assists: 9, score: 2600, hardpointTime: 70 },
    ],
    team2: [
      { discordId: '333333333333333333', username: 'Nova', kills: 16, deaths: 20, assists: 4, score: 2200, hardpointTime: 60 },
      { discordId: '444444444444444444', username: 'Rook, the "wall"', kills: 14, deaths: 21, assists: 7, score: 2000, hardpointTime: 41 },
    ],
  },
  {
    matchKey: 'scrim-2024-05-01-2',
    playedAt: '2024-05-01T21:05:00Z',
    mode: null,
    map: null,
    winningTeam: 'team2',
    team1Score: null,
    team2Score: null,
    team1: [
      { discordId: '111111111111111111', username: 'Viper' },
      { discordId: '333333333333333333', username: 'Nova' },
    ],
    team2: [
      { discordId: '222222222222222222', username: 'Ghost' },
      { discordId: '444444444444444444', username: 'Rook, the "wall"' },
    ],
  },
];

/** The downloadable templates: two matches, one with a mode and K/D stats, one with the result only. */
export const IMPORT_TEMPLATES = {
  csv: MATCH_CSV_HEADER + TEMPLATE_MATCHES.map(importCsvRows).join(''),
  json: `${JSON.stringify(TEMPLATE_MATCHES, null, 2)}\n`,
} as const;
