// Test fixtures of the player lookup (the component tests of the row and the form).
import type { PlayerSearchHit } from '@team/contracts';
import type { MockAnswer, RecordedRequest } from '@/test/mock-fetch';

export const KNOWN_PLAYERS: PlayerSearchHit[] = [
  { id: 12, username: 'Ace', discordId: '400000000000000012', elo: 1120, totalMatches: 34 },
  { id: 15, username: 'Ace_Sniper', discordId: '400000000000000015', elo: 990, totalMatches: 1 },
  { id: 20, username: 'Grace', discordId: '400000000000000020', elo: 1005, totalMatches: 3 },
];

/** GET /api/players/search as the server answers it for KNOWN_PLAYERS: names holding q (ignoring case), Discord IDs starting with it. */
export function searchKnownPlayers(request: RecordedRequest): MockAnswer {
  const q = new URL(request.url, 'http://localhost').searchParams.get('q') ?? '';
  return { body: KNOWN_PLAYERS.filter((player) => player.username.toLowerCase().includes(q.toLowerCase()) || player.discordId.startsWith(q)) };
}
