// npm run bench: every benchmark, each as a ratio to a baseline measured in the same run.
// Results are printed and written to bench/results/latest.json.
import fs from 'node:fs';
import path from 'node:path';
import { build, ensureInstalled, root } from './lib/prepare.mjs';

ensureInstalled();
build();

const { withEmbeddedPostgres } = await import('../bench/lib.mjs');
const suites = [];
for (const file of fs.readdirSync(path.join(root, 'bench')).filter((f) => f.endsWith('.bench.mjs')).sort()) {
  suites.push(await import(path.join(root, 'bench', file)));
}

const results = await withEmbeddedPostgres(async (server) => {
  const collected = [];
  for (const suite of suites) {
    for (const [name, run] of Object.entries(suite)) {
      if (typeof run === 'function' && name.startsWith('bench')) collected.push(...[await run(server)].flat());
    }
  }
  return collected;
});

fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/results/latest.json'), JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
console.log('\nSummary (ratio to the same-run baseline; goal):');
for (const result of results) console.log(`  ${result.name.padEnd(40)} ${result.ratio.toFixed(2)}  (goal ≥ ${result.goal})`);
