import { MAX_IMPORT_MATCHES } from '../api/import-export.js';
import { PAUSE, runToEnd } from './csv.js';
import { readImportFileInSlices } from './import-file.js';
import { readJsonArray } from './json-array.js';

describe('readJsonArray', () => {
  const read = (text: string, keep = 100) => runToEnd(readJsonArray(text, keep));

  test.each([
    '[]',
    ' [ ] ',
    '[1]',
    '[{"a":[1,2,{"b":"]},[{"}],"c":null}, "x,y", "quote \\" ] }", [], {}]',
    '[\n  {"matchKey": "m1", "team1": [{"username": "Ace\\u0000"}]},\n  {"matchKey": "m2"}\n]\n',
  ])('reads %j as JSON.parse does', (text) => {
    const expected = JSON.parse(text) as unknown[];
    expect(read(text)).toEqual({ ok: true, elements: expected.map((value, index) => ({ index, value })), count: expected.length });
  });

  test.each(['[', '[1,', '[1,]', '[,1]', '[1 2]', '[1]x', '[{]', '[1}', '["open]', '[{"a":1]}]'])('refuses %j, which JSON.parse refuses too', (text) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(read(text).ok).toBe(false);
  });

  test('past `keep` elements it only counts', () => {
    expect(read('[1,2,3,4,5]', 2)).toEqual({ ok: true, elements: [{ index: 0, value: 1 }, { index: 1, value: 2 }], count: 5 });
  });

  test('a 32 MB array of zeros is read in slices, holding no more than the import may take', () => {
    const text = `[${'0,'.repeat(16 * 1024 * 1024 - 1)}0]`;
    const steps = readImportFileInSlices(text, 'json');
    let pauses = 0;
    let step = steps.next();
    while (!step.done) {
      if (step.value === PAUSE) pauses += 1;
      step = steps.next();
    }
    // One JSON.parse of the whole file never paused; the file is refused as too many matches.
    expect(pauses).toBeGreaterThan(1);
    expect(step.value.rows).toBe(16 * 1024 * 1024);
    expect(step.value.rows).toBeGreaterThan(MAX_IMPORT_MATCHES);
    expect(step.value.candidates).toEqual([]);
  });
});
