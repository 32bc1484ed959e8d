import { MAX_NAME_LENGTH } from '../matches/match-limits.js';
import { textProblem } from '../text/text-rules.js';

// A player's username as an admin's rename gives it: the rules of a match's usernames
// (record-match.parse.ts), so a name a match could create is one a rename can give, and back.

/** Why `raw` cannot be a username (one sentence), or null when it can (trimmed, see below). */
export function usernameProblem(raw: unknown): string | null {
  if (raw === undefined || raw === null) return 'Username is required.';
  if (typeof raw !== 'string') return 'Username must be text.';
  const unstorable = textProblem(raw, { multiline: false });
  if (unstorable) return `Username ${unstorable}.`;
  const trimmed = raw.trim();
  if (trimmed === '') return 'Username is required.';
  if (trimmed.length > MAX_NAME_LENGTH) return `Username must be at most ${MAX_NAME_LENGTH} characters.`;
  return null;
}
