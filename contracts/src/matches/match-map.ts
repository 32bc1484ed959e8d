import { nameTextProblem } from '../text/text-rules.js';

// The map a match was played on (issue 21): optional, one line of text. Both the Record Match
// form (its input's maxLength) and the server's parse of POST /api/matches use these rules.

export const MAX_MAP_NAME_LENGTH = 40;

/** Format characters (zero-width and bidi marks, the BOM…): a map of nothing else shows as nothing. */
const FORMAT_CHARACTERS = /\p{Cf}/gu;

export type MapNameParse = { ok: true; map: string | null } | { ok: false; message: string };

/**
 * A match's map as given in a request: absent, null, blank or invisible is "no map" (null);
 * otherwise the trimmed name, at most MAX_MAP_NAME_LENGTH characters and without control characters.
 */
export function parseMapName(raw: unknown): MapNameParse {
  if (raw === undefined || raw === null) return { ok: true, map: null };
  if (typeof raw !== 'string') return { ok: false, message: 'Map must be text.' };
  const unstorable = nameTextProblem(raw);
  if (unstorable) return { ok: false, message: `Map ${unstorable}.` };
  const trimmed = raw.trim();
  if (trimmed.replace(FORMAT_CHARACTERS, '').trim() === '') return { ok: true, map: null };
  if (trimmed.length > MAX_MAP_NAME_LENGTH) return { ok: false, message: `Map must be at most ${MAX_MAP_NAME_LENGTH} characters.` };
  return { ok: true, map: trimmed };
}
