// A hostile sweep of every public and admin route of a running site: odd ids, NUL bytes, lone
// surrogates, odd dates, repeated parameters, huge and deep bodies, a flood of new addresses and
// slow sockets. Prints the answers by status class; exits 1 on any 5xx or hang.
//   node scripts/hostile-sweep.mjs http://127.0.0.1:3000 ADMIN_KEY
// The site should trust one proxy hop (TRUST_PROXY=1) so the flood's X-Forwarded-For counts.
import net from 'node:net';

const [base = 'http://127.0.0.1:3000', adminKey = ''] = process.argv.slice(2);
const counts = new Map();
const bad = [];
const resets = [];
const HANG_MS = 15_000;

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
    status = controller.signal.aborted ? 'hang' : 'reset';
  } finally {
    clearTimeout(timer);
  }
  const key = typeof status === 'number' ? `${Math.floor(status / 100)}xx` : status;
  counts.set(key, (counts.get(key) ?? 0) + 1);
  if (key === '5xx' || key === 'hang') bad.push(`${method} ${path.slice(0, 120)} -> ${status}`);
  // A connection the server closed while the client still sent (an oversized body): no answer to read.
  if (key === 'reset') resets.push(`${method} ${path.slice(0, 120)}`);
  return status;
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
  // A flood of new addresses on the public write path.
  const flood = [];
  for (let i = 0; i < 2000; i++) {
    flood.push(call('POST', '/api/matches', { body: { winningTeam: 'team3' }, headers: { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` } }));
    if (flood.length >= 50) await Promise.all(flood.splice(0));
  }
  await Promise.all(flood);
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
}

await sweep();
const total = [...counts.values()].reduce((a, b) => a + b, 0);
console.log(`${total} requests: ${[...counts].sort().map(([k, v]) => `${k} ${v}`).join(', ')}`);
for (const line of bad) console.log(`  ${line}`);
for (const line of resets) console.log(`  reset (not a failure): ${line}`);
process.exit(bad.length ? 1 : 0);
