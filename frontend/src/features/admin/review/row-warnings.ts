import { nameCompareKey, PLAYER_SEARCH_MAX_QUERY_LENGTH, TEAMS, type RecordMatchRequest } from '@team/contracts';

/** What a row's field is looked up by, or null when there is nothing the search takes (blank, or too long). */
export function lookupText(text: string): string | null {
  const q = text.trim();
  return q === '' || q.length > PLAYER_SEARCH_MAX_QUERY_LENGTH ? null : q;
}

/** Rows of one submission typed with the same name (compared as names show): likely one person twice, or a typo. */
export function duplicateNames(match: RecordMatchRequest): Set<string> {
  const seen = new Map<string, number>();
  for (const team of TEAMS) for (const player of match[team]) seen.set(nameCompareKey(player.username), (seen.get(nameCompareKey(player.username)) ?? 0) + 1);
  return new Set([...seen].filter(([, count]) => count > 1).map(([key]) => key));
}

export const duplicateNameWarning = (username: string): string => `Duplicate name: '${username}' is typed for more than one player of this match.`;
