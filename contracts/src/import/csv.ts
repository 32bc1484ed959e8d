// RFC 4180 CSV, both ways: no CSV library is among the project's dependencies, and the import
// needs each record's line number for its report, which a small parser gives for free.

/** One record and the line of the file it starts on (1-based, the header is line 1). */
export interface CsvRecord {
  line: number;
  fields: string[];
  /**
   * Set by csvRecords on each part of a record too wide for one array but its last (a header of
   * 33 million commas would be gigabytes of arrays to collect); forEachCsvRecord joins the parts.
   */
  more?: true;
}

export type CsvParse = { ok: true; records: CsvRecord[] } | { ok: false; line: number; message: string };
export type CsvRead = { ok: true } | { ok: false; line: number; message: string };

/**
 * Yielded between slices of a long read: a 32 MB file read in one go would hold a server's
 * event loop for seconds, so the readers below are generators that pause every few milliseconds.
 * Run to the end in one go (forEachCsvRecord, planImport) they give the same result.
 */
export const PAUSE = Symbol('pause');
export type Pause = typeof PAUSE;

/** Most of a slice's time: a caller that yields to its event loop at each PAUSE stalls it no longer than this. */
const SLICE_MS = 10;
/** Steps between looks at the clock: a step is one character, field or row, so a look costs nothing next to them. */
const STEPS_PER_LOOK = 1_024;

/** When a slice of work is done: counts steps and, every STEPS_PER_LOOK of them, looks whether SLICE_MS have passed. */
export class Pace {
  private steps = 0;
  private sliceStart = Date.now();

  due(steps = 1): boolean {
    this.steps += steps;
    if (this.steps < STEPS_PER_LOOK) return false;
    this.steps = 0;
    const now = Date.now();
    if (now - this.sliceStart < SLICE_MS) return false;
    this.sliceStart = now;
    return true;
  }
}

/** Parses CSV text into records (see forEachCsvRecord). */
export function parseCsv(text: string): CsvParse {
  const records: CsvRecord[] = [];
  const read = forEachCsvRecord(text, (record) => {
    records.push(record);
  });
  return read.ok ? { ok: true, records } : read;
}

/**
 * Reads CSV text record by record, handing each to `visit`, which stops the reading by returning
 * false (an import stops at its row limit rather than hold a 32 MB file's records). See csvRecords.
 */
export function forEachCsvRecord(text: string, visit: (record: CsvRecord) => boolean | void): CsvRead {
  const reader = csvRecords(text);
  let parts: string[] = [];
  for (let step = reader.next(); ; step = reader.next()) {
    if (step.done) return step.value;
    if (step.value === PAUSE) continue;
    const { line, fields, more } = step.value;
    if (more || parts.length > 0) {
      for (const field of fields) parts.push(field);
      if (more) continue;
    }
    const record = { line, fields: parts.length > 0 ? parts : fields };
    parts = [];
    if (visit(record) === false) {
      reader.return({ ok: true });
      return { ok: true };
    }
  }
}

/**
 * Yields each record of CSV text in turn, and PAUSE whenever a slice of reading is done (see
 * Pace), so a caller on a server can let other work run between slices; the generator's return
 * value says whether the text was well formed. Fields are separated by commas, records by CRLF,
 * LF or CR; a field in double quotes may hold commas, quotes (doubled) and line breaks. A leading
 * byte-order mark is dropped, and so are blank lines (a spreadsheet's trailing ones). A quote
 * inside an unquoted field, text after a closing quote, or a quote left open is refused with its line.
 */
const [QUOTE, COMMA, LF, CR] = [0x22, 0x2c, 0x0a, 0x0d];
/** The most characters of one field taken in one step. */
const RUN = 4_096;
/** The most fields of one part of a record (see CsvRecord.more). */
const PART_FIELDS = 65_536;

export function* csvRecords(text: string): Generator<CsvRecord | Pause, CsvRead> {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const pace = new Pace();
  let fields: string[] = [];
  /** Whether the record being read was already yielded in part. */
  let parted = false;
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const lineBreakAt = (at: number): number => (input[at] === '\r' ? (input[at + 1] === '\n' ? 2 : 1) : input[at] === '\n' ? 1 : 0);

  while (i < input.length) {
    if (pace.due()) yield PAUSE;
    const c = input[i]!;
    if (c === '"' && field === '') {
      // A quoted field: read to its closing quote.
      const openedOn = line;
      i++;
      for (;;) {
        if (pace.due()) yield PAUSE;
        if (i >= input.length) return { ok: false, line: openedOn, message: 'A quoted field is not closed.' };
        const q = input[i]!;
        if (q === '"') {
          if (input[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        // Text up to the next quote, line breaks and all, taken a run at a time rather than a
        // character at a time: 32 MB of single characters is millions of strings to collect.
        const stop = Math.min(input.length, i + RUN);
        let end = i;
        for (; end < stop && input.charCodeAt(end) !== QUOTE; end++) {
          const code = input.charCodeAt(end);
          // CRLF is one line break: its LF counts it.
          if (code === LF || (code === CR && input.charCodeAt(end + 1) !== LF)) line++;
        }
        const run = end - i;
        field += input.slice(i, end);
        i = end;
        if (pace.due(run)) yield PAUSE;
      }
      const next = input[i];
      if (next !== undefined && next !== ',' && lineBreakAt(i) === 0) {
        return { ok: false, line, message: 'Text follows a closing quote; quote the whole field and double the quotes inside it.' };
      }
      continue;
    }
    if (c === '"') return { ok: false, line, message: 'A quote inside an unquoted field; quote the field and double the quote.' };
    if (c === ',') {
      fields.push(field);
      field = '';
      i++;
      if (fields.length >= PART_FIELDS) {
        yield { line: recordLine, fields, more: true };
        fields = [];
        parted = true;
      }
      continue;
    }
    const br = lineBreakAt(i);
    if (br > 0) {
      fields.push(field);
      // A blank line is one empty field: skip it rather than report a record of nothing.
      if (parted || !(fields.length === 1 && fields[0] === '')) yield { line: recordLine, fields };
      fields = [];
      field = '';
      parted = false;
      line++;
      recordLine = line;
      i += br;
      continue;
    }
    // Plain text up to the next quote, comma or line break, a run at a time.
    const stop = Math.min(input.length, i + RUN);
    let end = i + 1;
    for (; end < stop; end++) {
      const code = input.charCodeAt(end);
      if (code === QUOTE || code === COMMA || code === LF || code === CR) break;
    }
    const run = end - i;
    field += input.slice(i, end);
    i = end;
    if (pace.due(run)) yield PAUSE;
  }
  if (field !== '' || fields.length > 0 || parted) {
    fields.push(field);
    if (parted || !(fields.length === 1 && fields[0] === '')) yield { line: recordLine, fields };
  }
  return { ok: true };
}

/**
 * Whether a spreadsheet would take a text cell for a formula (= + - @, or a tab or CR it drops
 * before one), or an apostrophe before such a cell for the guard below: the players and matches
 * exports are public, and usernames, Discord IDs and match keys are whatever people typed.
 */
function needsGuard(text: string): boolean {
  if (/^[=+\-@\t\r]/.test(text)) return true;
  return text.startsWith("'") && needsGuard(text.slice(1));
}

/**
 * One field as CSV writes it: quoted when it holds a comma, a quote or a line break. Text that a
 * spreadsheet would run as a formula gets a leading apostrophe (OWASP's advice: the spreadsheet
 * shows it as text); csvText takes exactly that apostrophe off again. Numbers are written as they
 * are, negative ones included.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' && needsGuard(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A text cell as it was before csvField guarded it: an import reads an export back exactly. */
export function csvText(cell: string): string {
  return cell.startsWith("'") && needsGuard(cell.slice(1)) ? cell.slice(1) : cell;
}

/** One record as CSV writes it, with its CRLF. */
export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** Runs a sliced reader to its end in one go: for a browser, a test or a small file. */
export function runToEnd<T>(steps: Generator<unknown, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
