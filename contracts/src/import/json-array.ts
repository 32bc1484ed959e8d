import { Pace, PAUSE, type Pause } from './csv.js';

/** A JSON array's elements, each parsed, and how many there were; or why the text is not one array. */
export type JsonArrayRead = { ok: true; items: unknown[]; count: number } | { ok: false; message: string };

const OPENERS = new Set(['[', '{']);
const CLOSERS = new Set([']', '}']);

/**
 * Reads text that is one JSON array (leading white space allowed) element by element, pausing
 * between slices of work (see Pace): one JSON.parse of a 32 MB array would hold the event loop
 * for seconds. The scan splits the array at its top-level commas, minding strings and nesting,
 * and parses each element on its own; past `keep` elements it only counts (the caller refuses
 * the file), so a hostile array of millions of zeros holds no more than `keep` of them.
 */
export function* readJsonArray(text: string, keep: number): Generator<Pause, JsonArrayRead> {
  const pace = new Pace();
  const sources: string[] = [];
  let count = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let start = text.indexOf('[') + 1;
  let end = -1;
  const element = (to: number): string | null => {
    const source = text.slice(start, to);
    if (source.trim() === '') return null;
    count += 1;
    if (count <= keep) sources.push(source);
    return source;
  };
  for (let i = start; i < text.length; i++) {
    if (pace.due()) yield PAUSE;
    const c = text[i]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (OPENERS.has(c)) depth += 1;
    else if (CLOSERS.has(c) && depth > 0) depth -= 1;
    else if (c === ']') {
      if (element(i) === null && count > 0) return { ok: false, message: `Unexpected "]" at position ${i}` };
      end = i;
      break;
    } else if (c === '}') return { ok: false, message: `Unexpected "}" at position ${i}` };
    else if (c === ',' && depth === 0) {
      if (element(i) === null) return { ok: false, message: `Unexpected "," at position ${i}` };
      start = i + 1;
    }
  }
  if (end < 0) return { ok: false, message: 'Unexpected end of JSON input: the array is not closed' };
  if (text.slice(end + 1).trim() !== '') return { ok: false, message: `Unexpected non-whitespace character after JSON at position ${end + 1}` };
  const items: unknown[] = [];
  for (const source of sources) {
    if (pace.due(64)) yield PAUSE;
    try {
      items.push(JSON.parse(source));
    } catch (error) {
      return { ok: false, message: `element ${items.length}: ${(error as Error).message}` };
    }
  }
  return { ok: true, items, count };
}
