import { csvField, csvRecords, csvRow, csvText, parseCsv, PAUSE, type CsvRecord } from './csv.js';

const records = (text: string) => {
  const parsed = parseCsv(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.records;
};

describe('parseCsv', () => {
  it('reads fields and records with their line numbers', () => {
    expect(records('a,b,c\n1,2,3\n')).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1', '2', '3'] },
    ]);
  });

  it('takes CRLF, LF and CR line ends, and a last line without one', () => {
    expect(records('a,b\r\n1,2\r3,4\n5,6').map((r) => [r.line, r.fields])).toEqual([
      [1, ['a', 'b']],
      [2, ['1', '2']],
      [3, ['3', '4']],
      [4, ['5', '6']],
    ]);
  });

  it('drops a byte-order mark', () => {
    expect(records('\uFEFFmatch_key,x\n')[0]!.fields).toEqual(['match_key', 'x']);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks, counting the lines they span', () => {
    const parsed = records('name,note\n"Rook, the ""wall""","two\r\nlines"\nnext,row\n');
    expect(parsed[1]).toEqual({ line: 2, fields: ['Rook, the "wall"', 'two\r\nlines'] });
    expect(parsed[2]).toEqual({ line: 4, fields: ['next', 'row'] });
  });

  it('keeps empty fields, quoted or not', () => {
    expect(records('a,,"",b\n')[0]!.fields).toEqual(['a', '', '', 'b']);
    expect(records(',\n')[0]!.fields).toEqual(['', '']);
  });

  it('skips blank lines', () => {
    expect(records('a\n\n\nb\n\n').map((r) => r.line)).toEqual([1, 4]);
  });

  it('refuses a quote left open, with the line it opened on', () => {
    expect(parseCsv('a,b\n1,"open\nstill\n')).toEqual({ ok: false, line: 2, message: 'A quoted field is not closed.' });
  });

  it('refuses a quote inside an unquoted field and text after a closing quote', () => {
    expect(parseCsv('a\nab"c\n')).toMatchObject({ ok: false, line: 2 });
    expect(parseCsv('a\n"ab"c\n')).toMatchObject({ ok: false, line: 2 });
  });
});

describe('csvField and csvRow', () => {
  it('quotes only what needs it', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(0)).toBe('0');
  });

  it('writes rows that read back the same', () => {
    const values = ['Rook, the "wall"', '', 'x\r\ny', '42'];
    expect(records(csvRow(values) + csvRow(['a', 'b', 'c', 'd']))[0]!.fields).toEqual(values);
  });
});

describe('formula injection (OWASP: a leading apostrophe)', () => {
  it('writes a text cell that a spreadsheet would run as a formula with a leading apostrophe', () => {
    for (const text of ['=HYPERLINK("http://x")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx']) {
      expect(parseCsv(csvRow([text, 'plain'])).ok && records(csvRow([text, 'plain']))[0]!.fields[0]).toBe(`'${text}`);
    }
    // An apostrophe that would otherwise be read as the guard is guarded too, so reading undoes exactly what writing did.
    expect(csvField("'=x")).toBe("''=x");
    expect(csvField("'plain")).toBe("'plain");
    expect(csvField('a=b')).toBe('a=b');
  });

  it('leaves numbers alone, negative ones included', () => {
    expect(csvRow([-5, 0, 12])).toBe('-5,0,12\r\n');
  });

  it('reads back every cell as it was before writing', () => {
    for (const text of ['=1+1', '+x', '-y', '@z', '\tt', '\rr', "'=x", "''+x", "'plain", 'plain', '', "'"]) {
      expect(csvText(records(csvRow([text, 'x']))[0]!.fields[0]!)).toBe(text);
    }
  });
});

describe('csvRecords', () => {
  it('hands a record too wide for one array over in parts, which parseCsv joins', () => {
    const wide = `${'x,'.repeat(100_000)}y\nnext`;
    const parts = [...csvRecords(wide)].filter((step): step is CsvRecord => step !== PAUSE);
    expect(parts.map((part) => [part.line, part.fields.length, part.more])).toEqual([
      [1, 65_536, true],
      [1, 34_465, undefined],
      [2, 1, undefined],
    ]);
    expect(records(wide).map((record) => record.fields.length)).toEqual([100_001, 1]);
    expect(records(wide)[0]!.fields.at(-1)).toBe('y');
  });

  it('pauses while reading a long text, and reads it as in one go', () => {
    const open = `a\n"${'x\r\n'.repeat(2_000_000)}`;
    const reader = csvRecords(open);
    let pauses = 0;
    let step = reader.next();
    for (; !step.done; step = reader.next()) if (step.value === PAUSE) pauses++;
    expect(pauses).toBeGreaterThan(0);
    expect(step.value).toEqual({ ok: false, line: 2, message: 'A quoted field is not closed.' });
    expect(records('a\n"x\r\ny\rz\n",1\nb').map((r) => [r.line, r.fields])).toEqual([[1, ['a']], [2, ['x\r\ny\rz\n', '1']], [6, ['b']]]);
  });
});
