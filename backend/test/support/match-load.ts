import type { Knex } from 'knex';
import type { RecordMatchPlayer, RecordMatchRequest, RecordMatchResponse, MatchRecorded } from '@team/contracts';
import { recordMatchResponse } from '../../src/ladder/record-match/record-match.response.js';

// Shared by the fault tests: seeded match bodies, a fetch that classifies every way a request
// can end, and the log's view of each idempotency key.

export { seededRandom } from '../../src/shared/seeded-random.js';


const POOL = 24;

/** A valid 3-v-3 overall match with stats among POOL players, chosen by `random`. */
export function randomMatch(random: () => number): RecordMatchRequest {
  const ids: number[] = [];
  while (ids.length < 6) {
    const id = Math.floor(random() * POOL);
    if (!ids.includes(id)) ids.push(id);
  }
  const player = (id: number): RecordMatchPlayer => ({
    discordId: String(810_000 + id),
    username: `Fault ${id}`,
    kills: 1 + Math.floor(random() * 20),
    deaths: 1 + Math.floor(random() * 15),
    assists: 1 + Math.floor(random() * 10),
    score: 100 + Math.floor(random() * 4000),
  });
  return { winningTeam: random() < 0.5 ? 'team1' : 'team2', team1: ids.slice(0, 3).map(player), team2: ids.slice(3).map(player) };
}

export type Outcome =
  | { kind: 'answer'; status: number; body: any; ms: number }
  /** The AbortSignal fired: the server did not answer within the allowed time. */
  | { kind: 'timeout'; ms: number }
  /** No HTTP answer at all (connection refused or reset). */
  | { kind: 'network'; message: string; ms: number };

/** One request that never throws: every ending is an Outcome. */
export async function request(
  url: string,
  timeoutMs: number,
  init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
): Promise<Outcome> {
  const started = Date.now();
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { kind: 'answer', status: response.status, body, ms: Date.now() - started };
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'timeout', ms: Date.now() - started };
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { kind: 'network', message: cause?.code ?? cause?.message ?? String(error), ms: Date.now() - started };
  }
}

export interface RecordedMatch {
  position: number;
  key: string | null;
  /** The answer POST /api/matches gives for this event (first time or repeated). */
  answer: RecordMatchResponse;
}

/** Every MatchRecorded of the log, in log order, with the answer it stands for. */
export async function recordedMatches(knex: Knex): Promise<RecordedMatch[]> {
  const rows: { position: number | string; data: MatchRecorded['data'] }[] = await knex('public.events')
    .select('position', 'data')
    .where({ type: 'MatchRecorded' })
    .orderBy('position');
  return rows.map(({ position, data }) => ({
    position: Number(position),
    key: data.idempotencyKey ?? null,
    answer: recordMatchResponse(data, Number(position)),
  }));
}

/** Keys that occur more than once in the log (should be none). */
export function repeatedKeys(matches: readonly RecordedMatch[]): string[] {
  const seen = new Map<string, number>();
  for (const { key } of matches) if (key !== null) seen.set(key, (seen.get(key) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([key]) => key);
}
