import { MAX_IMPORT_MATCHES } from '../api/import-export.js';
import { Pace, PAUSE, type Pause } from './csv.js';
import { ProblemList, refusedFile, tooManyMatches, type ImportCandidate, type ImportFile } from './import-candidates.js';
import { isLineBreak, JsonMeasure, readJsonArray } from './json-array.js';

// A JSON import file: an array of matches, or NDJSON (one match per line).

function jsonCandidate(item: unknown, line: number): ImportCandidate {
  const record = typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>) : null;
  const { matchKey, playedAt, mode, ...body } = record ?? {};
  // `mode` by name is the export's; `modeId` is record-match's own field.
  if (body.modeId === undefined && mode !== undefined) body.modeId = mode;
  return {
    matchKey: record ? matchKey : undefined,
    playedAt: record ? playedAt : undefined,
    line,
    body: record ? body : (item as Record<string, unknown>),
    locate: (path) => ({ line, field: path }),
  };
}

export function* readJson(text: string): Generator<Pause, ImportFile> {
  const trimmed = text.replace(/^\uFEFF/, '');
  if (/^\s*\[/.test(trimmed)) {
    const base = { format: 'json' as const, locator: 'index' as const };
    const read = yield* readJsonArray(trimmed, MAX_IMPORT_MATCHES);
    if (!read.ok) return refusedFile(base, 0, { line: 0, field: '', message: `The file is not valid JSON: ${read.message}` });
    if (read.count > MAX_IMPORT_MATCHES) return refusedFile(base, read.count, { line: 0, field: '', message: tooManyMatches }, tooManyMatches);
    const problems = new ProblemList();
    const candidates: ImportCandidate[] = [];
    for (const element of read.elements) {
      if ('problem' in element) problems.push({ line: element.index, field: '', message: element.problem });
      else candidates.push(jsonCandidate(element.value, element.index));
    }
    return { ...base, rows: read.count, candidates, problems };
  }
  // NDJSON: one match per line, read line by line up to the limit. The lines are split with
  // constant work per character, and one larger or deeper than a match can be is a problem,
  // never parsed (JsonMeasure): one JSON.parse of a 32 MB line held the event loop for most of a second.
  const base = { format: 'json' as const, locator: 'line' as const };
  const problems = new ProblemList();
  const candidates: ImportCandidate[] = [];
  const measure = new JsonMeasure();
  const pace = new Pace();
  let line = 1;
  let start = 0;
  for (let i = 0; i <= trimmed.length; i++) {
    if (pace.due()) yield PAUSE;
    const c = i < trimmed.length ? trimmed.charCodeAt(i) : -1;
    if (c >= 0 && !isLineBreak(c)) {
      measure.feed(c);
      continue;
    }
    // The line ends. A line breaks at CRLF, LF or CR.
    const refused = measure.blank ? null : measure.problem(`Line ${line}`, 'line');
    const source = measure.blank || refused ? '' : trimmed.slice(start, i);
    // Only a small line is looked at whole: one of nothing but white space beyond JSON's (`\u00a0`) is blank too.
    const blank = measure.blank || (!refused && source.trim() === '');
    measure.reset();
    if (c === 0x0d && trimmed.charCodeAt(i + 1) === 0x0a) i++;
    start = i + 1;
    const at = line++;
    if (blank) continue;
    if (candidates.length + problems.total >= MAX_IMPORT_MATCHES) return refusedFile(base, candidates.length, { line: at, field: '', message: tooManyMatches }, tooManyMatches);
    if (refused) {
      problems.push({ line: at, field: '', message: refused });
      continue;
    }
    // A step of Pace is a character: a line of up to 64 KB is parsed in well under a slice.
    if (pace.due(source.length)) yield PAUSE;
    try {
      candidates.push(jsonCandidate(JSON.parse(source), at));
    } catch (error) {
      problems.push({ line: at, field: '', message: `The line is not valid JSON: ${(error as Error).message}` });
    }
  }
  return { ...base, rows: candidates.length, candidates, problems };
}
