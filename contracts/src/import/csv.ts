// RFC 4180 CSV, both ways: no CSV library is among the project's dependencies, and the import
// needs each record's line number for its report, which a small parser gives for free.

/** One record and the line of the file it starts on (1-based, the header is line 1). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export type CsvParse = { ok: true; records: CsvRecord[] } | { ok: false; line: number; message: string };
export type CsvRead = { ok: true } | { ok: false; line: number; message: string };

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
 * false (an import stops at its row limit rather than hold a 32 MB file's records). Fields are
 * separated by commas, records by CRLF, LF or CR; a field in double quotes may hold commas, quotes (doubled) and line breaks. A leading byte-order mark is
 * dropped, and so are blank lines (a spreadsheet's trailing ones). A quote inside an unquoted
 * field, text after a closing quote, or a quote left open is refused with its line.
 */
export function forEachCsvRecord(text: string, visit: (record: CsvRecord) => boolean | void): CsvRead {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let stopped = false;
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const endRecord = () => {
    fields.push(field);
    // A blank line is one empty field: skip it rather than report a record of nothing.
    if (!(fields.length === 1 && fields[0] === '') && visit({ line: recordLine, fields }) === false) stopped = true;
    fields = [];
    field = '';
  };
  const lineBreakAt = (at: number): number => (input[at] === '\r' ? (input[at + 1] === '\n' ? 2 : 1) : input[at] === '\n' ? 1 : 0);

  while (i < input.length && !stopped) {
    const c = input[i]!;
    if (c === '"' && field === '') {
      // A quoted field: read to its closing quote.
      const openedOn = line;
      i++;
      for (;;) {
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
        const br = lineBreakAt(i);
        if (br > 0) {
          field += input.slice(i, i + br);
          line++;
          i += br;
          continue;
        }
        field += q;
        i++;
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
      continue;
    }
    const br = lineBreakAt(i);
    if (br > 0) {
      endRecord();
      line++;
      recordLine = line;
      i += br;
      continue;
    }
    field += c;
    i++;
  }
  if (!stopped && (field !== '' || fields.length > 0)) endRecord();
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
