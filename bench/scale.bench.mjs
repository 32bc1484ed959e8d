// The scale curve (issue 44): ladders of 10,000, 100,000 and 1,000,000 matches (SCALE_SIZES, comma
// separated), each written to its own database, rebuilt, backed up and restored, then served by
// the built server and measured through HTTP (bench/scale/measure-size.mjs). Writes the table to
// bench/results/scale.md (and the figures to scale.json), prints it, and draws the log-log plot
// to docs/images/scale-curve.svg. Goals, as ratios of the largest ladder's figures to the
// smallest's: per-request latency ≤ 1.5×; start-up from a snapshot ≤ 2× and < 10 s; resident
// memory ≤ 600 MB; rebuild, backup and restore ≤ 110× for 100× the matches.
// SCALE_WINDOW_MS: how long each timed loop runs (2,000 ms).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureSize } from './scale/measure-size.mjs';
import { markdownTable, scaleSvg, summaryEntries } from './scale/report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Measures every size in turn on the PostgreSQL server at `serverUrl` (its `postgres`
 * database's URL) and writes the table, the figures and the plot. Returns them too.
 */
export async function runScaleCurve({ serverUrl, sizes, windowMs = 2000, quietMs = 1500, resultsDir, svgFile, log = (line) => console.log(line) }) {
  const started = performance.now();
  // The machine is shared: its load beside the figures says how busy it was.
  const loads = [os.loadavg()[0]];
  const points = [];
  for (const matches of sizes) {
    log(`\nScale curve: ${matches.toLocaleString('en-US')} matches`);
    const sizeStarted = performance.now();
    const point = await measureSize(serverUrl, matches, { windowMs, quietMs, log });
    point.seconds = (performance.now() - sizeStarted) / 1000;
    points.push(point);
    loads.push(os.loadavg()[0]);
    log(`  (this size took ${point.seconds.toFixed(0)} s)`);
  }
  const table = markdownTable(points);
  const svg = scaleSvg(points);
  const notes = [...new Set(points.flatMap((p) => p.notes))];
  const seconds = (performance.now() - started) / 1000;
  const machine = `${os.cpus().length} cores; one-minute load average ${loads.map((load) => load.toFixed(1)).join(', ')} at the start and after each size`;
  const markdown = `${table}\n${notes.map((note) => `\n${note}`).join('')}\n\nMeasured ${new Date().toISOString()} in ${Math.round(seconds)} s (${machine}).\n`;
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, 'scale.md'), markdown);
  fs.writeFileSync(path.join(resultsDir, 'scale.json'), JSON.stringify({ at: new Date().toISOString(), seconds, cores: os.cpus().length, loads, points }, null, 2));
  fs.mkdirSync(path.dirname(svgFile), { recursive: true });
  fs.writeFileSync(svgFile, svg);
  return { points, table, markdown, svg, seconds, summary: summaryEntries(points) };
}

export async function benchScale(server) {
  const sizes = (process.env.SCALE_SIZES ?? '10000,100000,1000000').split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0);
  const result = await runScaleCurve({
    serverUrl: server.url,
    sizes,
    windowMs: Number(process.env.SCALE_WINDOW_MS ?? 2000),
    resultsDir: path.join(root, 'bench/results'),
    svgFile: path.join(root, 'docs/images/scale-curve.svg'),
  });
  console.log(`\nScale curve (bench/results/scale.md; plot in docs/images/scale-curve.svg), ${Math.round(result.seconds)} s:\n`);
  console.log(result.markdown);
  return result.summary;
}
