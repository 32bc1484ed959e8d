// npm run bench: every benchmark, each as a ratio to a baseline measured in the same run.
// Results are printed and written to bench/results/latest.json. BENCH=word[,word] runs only the
// benchmarks whose file or function name holds one of the words (BENCH=leaderboard, BENCH=rebuild).
import fs from 'node:fs';
import path from 'node:path';
import { build, ensureInstalled, root } from './lib/prepare.mjs';

ensureInstalled();
build();

const { withEmbeddedPostgres } = await import('../bench/lib.mjs');
const only = (process.env.BENCH ?? '').toLowerCase().split(',').map((w) => w.trim()).filter(Boolean);
const selected = (file, name) => only.length === 0 || only.some((word) => `${file}/${name}`.toLowerCase().includes(word));
const suites = [];
for (const file of fs.readdirSync(path.join(root, 'bench')).filter((f) => f.endsWith('.bench.mjs')).sort()) {
  suites.push({ file, exports: await import(path.join(root, 'bench', file)) });
}

const results = await withEmbeddedPostgres(async (server) => {
  const collected = [];
  for (const { file, exports } of suites) {
    for (const [name, run] of Object.entries(exports)) {
      if (typeof run === 'function' && name.startsWith('bench') && selected(file, name)) collected.push(...[await run(server)].flat());
    }
  }
  return collected;
});

fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
// A filtered run replaces its own figures in latest.json and keeps the others'.
const latestFile = path.join(root, 'bench/results/latest.json');
const previous = only.length > 0 && fs.existsSync(latestFile) ? JSON.parse(fs.readFileSync(latestFile, 'utf8')).results ?? [] : [];
const merged = [...previous.filter((old) => !results.some((result) => result.name === old.name)), ...results];
fs.writeFileSync(latestFile, JSON.stringify({ at: new Date().toISOString(), results: merged }, null, 2));
console.log('\nSummary (ratio to the same-run baseline; goal):');
for (const result of results) {
  const verdict = result.ratio >= result.goal ? 'met' : 'NOT met';
  const against = result.baselineName ? `  vs ${result.baselineName}` : '';
  console.log(`  ${result.name.padEnd(34)} ${result.ratio.toFixed(2).padStart(6)}  (goal ≥ ${result.goal}: ${verdict})${against}`);
}
