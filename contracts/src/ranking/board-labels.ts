// What a board shows beside a player's rank and tier: whether the rating is still settling,
// and which names are one name (docs/elo.md, "Provisional ratings").

/**
 * A player with fewer matches than this is marked provisional on the boards. Every rating
 * starts at 1000 and moves at most 52 points a match (about 16 between even teams), so before
 * the fifth match it says more about the start than about the player. The mark is all it does:
 * the rating ranks, earns its tier and moves team averages like any other.
 */
export const PROVISIONAL_MATCHES = 5;

/** Whether `matches` (the matches the board counts: a season's board counts the season's) make a rating provisional. */
export function isProvisional(matches: number): boolean {
  return matches < PROVISIONAL_MATCHES;
}

/**
 * Usernames are one name when equal ignoring case and surrounding spaces: the merge tool's
 * duplicate groups, and the names a board tells apart by Discord ID.
 */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}
