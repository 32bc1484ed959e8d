import { MAX_IMPORT_ELEMENT_BYTES, MAX_IMPORT_NESTING } from '../api/import-export.js';
import { withThousands } from '../text/with-thousands.js';
import { Pace, PAUSE, type Pause } from './csv.js';

/** An element of a JSON array, by its index: parsed, or refused unparsed (too large or too deep) with why. */
export type JsonElement = { index: number; value: unknown } | { index: number; problem: string };

/** A JSON array's elements and how many there were; or why the text is not one array. */
export type JsonArrayRead = { ok: true; elements: JsonElement[]; count: number } | { ok: false; message: string };

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const QUOTE = 0x22;
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const BACKSLASH = 0x5c;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

export const isLineBreak = (code: number): boolean => code === LF || code === CR;

/** A match's own nesting: the match, a team, a player. */
const MATCH_NESTING = 3;

/**
 * What a reader learns of one element (or NDJSON line) as it passes its characters, without
 * parsing it: whether it is in a string, how deep it nests, and its size in UTF-8 bytes from its
 * first to its last character that is not JSON white space. Constant work per character; a
 * reader hands it every character but the ones that end the element (a top-level comma or
 * bracket, a line break), and asks `problem` before it parses the element.
 */
export class JsonMeasure {
  inString = false;
  depth = 0;
  deepest = 0;
  /** UTF-8 bytes up to the last character that is not white space. */
  bytes = 0;
  /** UTF-8 bytes from the first character that is not white space, white space since included. */
  private running = 0;
  private escaped = false;

  reset(): void {
    this.inString = false;
    this.escaped = false;
    this.depth = 0;
    this.deepest = 0;
    this.bytes = 0;
    this.running = 0;
  }

  /** True until a character other than JSON white space came. */
  get blank(): boolean {
    return this.bytes === 0;
  }

  feed(code: number): void {
    if (!this.inString && (code === SPACE || code === LF || code === CR || code === TAB)) {
      if (this.running > 0) this.running += 1;
      return;
    }
    // A surrogate is half of a 4-byte character.
    this.running += code < 0x80 ? 1 : code < 0x800 || (code & 0xf800) === 0xd800 ? 2 : 3;
    this.bytes = this.running;
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (code === BACKSLASH) this.escaped = true;
      else if (code === QUOTE) this.inString = false;
    } else if (code === QUOTE) this.inString = true;
    else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      this.depth += 1;
      if (this.depth > this.deepest) this.deepest = this.depth;
    } else if ((code === CLOSE_BRACKET || code === CLOSE_BRACE) && this.depth > 0) this.depth -= 1;
  }

  /**
   * Why the element is refused unparsed, naming it (`Line 4`, `The element at index 3`) and the
   * limit; null when it may be parsed. A match is never larger or deeper: one JSON.parse of a
   * 32 MB element held the event loop for a second, of a 32 MB `[[[[…]]]]` for twelve.
   */
  problem(place: string, noun: 'line' | 'element'): string | null {
    if (this.bytes > MAX_IMPORT_ELEMENT_BYTES) {
      return `${place} is ${withThousands(this.bytes)} bytes long; a match is never larger than ${withThousands(MAX_IMPORT_ELEMENT_BYTES)} bytes (64 KB), so the ${noun} was not read.`;
    }
    if (this.deepest > MAX_IMPORT_NESTING) {
      return `${place} nests arrays and objects ${withThousands(this.deepest)} levels deep; a match takes ${MATCH_NESTING} and an import at most ${MAX_IMPORT_NESTING}, so the ${noun} was not read.`;
    }
    return null;
  }
}

/** Only `\s` may follow the array, as String.prototype.trim has it (JSON's four are the common case). */
const isSpace = (code: number): boolean => code === SPACE || code === LF || code === CR || code === TAB || /\s/.test(String.fromCharCode(code));

/**
 * Reads text that is one JSON array (leading white space allowed) element by element, pausing
 * between slices of work (see Pace): one JSON.parse of a 32 MB array would hold the event loop
 * for seconds. The scan splits the array at its top-level commas, minding strings and nesting,
 * with constant work per character (JsonMeasure); each element is parsed on its own, unless it
 * is larger or deeper than a match can be (MAX_IMPORT_ELEMENT_BYTES, MAX_IMPORT_NESTING): that
 * one is refused unparsed. Past `keep` elements it only counts (the caller refuses the file), so
 * a hostile array of millions of zeros holds no more than `keep` of them.
 */
export function* readJsonArray(text: string, keep: number): Generator<Pause, JsonArrayRead> {
  const pace = new Pace();
  const measure = new JsonMeasure();
  /** The kept elements: where each one's text is, or why it is refused. */
  const kept: ({ index: number; from: number; to: number } | { index: number; problem: string })[] = [];
  let count = 0;
  let start = text.indexOf('[') + 1;
  let end = -1;
  /** Ends the element before `to`; false when there is none (`[,` or `[1,]`). */
  const element = (to: number): boolean => {
    if (measure.blank) return false;
    const index = count;
    const problem = measure.problem(`The element at index ${index}`, 'element');
    measure.reset();
    // Only a small element is looked at whole: one beyond JSON's white space (`\u00a0`) is none.
    if (!problem && text.slice(start, to).trim() === '') return false;
    count += 1;
    if (count <= keep) kept.push(problem ? { index, problem } : { index, from: start, to });
    return true;
  };
  for (let i = start; i < text.length; i++) {
    if (pace.due()) yield PAUSE;
    const c = text.charCodeAt(i);
    if (measure.inString || measure.depth > 0 || (c !== COMMA && c !== CLOSE_BRACKET && c !== CLOSE_BRACE)) {
      measure.feed(c);
      continue;
    }
    if (c === CLOSE_BRACKET) {
      if (!element(i) && count > 0) return { ok: false, message: `Unexpected "]" at position ${i}` };
      end = i;
      break;
    }
    if (c === CLOSE_BRACE) return { ok: false, message: `Unexpected "}" at position ${i}` };
    if (!element(i)) return { ok: false, message: `Unexpected "," at position ${i}` };
    start = i + 1;
  }
  if (end < 0) return { ok: false, message: 'Unexpected end of JSON input: the array is not closed' };
  for (let i = end + 1; i < text.length; i++) {
    if (pace.due()) yield PAUSE;
    if (!isSpace(text.charCodeAt(i))) return { ok: false, message: `Unexpected non-whitespace character after JSON at position ${end + 1}` };
  }
  const elements: JsonElement[] = [];
  for (const at of kept) {
    if ('problem' in at) {
      elements.push(at);
      continue;
    }
    // A step of Pace is a character: an element of up to 64 KB is parsed in well under a slice.
    if (pace.due(at.to - at.from)) yield PAUSE;
    try {
      elements.push({ index: at.index, value: JSON.parse(text.slice(at.from, at.to)) });
    } catch (error) {
      return { ok: false, message: `element ${at.index}: ${(error as Error).message}` };
    }
  }
  return { ok: true, elements, count };
}
