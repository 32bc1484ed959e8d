// A hostile sweep of every public and admin route of a running site: odd ids, NUL bytes, lone
// surrogates, odd dates, repeated parameters, huge and deep bodies, a flood of new addresses and
// slow sockets, and the shapes of issue 37: 1 MB bodies of a million array elements on routes that
// do not exist, want a key or take a match; 200 chunked bodies that stop after `{`; 30 MB JSON and
// NDJSON imports of one deep nest, one huge element or one huge line; other Host headers on the
// sitemap and robots.txt. /api/health is polled every 20 ms throughout: its slowest answer bounds
// the worst stall of the server's event loop. Prints the answers by status class, then the closing
// figures (5xx, hangs: no answer within 30 s, the worst stall); exits 1 on any 5xx or hang.
//   node scripts/hostile-sweep.mjs http://127.0.0.1:3000 ADMIN_KEY
// ADMIN_KEY: the site's owner key (its ADMIN_KEY, or the one `npm start` printed). The site should
// trust one proxy hop (TRUST_PROXY=1) so the flood's X-Forwarded-For counts.
import http from 'node:http';
import net from 'node:net';

const [base = 'http://127.0.0.1:3000', adminKey = ''] = process.argv.slice(2);
const counts = new Map();
const bad = [];
const resets = [];
const notes = [];
const HANG_MS = 30_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** What the sweep is sending now, so the worst stall names what it came with. */
let phase = 'start';

async function call(method, path, { body, headers = {}, admin = false, raw = false } = {}) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), HANG_MS);
  let status;
  try {
    const response = await fetch(base + path, {
      method,
      signal: controller.signal,
      headers: { ...(body !== undefined && !raw ? { 'content-type': 'application/json' } : {}), ...(admin ? { 'x-admin-key': adminKey } : {}), ...headers },
      body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
    });
    status = response.status;
    await response.arrayBuffer().catch(() => undefined);
  } catch {
    // A reset: the server closed the connection while the client still sent (an oversized body): no answer to read.
    status = controller.signal.aborted ? 'hang' : 'reset';
  } finally {
    clearTimeout(timer);
  }
  count(method, path, status);
  return status;
}

/** Counts one ending of a request: its status class, a hang or a reset. */
function count(method, path, status) {
  const key = typeof status === 'number' ? `${Math.floor(status / 100)}xx` : status;
  counts.set(key, (counts.get(key) ?? 0) + 1);
  if (key === '5xx' || key === 'hang') bad.push(`${method} ${path.slice(0, 120)} -> ${status}`);
  if (key === 'reset') resets.push(`${method} ${path.slice(0, 120)}`);
}

/** A GET with a Host header of its own (fetch always sends the URL's). */
function getWithHost(path, host) {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const request = http.get({ hostname, port, path, headers: { host }, agent: false, timeout: HANG_MS }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
      response.on('error', () => resolve('reset'));
    });
    request.on('timeout', () => {
      request.destroy();
      resolve('hang');
    });
    request.on('error', () => resolve('reset'));
  }).then((status) => {
    count('GET', `${path} (Host: ${host})`, status);
    return status;
  });
}

/**
 * Polls /api/health every 20 ms until stopped: the slowest answer bounds how long the server's
 * event loop was blocked (a stalled loop answers nobody, health included).
 */
function pollHealth() {
  const latencies = [];
  let worst = { ms: 0, phase: '' };
  const worstByPhase = new Map();
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      let status;
      try {
        const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(HANG_MS) });
        await response.arrayBuffer();
        status = response.status;
      } catch (error) {
        status = error.name === 'TimeoutError' ? 'hang' : 'reset';
      }
      const ms = performance.now() - started;
      latencies.push(ms);
      if (ms > worst.ms) worst = { ms, phase };
      worstByPhase.set(phase, Math.max(worstByPhase.get(phase) ?? 0, ms));
      if (status === 'hang' || (typeof status === 'number' && status >= 500 && status !== 503)) bad.push(`GET /api/health (poll) -> ${status}`);
      await sleep(20);
    }
  })();
  return async () => {
    running = false;
    await done;
    const sorted = [...latencies].sort((a, b) => a - b);
    return { polls: sorted.length, median: sorted[Math.floor(sorted.length / 2)] ?? 0, worst: worst.ms, worstPhase: worst.phase, worstByPhase };
  };
}

/** `{"a":[1,1,…]}` of about `bytes`: a million elements, one short number each. */
function manyElements(bytes) {
  return `{"a":[${'1,'.repeat(Math.floor((bytes - 9) / 2))}1]}`;
}

/**
 * `howMany` connections that each start a chunked POST /api/matches, send `{` and fall silent. The
 * server's body limit (BODY_TIMEOUT_SECONDS, 10 s) must answer and close each; one still open
 * after HANG_MS is a hang.
 */
async function slowBodies(howMany) {
  const { hostname, port } = new URL(base);
  const started = Date.now();
  const endings = await Promise.all(
    Array.from(
      { length: howMany },
      () =>
        new Promise((resolve) => {
          let answer = '';
          const socket = net.connect(Number(port), hostname, () =>
            socket.write('POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n{\r\n'),
          );
          const timer = setTimeout(() => {
            socket.destroy();
            resolve({ freed: false, status: 'hang' });
          }, HANG_MS);
          socket.on('data', (chunk) => (answer += chunk));
          socket.on('error', () => undefined);
          socket.on('close', () => {
            clearTimeout(timer);
            const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]) || 'reset';
            resolve({ freed: true, status, afterMs: Date.now() - started });
          });
        }),
    ),
  );
  for (const ending of endings) count('POST', '/api/matches (chunked "{", then silence)', ending.status);
  const freed = endings.filter((ending) => ending.freed);
  const statuses = [...new Set(endings.map((ending) => ending.status))].join(', ');
  const lastMs = Math.max(0, ...freed.map((ending) => ending.afterMs));
  notes.push(`${howMany} chunked bodies that stop after "{": ${freed.length} freed by the server within ${(lastMs / 1000).toFixed(1)} s (answers: ${statuses})`);
}

const ids = ['0', '-1', '1', '2147483648', '99999999999999999999999', '1e309', 'abc', '%00', '1%00', '%ED%A0%80', 'x'.repeat(5000), '1.5', ' 1'];
const dates = ['0000-01-01', '-271821-04-20', '+275760-09-13', '9999-12-31T23:59:59Z', 'not-a-date', '2024-02-30', '%00', '1'.repeat(400)];
const texts = ['%00', '%ED%A0%80', '%F0%9F%98%80', 'a'.repeat(10_000), '%25', '..%2F..%2Fetc%2Fpasswd', "'%20OR%201=1--"];

const gets = [
  '/api/health', '/api/modes', '/api/players', '/api/players/top', '/api/players/leaderboard', '/api/players/duplicates',
  '/api/players/compare', '/api/stats/global', '/api/stats/rank-distribution', '/api/matches/recent', '/api/seasons',
  '/api/content/home', '/api/pages', '/api/export/players.csv', '/api/export/matches.csv', '/api/export/matches.json',
];
const idGets = (id) => [
  `/api/players/${id}/matches`, `/api/players/${id}/head-to-head`, `/api/players/${id}/seasons`, `/api/matches/${id}`,
  `/api/seasons/${id}/leaderboard`, `/api/content/${id}`, `/api/pages/${id}`, `/api/export/templates/${id}`,
];
const adminGets = ['/api/admin/session', '/api/admin/operations', '/api/admin/events', '/api/admin/export/events.ndjson'];

async function sweep() {
  phase = 'GETs of every route, odd ids, dates and texts';
  for (const path of [...gets, ...adminGets]) for (const admin of [false, true]) await call('GET', path, { admin });
  for (const id of ids) for (const path of idGets(id)) await call('GET', path);
  for (const id of ids) {
    await call('POST', `/api/admin/matches/${id}/void`, { body: { reason: 'x' }, admin: true });
    await call('PUT', `/api/admin/seasons/${id}`, { body: { name: 'x' }, admin: true });
    await call('POST', `/api/admin/players/${id}/rename`, { body: { username: 'x' }, admin: true });
    await call('GET', `/api/admin/content/${id}/history`, { admin: true });
    await call('POST', `/api/admin/projections/set-aside/${id}/undo`, { admin: true });
  }
  for (const date of dates) {
    for (const path of ['/api/players', '/api/players/leaderboard', '/api/players/leaderboard?mode=1', '/api/players/1/matches']) {
      await call('GET', `${path}${path.includes('?') ? '&' : '?'}asOf=${date}`);
    }
    for (const p of ['from', 'to']) await call('GET', `/api/admin/events?${p}=${date}`, { admin: true });
  }
  for (const text of texts) {
    await call('GET', `/api/players/leaderboard?mode=${text}`);
    await call('GET', `/api/players/compare?a=${text}&b=${text}`);
    await call('GET', `/api/admin/events?text=${text}&type=${text}&stream=${text}&playerId=${text}&before=${text}&limit=${text}`, { admin: true });
    await call('GET', `/api/live?lastEventId=${text}`, { headers: { 'last-event-id': decodeURIComponent(text.replace(/%ED%A0%80/g, '')) } }).catch(() => undefined);
  }
  phase = 'repeated parameters and odd bodies';
  // Repeated parameters.
  await call('GET', '/api/players/leaderboard?mode=1&mode=2&season=1&season=2');
  await call('GET', '/api/admin/events?limit=1&limit=2&type=A&type=B', { admin: true });
  await call('GET', '/api/players/compare?a=1&a=2&b=1&b=3');
  // Bodies: NUL, lone surrogates, wrong types, huge and deep.
  const lines = (name) => ({ discordId: '123456789012345678', username: name, kills: 1, deaths: 1, assists: 1, score: 1 });
  const match = (name) => ({ winningTeam: 'team1', team1: [lines(name)], team2: [{ ...lines('b'), discordId: '223456789012345678' }] });
  for (const body of [match('a\u0000b'), match('\ud800'), match('x'.repeat(100_000)), { winningTeam: ['team1'] }, [], 'null', 42, { team1: 'x' }]) {
    await call('POST', '/api/matches', { body });
  }
  await call('POST', '/api/matches', { body: '{"a":'.repeat(100_000), raw: true, headers: { 'content-type': 'application/json' } });
  await call('POST', '/api/matches', { body: 'x'.repeat(3 * 1024 * 1024), raw: true, headers: { 'content-type': 'application/json' } });
  await call('POST', '/api/matches', { body: '\u0000\u0000', raw: true, headers: { 'content-type': 'application/json' } });
  for (const path of ['/api/content', '/api/admin/seasons', '/api/players/merge', '/api/admin/merges/revert', '/api/admin/projections/set-aside', '/api/admin/projections/rebuild']) {
    for (const body of [{ name: '\u0000' }, { name: '\ud800', softResetPercent: 1e309 }, [], { primaryId: -1, duplicateId: 'x' }]) {
      await call('POST', path, { body, admin: true });
    }
  }
  await call('POST', '/api/admin/import?dryRun=true', { body: '\u0000,'.repeat(1000), raw: true, admin: true, headers: { 'content-type': 'text/csv' } });
  phase = 'a flood of 2,000 writes from new addresses';
  // A flood of new addresses on the public write path.
  const flood = [];
  for (let i = 0; i < 2000; i++) {
    flood.push(call('POST', '/api/matches', { body: { winningTeam: 'team3' }, headers: { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` } }));
    if (flood.length >= 50) await Promise.all(flood.splice(0));
  }
  await Promise.all(flood);
  phase = '60 half-sent requests';
  // Slow sockets: 60 that send half a request and wait; health must still answer.
  const { hostname, port } = new URL(base);
  const sockets = Array.from({ length: 60 }, () => {
    const socket = net.connect(Number(port), hostname, () => socket.write('GET /api/export/players.csv HTTP/1.1\r\nHost: x\r\n'));
    socket.on('error', () => undefined);
    return socket;
  });
  await call('GET', '/api/health');
  await call('GET', '/api/players/leaderboard');
  for (const socket of sockets) socket.destroy();
  await issue37Shapes();
}

/** The shapes of issue 37 (hostile visitors, round four). */
async function issue37Shapes() {
  // 1 MB of a million array elements, where the server must not walk them: a route that does not
  // exist, a keyed route without its key, and the public match route (its limit is 256 KB).
  phase = '1 MB bodies of a million elements';
  const million = manyElements(1_000_000);
  for (let i = 0; i < 5; i++) {
    for (const path of ['/api/no-such-route', '/api/admin/seasons', '/api/matches']) {
      await call('POST', path, { body: million, raw: true, headers: { 'content-type': 'application/json' } });
    }
  }
  phase = '200 unfinished chunked bodies';
  // Slow, unfinished bodies.
  await slowBodies(200);
  // 30 MB imports (dry runs, with the admin key): one nest 15 million deep, one element of 30 MB,
  // one NDJSON line of 30 MB. Each must be a problem found without parsing it whole.
  const size = 30_000_000;
  const deep = '['.repeat(size / 2) + ']'.repeat(size / 2);
  const pad = 'a'.repeat(size - 100);
  const imports = [
    ['application/json', deep, 'a 30 MB [[[[…]]]]'],
    ['application/json', `[{"winningTeam":"team1","team1":[],"team2":[],"pad":"${pad}"}]`, 'one 30 MB element'],
    ['application/x-ndjson', `{"winningTeam":"team1","team1":[],"team2":[],"pad":"${pad}"}\n`, 'one 30 MB NDJSON line'],
  ];
  for (const [type, file, what] of imports) {
    phase = `the import dry run of ${what}`;
    const started = performance.now();
    const status = await call('POST', '/api/admin/import?dryRun=true', { body: file, raw: true, admin: true, headers: { 'content-type': type } });
    notes.push(`import dry run of ${what}: ${status} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  // Other Host headers: each must not cost a sitemap built anew, nor poison what others get.
  phase = 'the sitemap and robots.txt for 50 Host headers';
  const hosts = Array.from({ length: 50 }, (_, i) => `host-${i}.example`);
  for (const host of hosts) for (const path of ['/sitemap.xml', '/robots.txt']) await getWithHost(path, host);
}

const stopPolling = pollHealth();
await sweep();
const loop = await stopPolling();
const total = [...counts.values()].reduce((a, b) => a + b, 0);
console.log(`${total} requests: ${[...counts].sort().map(([k, v]) => `${k} ${v}`).join(', ')}`);
for (const line of notes) console.log(`  ${line}`);
for (const line of bad) console.log(`  ${line}`);
for (const line of resets) console.log(`  reset (not a failure): ${line}`);
const fives = bad.filter((line) => / -> 5\d\d$/.test(line)).length;
const hangs = bad.filter((line) => / -> hang$/.test(line)).length;
console.log(
  `Closing figures: ${fives} × 5xx, ${hangs} hangs (no answer within ${HANG_MS / 1000} s), worst event-loop stall ${Math.round(loop.worst)} ms ` +
    `(/api/health polled every 20 ms during the sweep: ${loop.polls} answers, median ${Math.round(loop.median)} ms, slowest ${Math.round(loop.worst)} ms, during ${loop.worstPhase})`,
);
console.log(`  slowest /api/health by phase: ${[...loop.worstByPhase].map(([name, ms]) => `${name} ${Math.round(ms)} ms`).join('; ')}`);
process.exit(bad.length ? 1 : 0);
