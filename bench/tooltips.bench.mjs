// docs/product.md#constants-and-limits's tooltips in Chromium, in real time: from the pointer's arrival on a trigger until the
// tooltip is drawn, for a first opening (due after 700 ms) and for its neighbour straight after
// (due at once), for antd's tooltips and the CSS hints of the antd-free screens. The browser test
// checks the delays on the page's own stopped clock; this is how late the drawing comes after
// them. Goal: drawn within the bounds the browser test once checked in real time (a first
// opening under 1,200 ms, one due at once under 250 ms): ratio = the smaller of bound / slowest.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import knexFactory from 'knex';
import { chromium } from 'playwright-core';
import { loadConfig } from '../backend/dist/config.js';
import { createApp } from '../backend/dist/app.js';
import { createDatabase, fmt, percentile } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_KEY = 'bench-admin-key-0123456789abcdef';
const FIRST_BOUND_MS = 1200;
const AT_ONCE_BOUND_MS = 250;
const AWAY = { x: 900, y: 820 };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Milliseconds on the page's clock from the pointer's arrival on `trigger` until the tooltip reading `text` is drawn. */
async function openingDelay(page, trigger, kind, text) {
  await page.evaluate(() => document.querySelectorAll('[data-probe]').forEach((element) => element.removeAttribute('data-probe')));
  await trigger.evaluate((element) => element.setAttribute('data-probe', ''));
  const box = await trigger.boundingBox();
  const measured = page.evaluate(
    ([kind, text]) =>
      new Promise((resolve, reject) => {
        let arrived = null;
        const onOver = (event) => {
          if (arrived === null && event.target.closest('[data-probe]')) arrived = event.timeStamp;
        };
        document.addEventListener('pointerover', onOver, true);
        const drawn = () =>
          kind === 'antd'
            ? [...document.querySelectorAll('.ant-tooltip:not(.ant-tooltip-hidden)')].some((element) => element.textContent === text)
            : [...document.querySelectorAll('.hint')].some((element) => element.getAttribute('data-hint') === text && getComputedStyle(element, '::after').visibility === 'visible');
        const started = performance.now();
        const tick = () => {
          if (arrived !== null && drawn()) {
            document.removeEventListener('pointerover', onOver, true);
            resolve(performance.now() - arrived);
          } else if (performance.now() - started > 30_000) {
            reject(new Error(`"${text}" was not drawn within 30 s`));
          } else requestAnimationFrame(tick);
        };
        tick();
      }),
    [kind, text],
  );
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  return measured;
}

async function pointAway(page, kind) {
  await page.mouse.move(AWAY.x, AWAY.y);
  await page.waitForFunction(
    (kind) =>
      kind === 'antd'
        ? document.querySelectorAll('.ant-tooltip:not(.ant-tooltip-hidden)').length === 0
        : [...document.querySelectorAll('.hint')].every((element) => getComputedStyle(element, '::after').visibility !== 'visible'),
    kind,
    { timeout: 30_000 },
  );
  // Past the 300 ms skip window: the next opening is a first one again.
  await sleep(500);
}

export async function benchTooltips(server, { rounds = 5 } = {}) {
  const url = await createDatabase(knexFactory, server.url, 'bench_tooltips');
  const config = loadConfig({ LOG_LEVEL: 'silent' }, root);
  const running = await createApp(config, { adminKey: ADMIN_KEY, databaseUrl: url });
  await running.app.listen(0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${running.app.getHttpServer().address().port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    page.setDefaultTimeout(30_000);
    const screens = [];

    await page.goto(`${baseUrl}/admin/content`);
    await page.evaluate((key) => localStorage.setItem('admin_key', key), ADMIN_KEY);
    await page.reload();
    await page.getByRole('button', { name: 'Create Default Sections' }).click();
    const card = page.getByTestId('section-card').first();
    await card.waitFor();
    screens.push({ kind: 'antd', first: [card.getByRole('button', { name: /^Drag section/ }), 'Drag to reorder'], second: [card.getByRole('button', { name: 'Remove section' }), 'Remove section'] });
    const figures = { antd: { first: [], atOnce: [] }, hint: { first: [], atOnce: [] } };
    const measure = async ({ kind, first, second }) => {
      for (let round = 0; round < rounds; round++) {
        await pointAway(page, kind);
        figures[kind].first.push(await openingDelay(page, first[0], kind, first[1]));
        figures[kind].atOnce.push(await openingDelay(page, second[0], kind, second[1]));
      }
      await pointAway(page, kind);
    };
    await measure(screens[0]);

    await page.goto(`${baseUrl}/tracker/dashboard`);
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await page.locator('aside.tracker-sidebar[data-state="collapsed"]').waitFor();
    const nav = page.getByRole('navigation', { name: 'ELO Tracker' });
    await measure({ kind: 'hint', first: [nav.getByRole('link', { name: 'Dashboard' }), 'Dashboard'], second: [nav.getByRole('link', { name: 'Leaderboard' }), 'Leaderboard'] });

    const stats = (values) => {
      const sorted = [...values].sort((a, b) => a - b);
      return { p50: percentile(sorted, 50), max: sorted.at(-1) };
    };
    const summary = {};
    for (const kind of ['antd', 'hint']) summary[kind] = { first: stats(figures[kind].first), atOnce: stats(figures[kind].atOnce) };
    const slowestFirst = Math.max(summary.antd.first.max, summary.hint.first.max);
    const slowestAtOnce = Math.max(summary.antd.atOnce.max, summary.hint.atOnce.max);
    const ratio = Math.min(FIRST_BOUND_MS / slowestFirst, AT_ONCE_BOUND_MS / slowestAtOnce);
    const line = (label, s) => `${label.padEnd(40)} p50 ${fmt(s.p50).padStart(5)} ms   max ${fmt(s.max).padStart(5)} ms`;
    console.log(`\nTooltips in Chromium, pointer arrival until drawn (${rounds} rounds each)`);
    console.log(`  ${line('antd, first opening (due at 700 ms)', summary.antd.first)}`);
    console.log(`  ${line('antd, its neighbour (due at once)', summary.antd.atOnce)}`);
    console.log(`  ${line('CSS hint, first opening (due at 700 ms)', summary.hint.first)}`);
    console.log(`  ${line('CSS hint, its neighbour (due at once)', summary.hint.atOnce)}`);
    console.log(`  ratio: ${ratio.toFixed(2)}  (the smaller of 1200 ms / slowest first and 250 ms / slowest at once; goal ≥ 1.0: ${ratio >= 1 ? 'met' : 'NOT met'})`);
    return { name: 'tooltip-drawn', ratio, goal: 1.0, baselineName: '1,200 ms first, 250 ms at once', ...summary };
  } finally {
    await browser.close();
    await running.close();
  }
}
