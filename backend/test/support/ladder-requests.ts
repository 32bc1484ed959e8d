// Shared requests for the ladder's integration tests: they go through the real HTTP API.
import type { RecordMatchPlayer, RecordMatchRequest, RecordMatchResponse } from '@team/contracts';
import type { TestApp } from './test-app.js';

/** A player line of a record-match request, with zero stats unless given. */
export function matchLine(discordId: string, username: string, stats: Partial<RecordMatchPlayer> = {}): RecordMatchPlayer {
  return { discordId, username, kills: 0, deaths: 0, assists: 0, score: 0, ...stats };
}

/** Records a match (no key: the public may); anything but 201 fails the test. */
export async function recordMatch(app: TestApp, request: RecordMatchRequest): Promise<RecordMatchResponse> {
  const response = await app.call('POST', '/api/matches', { json: request });
  expect(response.status).toBe(201);
  return response.body;
}

/** A read that must answer 200: its body. */
export async function getOk<T>(app: TestApp, path: string): Promise<T> {
  const response = await app.call('GET', path);
  expect(response.status).toBe(200);
  return response.body;
}
