// Lighthouse on every public screen as the app serves it (built front end from frontend/dist,
// precompressed by the build and sent by the app, a database with matches, content sections
// and a custom page with blocks), with Lighthouse's default config: the mobile preset (Moto G
// Power sized screen, simulated slow 4G, 4x CPU slowdown) and a fresh cache per run.
// Goals per page (issue 13, item 3):
//  - performance >= 95: the result's ratio is score / 0.95, goal 1.0;
//  - accessibility 100;
//  - SEO 100 (issue 25: the page's own title, description, canonical link, crawlable links);
//  - at most 150 KiB of JavaScript transferred (compressed, as sent) on the first load.
// Each page is measured LIGHTHOUSE_RUNS times (default 3); the median run by performance is
// kept, and the accessibility score is the median of the runs too.
// LIGHTHOUSE_PAGES=home,dashboard measures only those pages; LIGHTHOUSE_REPORTS=<folder>
// writes each page's median report there (JSON) to see where the time goes.
// LIGHTHOUSE_VIA=proxy measures the pages through the shipped reverse proxy
// (deploy/caddy/Caddyfile: HTTPS and HTTP/2, as a visitor of the production setup gets them)
// instead of the app's own plain HTTP/1.1 (what `npm start` serves). Lighthouse's simulation
// models the protocol it saw: over HTTP/1.1 a browser opens at most 6 connections to a host
// and each script waits for a free one; over HTTP/2 they share one connection.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import knexFactory from 'knex';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { loadConfig } from '../backend/dist/config.js';
import { createApp } from '../backend/dist/app.js';
import { createDatabase, freePort } from './lib.mjs';

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

/** The shipped proxy configuration (docker-compose.yml). */
const CADDYFILE = path.join(root, 'deploy/caddy/Caddyfile');

/**
 * `caddy run` on the shipped Caddyfile in front of `upstream` (host:port), with its certificate
 * from Caddy's local CA for 127.0.0.1 (Chrome is told to accept it). Resolves with the site's
 * address and a stop function once it answers.
 */
async function startProxy(upstream) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-caddy-'));
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const child = spawn('caddy', ['run', '--adapter', 'caddyfile', '--config', CADDYFILE], {
    cwd: home,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, XDG_DATA_HOME: path.join(home, 'data'), XDG_CONFIG_HOME: path.join(home, 'config'),
      SITE_ADDRESS: '127.0.0.1', API_UPSTREAMS: upstream, HTTP_PORT: String(httpPort), HTTPS_PORT: String(httpsPort), CADDY_ADMIN: 'off', ACME_EMAIL: '',
    },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // Its folder goes once caddy has stopped writing to it (SIGKILL after 5 s).
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killer);
    fs.rmSync(home, { recursive: true, force: true });
  };
  const url = `https://127.0.0.1:${httpsPort}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = await new Promise((resolve) => {
      const socket = net.connect(httpsPort, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    // The port opens before the certificate is issued: wait for the local CA's root too.
    if (ready && fs.existsSync(path.join(home, 'data/caddy/pki/authorities/local/root.crt'))) return { url, stop };
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`caddy did not serve ${url} (is it installed? apt-get install -y caddy)`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const PERFORMANCE_GOAL = 0.95;
const ACCESSIBILITY_GOAL = 1;
const SEO_GOAL = 1;
const JS_GOAL_KIB = 150;

/** The custom page the seed creates (a `/:slug` page built from blocks). */
const CUSTOM_SLUG = 'tryouts';

const PAGES = [
  { key: 'home', path: '/' },
  { key: 'about', path: '/about' },
  { key: 'roster', path: '/roster' },
  { key: 'schedule', path: '/schedule' },
  { key: 'dashboard', path: '/tracker/dashboard' },
  { key: 'leaderboard', path: '/tracker/leaderboard' },
  { key: 'players', path: '/tracker/players' },
  { key: 'record-match', path: '/tracker/record-match' },
  { key: 'custom-page', path: `/${CUSTOM_SLUG}` },
  // Shared links (issue 25): a match, a profile, a comparison.
  { key: 'match', path: '/tracker/matches/1' },
  { key: 'profile', path: '/tracker/players?playerId=1' },
  { key: 'compare', path: '/tracker/compare?a=1&b=5' },
];

const ADMIN_KEY = 'bench-admin-key-0123456789abcdef';

function player(id, kills, deaths) {
  return { discordId: `lh-${id}`, username: `Player ${id}`, kills, deaths, assists: id % 5, score: 1000 + id * 37 };
}

async function post(baseUrl, apiPath, body, admin = false) {
  const headers = { 'content-type': 'application/json', ...(admin ? { 'x-admin-key': ADMIN_KEY } : {}) };
  const res = await fetch(`${baseUrl}${apiPath}`, { method: 'POST', headers, body: JSON.stringify(body) });
  if (res.status !== 201) throw new Error(`seeding: POST ${apiPath} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** A block as the page builder sends a new one (docs/product.md#states-and-transitions defaults), with `overrides`. */
function block(pageId, order, overrides) {
  return {
    pageId, blockType: 'text', layout: 'full', order, padding: 'medium', textAlign: 'left', title: '', content: '',
    videoUrl: null, imageUrl: null, buttonText: null, buttonUrl: null, buttonStyle: 'primary', ...overrides,
  };
}

/**
 * What the public screens show: matches (leaderboard, top players, stats, rank distribution,
 * recent matches), a section on About and Roster, a custom page with text, button, spacer and
 * HTML blocks, and two fixtures (one to come, one played). No video or remote image: the machine is offline.
 */
export async function seed(baseUrl) {
  for (let i = 0; i < 6; i++) {
    await post(baseUrl, '/api/matches', {
      winningTeam: i % 2 ? 'team2' : 'team1',
      team1: [player(1 + (i % 3), 12 + i, 6), player(4, 9, 8 + (i % 2))],
      team2: [player(5 + (i % 2), 7, 11), player(7 + (i % 3), 5 + i, 9)],
    });
  }
  const story = '<p>Founded by friends who met in <strong>ranked queues</strong>, we play to win and to improve.</p>';
  await post(baseUrl, '/api/content', { page: 'about', section: 'our-story', title: '<p>Our Story</p>', content: story, imageUrl: null }, true);
  await post(baseUrl, '/api/content', { page: 'roster', section: 'main-team', title: '<p>Main Team</p>', content: '<ul><li>Captain</li><li>Support</li></ul>', imageUrl: null }, true);
  const page = await post(baseUrl, '/api/pages', { slug: CUSTOM_SLUG, title: 'Tryouts' }, true);
  const blocks = [
    { title: 'Tryouts are open', content: '<p>We are looking for <em>two</em> players for the spring season.</p>' },
    { layout: 'half', title: 'Who', content: 'Anyone ranked Gold or above with a microphone.' },
    { layout: 'half', title: 'When', content: 'Every Sunday evening in March.' },
    { blockType: 'spacer', padding: 'small' },
    { blockType: 'html', title: 'Schedule', content: '<table><tr><th>Day</th><th>Time</th></tr><tr><td>Sunday</td><td>19:00</td></tr></table>' },
    { blockType: 'button', textAlign: 'center', buttonText: 'Apply now', buttonUrl: '/roster', buttonStyle: 'primary' },
  ];
  for (const [order, overrides] of blocks.entries()) await post(baseUrl, '/api/blocks', block(page.id, order, overrides), true);
  // The schedule (issue 42): a fixture three days ahead (the home page's countdown) and a played one.
  const startsIn = (days) => new Date(Date.now() + days * 86_400_000).toISOString();
  await post(baseUrl, '/api/admin/fixtures', { opponent: 'Night Owls', event: 'Spring Cup', startsAt: startsIn(3), format: 'bo3', streamUrl: 'https://www.twitch.tv/teamchannel' }, true);
  const played = await post(baseUrl, '/api/admin/fixtures', { opponent: 'Day Larks', event: 'Spring Cup', startsAt: startsIn(-4), format: 'bo3' }, true);
  const result = { teamScore: 2, opponentScore: 1, maps: [{ name: 'Rio', modeId: 1, teamScore: 250, opponentScore: 180 }, { name: 'Vista', teamScore: 3, opponentScore: 6 }, { name: 'Highrise', teamScore: 6, opponentScore: 2 }] };
  const recorded = await fetch(`${baseUrl}/api/admin/fixtures/${played.id}/result`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-admin-key': ADMIN_KEY }, body: JSON.stringify(result) });
  if (recorded.status !== 200) throw new Error(`seeding: the fixture's result answered ${recorded.status}: ${await recorded.text()}`);
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
    const { lhr } = await lighthouse(url, { port, logLevel: 'error', output: 'json', onlyCategories: ['performance', 'accessibility', 'seo'] });
    if (!lhr.runtimeError) return lhr;
    if (attempt >= attempts) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    console.warn(`Lighthouse on ${url}: ${lhr.runtimeError.code}, trying again`);
  }
}

const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const ms = (value) => (value == null ? '-' : `${Math.round(value)} ms`);
const pct = (score) => Math.round(score * 100);

/** The figures of one page from its runs: the median run by performance, and its failures. */
function summarise(measured, staticDir) {
  const performance = (lhr) => lhr.categories.performance.score;
  const score = median(measured.map(performance));
  const lhr = measured.find((candidate) => performance(candidate) === score);
  const metric = (id) => lhr.audits[id]?.numericValue;
  const scripts = scriptBytes(lhr, staticDir);
  return {
    score: pct(score),
    runs: measured.map((candidate) => pct(performance(candidate))),
    accessibility: pct(median(measured.map((candidate) => candidate.categories.accessibility.score))),
    seo: pct(median(measured.map((candidate) => candidate.categories.seo.score))),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    speedIndexMs: metric('speed-index'),
    jsScripts: scripts.count,
    jsWireKiB: kib(scripts.transfer),
    jsGzipKiB: kib(scripts.gzip),
    jsDecodedKiB: kib(scripts.resource),
    // What Lighthouse says is left to gain, and which accessibility audits fail (if any).
    opportunities: Object.values(lhr.audits)
      .filter((entry) => entry.details?.type === 'opportunity' && (entry.details.overallSavingsMs ?? 0) > 0)
      .map((entry) => `${entry.id} (${Math.round(entry.details.overallSavingsMs)} ms)`),
    a11yFailures: lhr.categories.accessibility.auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
      .map((ref) => ref.id),
    seoFailures: lhr.categories.seo.auditRefs.filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0).map((ref) => ref.id),
  };
}

function saveReport(folder, key, measured, score) {
  fs.mkdirSync(folder, { recursive: true });
  const lhr = measured.find((candidate) => pct(candidate.categories.performance.score) === score);
  fs.writeFileSync(path.join(folder, `${key}.json`), JSON.stringify(lhr));
}

function print(pagePath, r, runs) {
  const mark = (ok) => (ok ? 'ok' : 'MISSED');
  console.log(
    `  ${pagePath.padEnd(22)} performance ${r.score} (goal ≥ ${pct(PERFORMANCE_GOAL)}, ${mark(r.score >= pct(PERFORMANCE_GOAL))}; runs ${r.runs.join(', ')})` +
      `  accessibility ${r.accessibility} (goal ${pct(ACCESSIBILITY_GOAL)}, ${mark(r.accessibility >= pct(ACCESSIBILITY_GOAL))})` +
      `  SEO ${r.seo} (goal ${pct(SEO_GOAL)}, ${mark(r.seo >= pct(SEO_GOAL))})` +
      `  JS ${r.jsWireKiB} KiB transferred (goal ≤ ${JS_GOAL_KIB}, ${mark(r.jsWireKiB <= JS_GOAL_KIB)})`,
  );
  console.log(
    `  ${''.padEnd(22)} FCP ${ms(r.fcpMs)}  LCP ${ms(r.lcpMs)}  TBT ${ms(r.tbtMs)}  CLS ${r.cls?.toFixed(3) ?? '-'}  SI ${ms(r.speedIndexMs)}` +
      `  | ${r.jsScripts} scripts, ${r.jsGzipKiB} KiB gzipped, ${r.jsDecodedKiB} KiB decoded${runs > 1 ? '' : ' (1 run)'}`,
  );
  if (r.opportunities.length > 0) console.log(`  ${''.padEnd(22)} opportunities: ${r.opportunities.join(', ')}`);
  if (r.a11yFailures.length > 0) console.log(`  ${''.padEnd(22)} accessibility audits failed: ${r.a11yFailures.join(', ')}`);
  if (r.seoFailures.length > 0) console.log(`  ${''.padEnd(22)} SEO audits failed: ${r.seoFailures.join(', ')}`);
}

export async function benchLighthouse(server, { runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3) } = {}) {
  const staticDir = path.join(root, 'frontend/dist');
  if (!fs.existsSync(path.join(staticDir, 'index.html'))) {
    throw new Error('frontend/dist has no build: run `npm run build` (or `cd frontend && npx vite build`) first');
  }
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  const pages = only ? PAGES.filter((page) => only.includes(page.key)) : PAGES;
  const databaseUrl = await createDatabase(knexFactory, server.url, 'bench_lighthouse');
  const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_WRITES_PER_MINUTE: '100000' }, root);
  const running = await createApp(config, { adminKey: ADMIN_KEY, databaseUrl });
  await running.app.listen(0, '127.0.0.1');
  const appUrl = `http://127.0.0.1:${running.app.getHttpServer().address().port}`;
  const viaProxy = process.env.LIGHTHOUSE_VIA === 'proxy';

  let chrome;
  let proxy;
  try {
    await seed(appUrl);
    proxy = viaProxy ? await startProxy(appUrl.slice('http://'.length)) : null;
    const baseUrl = proxy?.url ?? appUrl;
    // The proxy's certificate comes from Caddy's local CA, which this Chrome does not know.
    const flags = viaProxy ? [...CHROME_FLAGS, '--ignore-certificate-errors'] : CHROME_FLAGS;
    chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: flags });
    const served = viaProxy ? 'through the shipped proxy (HTTPS, HTTP/2)' : 'from the app (plain HTTP/1.1)';
    console.log(`\nLighthouse 12 mobile preset (simulated slow 4G, 4x CPU), ${served}, median of ${runs} run(s) per page:`);
    const results = [];
    for (const { key, path: pagePath } of pages) {
      const measured = [];
      for (let run = 0; run < runs; run++) measured.push(await audit(`${baseUrl}${pagePath}`, chrome.port));
      const figures = summarise(measured, staticDir);
      if (process.env.LIGHTHOUSE_REPORTS) saveReport(process.env.LIGHTHOUSE_REPORTS, key, measured, figures.score);
      print(pagePath, figures, runs);
      results.push({
        name: viaProxy ? `lighthouse-proxy-${key}` : `lighthouse-${key}`,
        ratio: figures.score / pct(PERFORMANCE_GOAL),
        goal: 1.0,
        path: pagePath,
        ...figures,
        accessibilityGoal: pct(ACCESSIBILITY_GOAL),
        seoGoal: pct(SEO_GOAL),
        jsGoalKiB: JS_GOAL_KIB,
        goalsMet: figures.score >= pct(PERFORMANCE_GOAL) && figures.accessibility >= pct(ACCESSIBILITY_GOAL) && figures.seo >= pct(SEO_GOAL) && figures.jsWireKiB <= JS_GOAL_KIB,
      });
    }
    return results;
  } finally {
    if (chrome) await chrome.kill();
    await proxy?.stop();
    await running.close();
  }
}
