import type { LeaderboardEntry, PlayerMatchRecord, RecordMatchPlayer, RecordMatchRequest } from '@team/contracts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { LadderTimeTravel } from './ladder-time-travel.js';

// Time travel is bounded (docs/scaling.md): a fold starts from the nearest kept snapshot, one point
// of the log is folded once however many ask for it, and excess readers get 503, not a queue.

function p(discordId: string, username: string, stats: Partial<RecordMatchPlayer> = {}): RecordMatchPlayer {
  return { discordId, username, kills: 2, deaths: 1, assists: 0, score: 100, ...stats };
}

function body(team1: RecordMatchPlayer[], team2: RecordMatchPlayer[], extra: Partial<RecordMatchRequest> = {}): RecordMatchRequest {
  return { winningTeam: 'team1', team1, team2, ...extra };
}

/** What the live read tables showed right after one event: time travel must show the same. */
interface Moment {
  position: number;
  board: LeaderboardEntry[];
  hardpoint: LeaderboardEntry[];
  histories: Map<number, PlayerMatchRecord[] | 404>;
}

async function get<T>(app: TestApp, path: string): Promise<T> {
  const response = await app.call('GET', path);
  expect(response.status).toBe(200);
  return response.body;
}

async function write(app: TestApp, method: string, path: string, json: unknown): Promise<number> {
  const response = await app.call(method, path, { json, admin: true });
  expect(response.status).toBeLessThan(300);
  return Number(response.headers.get('x-event-position'));
}

const record = (app: TestApp, request: RecordMatchRequest) => write(app, 'POST', '/api/matches', request);

async function moment(app: TestApp, position: number): Promise<Moment> {
  const histories = new Map<number, PlayerMatchRecord[] | 404>();
  for (const id of [1, 2, 3, 4, 5, 6]) {
    const response = await app.call('GET', `/api/players/${id}/matches`);
    histories.set(id, response.status === 404 ? 404 : response.body);
  }
  return {
    position,
    board: await get(app, '/api/players/leaderboard'),
    hardpoint: await get(app, '/api/players/leaderboard?mode=1'),
    histories,
  };
}

async function expectAsOf(app: TestApp, m: Moment): Promise<void> {
  expect(await get(app, `/api/players/leaderboard?asOf=${m.position}`)).toEqual(m.board);
  expect(await get(app, `/api/players/leaderboard?mode=1&asOf=${m.position}`)).toEqual(m.hardpoint);
  for (const [id, history] of m.histories) {
    const response = await app.call('GET', `/api/players/${id}/matches?asOf=${m.position}`);
    if (history === 404) expect(response.status).toBe(404);
    else expect(response.body).toEqual(history);
  }
}

describe('time travel from kept snapshots', () => {
  let app: TestApp;
  let travel: LadderTimeTravel;
  const moments: Moment[] = [];

  beforeAll(async () => {
    // A snapshot every 2 ladder events, and no result cache, so every read below folds.
    app = await startTestApp({ TIME_TRAVEL_SNAPSHOT_EVERY: '2', TIME_TRAVEL_CACHE: '0' });
    travel = app.running.app.get(LadderTimeTravel);
    const [a, b, c, d, e, e2] = [p('d-a', 'Alpha'), p('d-b', 'Bravo'), p('d-c', 'Charlie'), p('d-d', 'Delta'), p('d-e', 'Echo'), p('d-e2', 'echo')];
    const steps: (() => Promise<number>)[] = [
      () => record(app, body([a, b], [c, d])),
      () => record(app, body([c, a], [b, d], { modeId: 1, team1Score: 250, team2Score: 120 })),
      () => record(app, body([e], [a])),
      () => record(app, body([e2], [b], { modeId: 1, team1Score: 250, team2Score: 10 })),
      () => write(app, 'POST', '/api/players/merge', { primaryId: 5, duplicateId: 6 }),
      () => record(app, body([e2, c], [a, d])),
      () => write(app, 'POST', '/api/admin/matches/2/void', { reason: 'Wrong map' }),
      () => record(app, body([b, d], [e, c], { modeId: 1, team1Score: 250, team2Score: 249 })),
      () => write(app, 'POST', '/api/admin/merges/revert', { primaryId: 5, duplicateId: 6 }),
      () => record(app, body([e2, a], [b, c, d])),
    ];
    for (const step of steps) moments.push(await moment(app, await step()));
  });
  afterAll(() => app.close());

  test('every point reads as the live tables read then, through merges, voids and reverts', async () => {
    // Forwards: each fold keeps snapshots that the next one starts from.
    for (const m of moments) await expectAsOf(app, m);
    // Backwards, now that every snapshot is kept: each point starts from one of them.
    for (const m of [...moments].reverse()) await expectAsOf(app, m);
  });

  test('a fold starts from the nearest kept snapshot at or before the point, and reads only what follows it', async () => {
    const head = moments.at(-1)!.position;
    await get(app, `/api/players/leaderboard?asOf=${head}`);
    const kept: { position: number }[] = await app.knex('public.ladder_time_travel_snapshots').select('position').orderBy('position');
    // 10 ladder events, one kept every 2: after revisions 1, 3, 5, 7, 9.
    expect(kept).toHaveLength(5);

    for (const m of moments) {
      await get(app, `/api/players/leaderboard?asOf=${m.position}`);
      const nearest = kept.filter((k) => k.position <= m.position).at(-1)?.position ?? 0;
      expect(travel.lastFold).toEqual({ position: m.position, fromPosition: nearest, eventsRead: nearest === m.position ? 0 : 1 });
    }
  });

  test('an ISO time resolves to a position first: the last one recorded at or before it', async () => {
    const rows: { position: number; recorded_at: Date }[] = await app.knex('events').select('position', 'recorded_at').orderBy('position');
    const target = rows.find((r) => r.position === moments[3]!.position)!;
    const time = target.recorded_at.toISOString();
    const expected = rows.filter((r) => r.position < (rows.find((x) => x.recorded_at.getTime() > target.recorded_at.getTime())?.position ?? Infinity)).at(-1)!.position;
    await get(app, `/api/players/leaderboard?asOf=${encodeURIComponent(time)}`);
    expect(travel.lastFold?.position).toBe(expected);
  });
});

describe('time travel cache', () => {
  let app: TestApp;
  let travel: LadderTimeTravel;
  const positions: number[] = [];

  beforeAll(async () => {
    app = await startTestApp({ TIME_TRAVEL_CACHE: '4' });
    travel = app.running.app.get(LadderTimeTravel);
    for (let i = 0; i < 6; i++) positions.push(await record(app, body([p(`d-${i}`, `P${i}`)], [p(`d-${i + 1}`, `P${i + 1}`)])));
  });
  afterAll(() => app.close());

  test('repeated reads of one point fold it once; concurrent identical reads share that fold', async () => {
    const before = travel.folds;
    const first = await get(app, `/api/players/leaderboard?asOf=${positions[2]}`);
    expect(await get(app, `/api/players/leaderboard?asOf=${positions[2]}`)).toEqual(first);
    expect(await get(app, `/api/players?asOf=${positions[2]}`)).toEqual(first);
    expect((await app.call('GET', `/api/players/1/matches?asOf=${positions[2]}`)).status).toBe(200);
    expect(travel.folds).toBe(before + 1);

    const answers = await Promise.all(Array.from({ length: 8 }, () => app.call('GET', `/api/players/leaderboard?asOf=${positions[4]}`)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    expect(travel.folds).toBe(before + 2);
  });

  test('a point past the head is the head: it is folded again once the log has moved on', async () => {
    const far = '999999999999';
    const atHead = await get<LeaderboardEntry[]>(app, `/api/players/leaderboard?asOf=${far}`);
    expect(atHead).toEqual(await get(app, '/api/players/leaderboard'));
    const before = await app.call('GET', `/api/players/leaderboard?asOf=${far}`);
    await record(app, body([p('d-new', 'Newcomer')], [p('d-0', 'P0')]));
    const later = await get<LeaderboardEntry[]>(app, `/api/players/leaderboard?asOf=${far}`);
    expect(later).toEqual(await get(app, '/api/players/leaderboard'));
    expect(later.map((x) => x.username)).toContain('Newcomer');
    // Clients revalidate: the ETag they hold names the old head, so they get the new board, not a 304.
    const revalidated = await app.call('GET', `/api/players/leaderboard?asOf=${far}`, { headers: { 'if-none-match': before.headers.get('etag')! } });
    expect(revalidated.status).toBe(200);
    expect(revalidated.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });

  test('a board as of a point is served with an ETag of that point: unchanged, it answers 304', async () => {
    const first = await app.call('GET', `/api/players/leaderboard?asOf=${positions[3]}`);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"leaderboard-overall-asof-r\d+"$/);
    const again = await app.call('GET', `/api/players/leaderboard?asOf=${positions[3]}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const players = await app.call('GET', `/api/players?asOf=${positions[3]}`);
    expect(players.body).toEqual(first.body);
    expect(players.headers.get('etag')).toMatch(/^"players-overall-asof-r\d+"$/);
    const earlier = await app.call('GET', `/api/players/leaderboard?asOf=${positions[1]}`, { headers: { 'if-none-match': etag } });
    expect(earlier.status).toBe(200);
    expect(earlier.headers.get('etag')).not.toBe(etag);
  });
});

describe('time travel concurrency limit', () => {
  let app: TestApp;
  const positions: number[] = [];

  beforeAll(async () => {
    // One fold at a time, no waiting, no cache: the second distinct point at once is refused.
    app = await startTestApp({ TIME_TRAVEL_CONCURRENCY: '1', TIME_TRAVEL_WAIT_MS: '0', TIME_TRAVEL_CACHE: '0' });
    for (let i = 0; i < 12; i++) positions.push(await record(app, body([p(`d-${i}`, `P${i}`)], [p(`d-${i + 1}`, `P${i + 1}`)])));
    await get(app, `/api/players/leaderboard?asOf=${positions.at(-1)}`);
  });
  afterAll(() => app.close());

  test('readers beyond the limit get 503 with a JSON error, nothing is appended, and the next reader is served', async () => {
    const before = await app.eventCount();
    const answers = await Promise.all(positions.map((position) => app.call('GET', `/api/players/leaderboard?asOf=${position}`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    for (const answer of answers.filter((a) => a.status === 503)) {
      expect(answer.body).toEqual({ error: 'Time travel is busy right now. Please try again in a moment.' });
    }
    expect(await app.eventCount()).toBe(before);
    expect((await app.call('GET', `/api/players/leaderboard?asOf=${positions[0]}`)).status).toBe(200);
  });
});

describe('time travel cache, bounded by size', () => {
  let app: TestApp;
  let travel: LadderTimeTravel;
  const positions: number[] = [];

  // About 300 players: a point is about 0.66 MB by its estimate (2.2 KB a player and the lines),
  // so 1 MB keeps one point and not two. Counted alone, eight points would be kept, and at
  // 1,000,000 matches a point is about 400 MB.
  beforeAll(async () => {
    app = await startTestApp({ TIME_TRAVEL_CACHE: '8', TIME_TRAVEL_CACHE_MB: '1' });
    travel = app.running.app.get(LadderTimeTravel);
    for (let m = 0; m < 38; m++) {
      const team = (side: number) => Array.from({ length: 4 }, (_, i) => p(`s-${m}-${side}-${i}`, `S${m}-${side}-${i}`));
      positions.push(await record(app, body(team(1), team(2))));
    }
  });
  afterAll(() => app.close());

  test('keeps the points that fit: one read again is not folded again, a second evicts the first', async () => {
    const [a, b] = [positions.at(-1)!, positions.at(-2)!];
    const before = travel.folds;
    const first = await get(app, `/api/players/leaderboard?asOf=${a}`);
    expect(await get(app, `/api/players/leaderboard?asOf=${a}`)).toEqual(first);
    expect(travel.folds).toBe(before + 1);
    await get(app, `/api/players/leaderboard?asOf=${b}`);
    expect(travel.folds).toBe(before + 2);
    // Both would be kept by count; by size the first made room for the second.
    expect(await get(app, `/api/players/leaderboard?asOf=${a}`)).toEqual(first);
    expect(travel.folds).toBe(before + 3);
  });
});
