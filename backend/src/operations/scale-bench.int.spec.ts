import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The scale curve's harness (bench/scale.bench.mjs, issue 44) at 10,000 matches with short timed
// loops, on the tests' PostgreSQL and the built server: every figure is measured, and the table,
// the figures and the plot are written. It checks that `BENCH=scale npm run bench` can produce
// its report, not what the figures are (no timing is asserted).

/** Every figure the bench reports at each size, in its table and its JSON. */
const FIGURES = [
  'rebuild (s)',
  'backup (s)',
  'backup file (MB)',
  'restore (s)',
  'start-up, no snapshot (ms)',
  'snapshots kept up after it (s)',
  'time-travel snapshots kept (MB)',
  'start-up from a snapshot (ms)',
  'RSS after start (MB)',
  'RSS after the write burst (MB)',
  'RSS at the end (MB)',
  'time travel to the middle, first read (ms)',
  'leaderboard after a write (ms)',
  'sitemap.xml after a write (ms)',
  ...[
    'POST /api/matches, 1 at a time',
    'POST /api/matches, 16 at once',
    'leaderboard (cached, every player)',
    'profile history (busiest player)',
    'match page',
    'audit log, first page',
    'audit log, last page',
    'compare (two busiest players)',
    'head-to-head (busiest player)',
    'time travel to the middle, whole board',
  ].flatMap((read) => [`${read} p50 (ms)`, `${read} p99 (ms)`]),
];

/** Figures of features other sessions may not have built yet: a number, or a note saying why not. */
const OPTIONAL = [
  'leaderboard, first page of 50 p50 (ms)',
  'leaderboard, first page of 50 p99 (ms)',
  'time travel to the middle, first page of 50 p50 (ms)',
  'time travel to the middle, first page of 50 p99 (ms)',
  'sitemap page 1 after a write (ms)',
];

/**
 * Whether `xml` is well formed in the ways a hand-written SVG can fail: every element closed in
 * order, attributes quoted, no stray `<` or `&`. Returns the first problem, or null.
 */
function xmlProblem(xml: string): string | null {
  const open: string[] = [];
  const token = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|<\?xml[^>]*\?>|([<&])/g;
  let seen = 0;
  for (let match = token.exec(xml); match; match = token.exec(xml)) {
    const [whole, closing, name, , selfClosing, stray] = match;
    if (stray === '&' && /^&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/i.test(xml.slice(match.index))) continue;
    if (stray) return `a stray ${stray} at ${match.index}: ${xml.slice(match.index, match.index + 40)}`;
    if (whole.startsWith('<?')) continue;
    seen++;
    if (closing) {
      if (open.pop() !== name) return `</${name}> closes nothing open at ${match.index}`;
    } else if (!selfClosing) {
      open.push(name!);
    }
    if (seen === 1 && name !== 'svg') return `the root element is <${name}>, not <svg>`;
    if (open.length === 0 && !closing && !selfClosing) return null;
  }
  return open.length ? `<${open.join('>, <')}> never closed` : null;
}

describe('the scale bench (bench/scale.bench.mjs)', () => {
  let folder: string;
  beforeAll(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-bench-test-'));
  });
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  test('measures every figure at 10,000 matches and writes the table, the figures and a well-formed log-log plot', async () => {
    const { runScaleCurve } = await import('../../../bench/scale.bench.mjs');
    const svgFile = path.join(folder, 'images', 'scale-curve.svg');
    const result = await runScaleCurve({ serverUrl: process.env.TEST_PG_SERVER_URL!, sizes: [10_000], windowMs: 150, quietMs: 300, resultsDir: folder, svgFile, log: () => {} });

    expect(result.points).toHaveLength(1);
    const [point] = result.points;
    expect(point.matches).toBe(10_000);
    expect(point.players).toBeGreaterThan(1900);
    for (const name of FIGURES) {
      expect([name, typeof point.figures[name]]).toEqual([name, 'number']);
      expect([name, point.figures[name] >= 0 && Number.isFinite(point.figures[name])]).toEqual([name, true]);
    }
    for (const name of OPTIONAL) {
      const value = point.figures[name];
      if (value === null) expect(point.notes.join(' ')).toMatch(name.startsWith('sitemap') ? /sitemap/i : /paged leaderboard/i);
      else expect([name, typeof value]).toEqual([name, 'number']);
    }
    // The running server was measured once the first start had kept every time-travel snapshot up
    // to the head, not while it still folded and wrote them (at 1M the second start did, for a
    // minute, during the measurements).
    expect(point.facts.keptSnapshots.lastRevision).toBeGreaterThanOrEqual(point.facts.keptSnapshots.dueRevision);
    expect(point.facts.keptSnapshots.dueRevision).toBeGreaterThan(0);
    // Every answer measured was read whole: the history and compare of a player with thousands of matches.
    expect(point.facts.busiest[0].matches).toBeGreaterThan(1000);
    expect(point.facts.answerBytes['profile history (busiest player)']).toBeGreaterThan(100_000);

    const markdown = fs.readFileSync(path.join(folder, 'scale.md'), 'utf8');
    for (const name of [...FIGURES, ...OPTIONAL]) expect(markdown).toContain(`| ${name} |`);
    expect(markdown).toContain('| figure | 10,000 matches |');
    expect(JSON.parse(fs.readFileSync(path.join(folder, 'scale.json'), 'utf8')).points[0].figures).toEqual(point.figures);

    const svg = fs.readFileSync(svgFile, 'utf8');
    expect(svg).toBe(result.svg);
    expect(xmlProblem(svg)).toBeNull();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    // One labelled line per plotted figure (p99s are in the table only).
    const plotted = [...FIGURES, ...OPTIONAL].filter((name) => !name.endsWith(' p99 (ms)') && typeof point.figures[name] === 'number');
    expect(svg.match(/<path /g)).toHaveLength(plotted.length);
    for (const name of plotted) expect(svg).toContain(`>${name.replace(/ \((ms|s|MB)\)$/, '')}: 1.00×<`);
  }, 240_000);

  test('the well-formedness check refuses what a broken plot would hold', () => {
    expect(xmlProblem('<svg xmlns="x"><g><text>a &amp; b</text></g></svg>')).toBeNull();
    expect(xmlProblem('<svg xmlns="x"><g></svg>')).toMatch(/closes nothing/);
    expect(xmlProblem('<svg xmlns="x"><text>a & b</text></svg>')).toMatch(/stray &/);
    expect(xmlProblem('<svg xmlns="x"><text>1 < 2</text></svg>')).toMatch(/stray </);
    expect(xmlProblem('<svg xmlns="x"><line x1=3/></svg>')).toMatch(/stray </);
    expect(xmlProblem('<svg xmlns="x"><g>')).toMatch(/never closed/);
  });
});
