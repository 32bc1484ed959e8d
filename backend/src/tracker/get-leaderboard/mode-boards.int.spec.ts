import { tierFor, type LeaderboardEntry, type RecordMatchPlayer, type RecordMatchRequest, type RecordMatchResponse } from '@team/contracts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

// A mode board (live, a season's, or as of a point of the log) shows that mode's numbers: its
// rating, and W/L, win rate, K/D, averages, matches and tier over the player's lines in that
// mode alone. The overall board keeps the account's totals over every match.

const HARDPOINT = 1;
const CONTROL = 2;

interface Recorded {
  request: RecordMatchRequest;
  response: RecordMatchResponse;
}

const line = (i: number, kills: number, deaths: number, assists: number, score: number): RecordMatchPlayer => ({
  discordId: `mode-board-${i}`,
  username: `Player${i}`,
  kills,
  deaths,
  assists,
  score,
});

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** The figures a board must show for player `i` over the given matches, worked out from the requests alone. */
function figures(matches: readonly Recorded[], i: number) {
  let wins = 0, losses = 0, kills = 0, deaths = 0, assists = 0, score = 0;
  for (const { request } of matches) {
    for (const team of ['team1', 'team2'] as const) {
      const own = request[team].find((p) => p.discordId === `mode-board-${i}`);
      if (!own) continue;
      if (request.winningTeam === team) wins++;
      else losses++;
      kills += own.kills;
      deaths += own.deaths;
      assists += own.assists;
      score += own.score;
    }
  }
  const n = wins + losses;
  return {
    wins,
    losses,
    totalMatches: n,
    winRate: round((wins / n) * 100, 1),
    kdRatio: round(deaths === 0 ? kills : kills / deaths, 2),
    totalKills: kills,
    totalDeaths: deaths,
    totalAssists: assists,
    avgKills: round(kills / n, 1),
    avgDeaths: round(deaths / n, 1),
    avgAssists: round(assists / n, 1),
    avgScore: Math.round(score / n),
  };
}

/** The rating a player's last match among `matches` left it with. */
function lastRating(matches: readonly Recorded[], playerId: number): number {
  const lines = matches.flatMap(({ response }) => response.participants.filter((p) => p.playerId === playerId));
  return lines[lines.length - 1]!.ratingAfter;
}

/** Checks every figure of a board against the matches it covers. */
function expectBoard(board: LeaderboardEntry[], matches: readonly Recorded[], ratingOf: (playerId: number) => number): void {
  const players = new Set(matches.flatMap(({ request }) => [...request.team1, ...request.team2].map((p) => Number(p.discordId.split('-').pop()))));
  expect(board.map((entry) => entry.username).sort()).toEqual([...players].map((i) => `Player${i}`).sort());
  for (const entry of board) {
    const i = Number(entry.username.slice('Player'.length));
    expect({ username: entry.username, ...pick(entry) }).toEqual({ username: entry.username, ...figures(matches, i) });
    expect(entry.elo).toBe(ratingOf(entry.id));
    expect(entry.tier).toBe(tierFor(entry.elo, entry.rank).name);
  }
  expect(board.map((entry) => entry.elo)).toEqual([...board.map((entry) => entry.elo)].sort((a, b) => b - a));
}

const pick = (e: LeaderboardEntry) => ({
  wins: e.wins,
  losses: e.losses,
  totalMatches: e.totalMatches,
  winRate: e.winRate,
  kdRatio: e.kdRatio,
  totalKills: e.totalKills,
  totalDeaths: e.totalDeaths,
  totalAssists: e.totalAssists,
  avgKills: e.avgKills,
  avgDeaths: e.avgDeaths,
  avgAssists: e.avgAssists,
  avgScore: e.avgScore,
});

describe('mode boards show the mode’s own numbers', () => {
  let app: TestApp;
  const hardpoint: Recorded[] = [];
  const control: Recorded[] = [];
  const overall: Recorded[] = [];
  let seasonOnePosition = 0;

  async function get<T>(path: string): Promise<T> {
    const response = await app.call('GET', path);
    expect(response.status).toBe(200);
    return response.body as T;
  }

  async function record(list: Recorded[], request: RecordMatchRequest): Promise<void> {
    const response = await app.call('POST', '/api/matches', { json: request });
    expect(response.status).toBe(201);
    list.push({ request, response: response.body });
  }

  beforeAll(async () => {
    app = await startTestApp();
    await record(hardpoint, {
      modeId: HARDPOINT,
      winningTeam: 'team1',
      team1: [line(0, 10, 5, 2, 200), line(1, 4, 6, 1, 100), line(2, 7, 7, 0, 130)],
      team2: [line(3, 6, 4, 0, 150), line(4, 2, 8, 3, 50), line(5, 5, 5, 5, 90)],
    });
    await record(hardpoint, {
      modeId: HARDPOINT,
      winningTeam: 'team2',
      team1: [line(0, 3, 7, 1, 80), line(3, 5, 5, 0, 120), line(4, 1, 2, 0, 20)],
      team2: [line(1, 8, 2, 4, 220), line(2, 6, 3, 2, 180), line(5, 9, 1, 0, 310)],
    });
    await record(control, {
      modeId: CONTROL,
      winningTeam: 'team1',
      team1: [line(0, 1, 1, 0, 10), line(4, 9, 1, 0, 90), line(5, 2, 2, 2, 40)],
      team2: [line(1, 2, 3, 1, 30), line(2, 3, 4, 0, 40), line(3, 1, 6, 1, 15)],
    });
    await record(overall, {
      winningTeam: 'team2',
      team1: [line(0, 1, 1, 0, 10), line(1, 1, 1, 0, 10), line(2, 1, 1, 0, 10)],
      team2: [line(3, 1, 1, 0, 10), line(4, 1, 1, 0, 10), line(5, 1, 1, 0, 10)],
    });
    seasonOnePosition = [...hardpoint, ...control, ...overall].reduce((max, m) => Math.max(max, m.response.position), 0);
  });
  afterAll(async () => {
    await app.close();
  });

  test('live: each mode board has the mode’s rating, record, K/D, averages, matches and tier', async () => {
    expectBoard(await get(`/api/players/leaderboard?mode=${HARDPOINT}`), hardpoint, (id) => lastRating(hardpoint, id));
    expectBoard(await get(`/api/players/leaderboard?mode=${CONTROL}`), control, (id) => lastRating(control, id));
    // The overall board: the overall rating (matches without a mode only) and totals over every match.
    expectBoard(await get('/api/players/leaderboard'), [...hardpoint, ...control, ...overall], (id) => lastRating(overall, id));
  });

  test('as of a point of the log: the same figures as the live board then', async () => {
    expectBoard(await get(`/api/players/leaderboard?mode=${HARDPOINT}&asOf=${seasonOnePosition}`), hardpoint, (id) => lastRating(hardpoint, id));
    expectBoard(await get(`/api/players/leaderboard?mode=${CONTROL}&asOf=${seasonOnePosition}`), control, (id) => lastRating(control, id));
    const firstHardpoint = hardpoint.slice(0, 1);
    const board = await get<LeaderboardEntry[]>(`/api/players/leaderboard?mode=${HARDPOINT}&asOf=${firstHardpoint[0]!.response.position}`);
    expectBoard(board, firstHardpoint, (id) => lastRating(firstHardpoint, id));
  });

  test('seasons: the current and a closed season’s mode boards count that season’s mode matches', async () => {
    expectBoard(await get(`/api/seasons/1/leaderboard?mode=${HARDPOINT}`), hardpoint, (id) => lastRating(hardpoint, id));
    const started = await app.call('POST', '/api/admin/seasons', { admin: true, json: { name: 'Second' } });
    expect(started.status).toBe(201);
    const second: Recorded[] = [];
    await record(second, {
      modeId: HARDPOINT,
      winningTeam: 'team1',
      team1: [line(0, 4, 2, 1, 60), line(5, 3, 3, 3, 70), line(2, 2, 1, 0, 40)],
      team2: [line(1, 1, 4, 0, 20), line(3, 2, 2, 2, 30), line(4, 6, 3, 1, 90)],
    });
    hardpoint.push(...second);
    // Closed season 1: its two Hardpoint matches, ranked by the ratings frozen at its end.
    expectBoard(await get(`/api/seasons/1/leaderboard?mode=${HARDPOINT}`), hardpoint.slice(0, 2), (id) => lastRating(hardpoint.slice(0, 2), id));
    expectBoard(await get(`/api/seasons/2/leaderboard?mode=${HARDPOINT}`), second, (id) => lastRating(hardpoint, id));
    expectBoard(await get(`/api/players/leaderboard?mode=${HARDPOINT}`), hardpoint, (id) => lastRating(hardpoint, id));
    expectBoard(await get(`/api/players/leaderboard?mode=${CONTROL}`), control, (id) => lastRating(control, id));
  });
});
