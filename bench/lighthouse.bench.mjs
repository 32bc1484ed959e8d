// Lighthouse performance of the public site as the app serves it (built front end from
// frontend/dist, compressed by the app itself, a database with a few matches), mobile preset:
// Lighthouse's default config (Moto G Power sized screen, simulated slow 4G, 4x CPU slowdown).
//  - performance score of / and /tracker/leaderboard; goal: each >= 90 (ratio = score / 0.90);
//  - the gzipped JavaScript each page downloads, from Lighthouse's network requests.
// Each page is measured LIGHTHOUSE_RUNS times (default 3) and the median score is kept.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import knexFactory from 'knex';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { loadConfig } from '../backend/dist/config.js';
import { createApp } from '../backend/dist/app.js';
import { createDatabase } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const PAGES = [
  { key: 'home', path: '/' },
  { key: 'leaderboard', path: '/tracker/leaderboard' },
];

function player(id, kills, deaths) {
  return { discordId: `lh-${id}`, username: `Player ${id}`, kills, deaths, assists: id % 5, score: 1000 + id * 37 };
}

/** A few matches so the leaderboard, top players and stats have something to show. */
async function seed(baseUrl) {
  for (let i = 0; i < 6; i++) {
    const body = {
      winningTeam: i % 2 ? 'team2' : 'team1',
      team1: [player(1 + (i % 3), 12 + i, 6), player(4, 9, 8 + (i % 2))],
      team2: [player(5 + (i % 2), 7, 11), player(7 + (i % 3), 5 + i, 9)],
    };
    const res = await fetch(`${baseUrl}/api/matches`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (res.status !== 201) throw new Error(`seeding a match answered ${res.status}: ${await res.text()}`);
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * The scripts a Lighthouse run downloaded: bytes on the wire (compressed as the app served
 * them, brotli or gzip, with headers), decoded bytes, and the same files gzipped (level 6)
 * from frontend/dist, which does not depend on the encoding the browser negotiated.
 */
function scriptBytes(lhr, staticDir) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = items.filter((item) => item.resourceType === 'Script');
  let gzip = 0;
  for (const item of scripts) {
    const file = path.join(staticDir, new URL(item.url).pathname);
    if (file.startsWith(staticDir) && fs.existsSync(file)) gzip += zlib.gzipSync(fs.readFileSync(file), { level: 6 }).length;
  }
  return {
    count: scripts.length,
    transfer: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    resource: scripts.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0),
    gzip,
  };
}

/**
 * One Lighthouse run with its default config (mobile, simulated throttling, a fresh cache).
 * A trace that failed to record (NO_NAVSTART and the like, seen on a busy machine) is retried.
 */
async function audit(url, port, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const { lhr } = await lighthouse(url, { port, logLevel: 'error', output: 'json', onlyCategories: ['performance'] });
    if (!lhr.runtimeError) return lhr;
    if (attempt >= attempts) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    console.warn(`Lighthouse on ${url}: ${lhr.runtimeError.code}, trying again`);
  }
}

const ms = (value) => (value == null ? '-' : `${Math.round(value)} ms`);

export async function benchLighthouse(server, { runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3) } = {}) {
  const staticDir = path.join(root, 'frontend/dist');
  if (!fs.existsSync(path.join(staticDir, 'index.html'))) {
    throw new Error('frontend/dist has no build: run `npm run build` (or `cd frontend && npx vite build`) first');
  }
  const databaseUrl = await createDatabase(knexFactory, server.url, 'bench_lighthouse');
  const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_WRITES_PER_MINUTE: '100000' }, root);
  const running = await createApp(config, { adminKey: 'bench-admin-key-123456', databaseUrl });
  await running.app.listen(0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${running.app.getHttpServer().address().port}`;

  let chrome;
  try {
    await seed(baseUrl);
    chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
    const results = {};
    for (const { key, path: pagePath } of PAGES) {
      const measured = [];
      for (let run = 0; run < runs; run++) {
        measured.push(await audit(`${baseUrl}${pagePath}`, chrome.port));
      }
      const score = median(measured.map((lhr) => lhr.categories.performance.score));
      const lhr = measured.find((candidate) => candidate.categories.performance.score === score);
      const metric = (id) => lhr.audits[id]?.numericValue;
      results[key] = {
        score,
        runs: measured.map((candidate) => candidate.categories.performance.score),
        fcpMs: metric('first-contentful-paint'),
        lcpMs: metric('largest-contentful-paint'),
        tbtMs: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        speedIndexMs: metric('speed-index'),
        scripts: scriptBytes(lhr, staticDir),
        opportunities: Object.values(lhr.audits)
          .filter((audit) => audit.details?.type === 'opportunity' && (audit.details.overallSavingsMs ?? 0) > 0)
          .map((audit) => `${audit.id} (${Math.round(audit.details.overallSavingsMs)} ms)`),
      };
    }

    const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10;
    console.log('\nLighthouse 12 mobile preset (simulated slow 4G, 4x CPU), median of', runs, 'run(s):');
    for (const { key, path: pagePath } of PAGES) {
      const r = results[key];
      console.log(
        `  ${pagePath.padEnd(22)} performance ${Math.round(r.score * 100)}  (runs ${r.runs.map((s) => Math.round(s * 100)).join(', ')})` +
          `  FCP ${ms(r.fcpMs)}  LCP ${ms(r.lcpMs)}  TBT ${ms(r.tbtMs)}  CLS ${r.cls?.toFixed(3) ?? '-'}  SI ${ms(r.speedIndexMs)}`,
      );
      console.log(
        `  ${''.padEnd(22)} JS: ${r.scripts.count} scripts, ${kib(r.scripts.gzip)} KiB gzipped, ${kib(r.scripts.transfer)} KiB on the wire, ${kib(r.scripts.resource)} KiB decoded`,
      );
      if (r.opportunities.length > 0) console.log(`  ${''.padEnd(22)} opportunities: ${r.opportunities.join(', ')}`);
    }

    const figures = (key) => {
      const { fcpMs, lcpMs, tbtMs, cls, speedIndexMs, runs: scores, scripts } = results[key];
      return { score: Math.round(results[key].score * 100), fcpMs, lcpMs, tbtMs, cls, speedIndexMs, runs: scores, jsGzipKiB: kib(scripts.gzip), jsWireKiB: kib(scripts.transfer) };
    };
    // Goal for both pages: performance >= 90, so the ratio is score / 0.90.
    return PAGES.map(({ key }) => ({ name: `lighthouse-${key}`, ratio: results[key].score / 0.9, goal: 1.0, ...figures(key) }));
  } finally {
    if (chrome) await chrome.kill();
    await running.close();
  }
}
