import path from 'node:path';

/** Every setting the process reads, validated once at start (README lists them). */
export interface AppConfig {
  port: number;
  host: string;
  /** External PostgreSQL; when absent the launcher starts an embedded one. */
  databaseUrl: string | null;
  /** A PostgreSQL replica every read-model query goes to; null: reads use DATABASE_URL too. */
  readDatabaseUrl: string | null;
  /** `kurrentdb://…`: the event log lives in KurrentDB; null: in DATABASE_URL's `public.events`. */
  eventStoreUrl: string | null;
  /** How this process names itself as a projector worker (health, Operations); default host:pid. */
  workerName: string | null;
  /** Folder for the embedded database and the generated admin key. */
  dataDir: string;
  /** The shared admin key; generated into the data folder when absent. */
  adminKey: string | null;
  /** `inline`: this process runs the projector (the default); `off`: a separate `npm run projections` does. */
  projector: 'inline' | 'off';
  /**
   * `on` (the default): with the projector in this process and the PostgreSQL log, the ladder's
   * appends are projected in their own transaction; `off`: only the projector's loop applies
   * them, after each commit (the bench compares the two).
   */
  inlineProjection: 'on' | 'off';
  /** How long a command waits for its events to reach the read tables before answering 503. */
  readYourWritesTimeoutMs: number;
  /** Recorded matches per minute one address may submit. */
  publicWritesPerMinute: number;
  /** Wrong admin keys one address may send per 15 minutes before 429. */
  adminFailuresPer15Min: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Built front end served at /; null to serve the API only. */
  staticDir: string | null;
  /** Trust X-Forwarded-For from this many proxies (for per-address limits behind a load balancer). */
  trustProxy: number;
  /**
   * Open connections one address (IPv6: one /64) may hold when the API faces visitors directly
   * (TRUST_PROXY=0); more are closed as they open. Behind a proxy every connection is the
   * proxy's, and its own timeouts do this work, so there is no cap.
   */
  maxConnectionsPerAddress: number;
  /** How long a JSON request body may take to arrive once its headers have (408 past it). */
  bodyTimeoutMs: number;
  /** Hours a repeated Idempotency-Key on POST /api/matches gets its first answer; later it is a new match. */
  idempotencyWindowHours: number;
  /** Time travel (?asOf=): folds at once per process; its own pool has one connection more. */
  timeTravelConcurrency: number;
  /** How long a time-travel reader waits for a free fold before 503. */
  timeTravelWaitMs: number;
  /** Points of the log kept folded in memory (0: none). */
  timeTravelCache: number;
  /** What those points may hold together, in MB (a point's own estimate, LadderAsOf.approximateBytes). */
  timeTravelCacheMb: number;
  /** A time-travel snapshot is kept after every this many ladder events. */
  timeTravelSnapshotEvery: number;
  /** /api/health answers 503 degraded once the projector has failed on one event this long. */
  healthStuckAfterMs: number;
  /** /api/health answers 503 degraded once the read tables are more than this many events behind. */
  healthMaxLag: number;
  /** Open /api/live streams this process holds; one more is answered 503 with Retry-After. */
  liveMaxConnections: number;
  /** How often an idle /api/live stream gets a heartbeat comment (proxies close silent streams). */
  liveHeartbeatMs: number;
  /** A reconnecting client further behind than this many logged events gets `reload`, not a replay. */
  liveReplayLimit: number;
  /** Open /api/live streams one address (IPv6: one /64) may hold; one more is answered 429 with Retry-After. */
  liveMaxPerAddress: number;
  /** An /api/live stream is ended after this long (the client reconnects by Last-Event-ID and misses nothing). */
  liveMaxLifetimeSeconds: number;
  /** /api/live streams one address (IPv6: one /64) may open per minute; one more is answered 429 with Retry-After. */
  liveOpensPerMinute: number;
  /** An export's whole time: past it the response is cut and its slot freed. */
  exportMaxSeconds: number;
  /**
   * `open`: anyone may record a match (SPEC); `recorders`: POST /api/matches needs a recorder key or above;
   * `review`: without a key it is a submission a moderator approves or rejects (with a key it records at once).
   */
  publicRecording: 'open' | 'recorders' | 'review';
  /** Webhooks may reach loopback and private addresses over http or https (tests and LAN setups only). */
  webhookAllowPrivate: boolean;
  /** How long a failing delivery is retried before its webhook is paused, in milliseconds (WEBHOOK_RETRY_WINDOW_HOURS). */
  webhookRetryWindowMs: number;
  /** The folder scheduled backups are written to; null: none are scheduled. */
  backupDir: string | null;
  /** How often a scheduled backup is written (BACKUP_EVERY: 30m, 6h, 1d), in milliseconds. */
  backupEveryMs: number;
  /** How many of the newest backup files BACKUP_DIR keeps; older ones are deleted. */
  backupKeep: number;
  /**
   * The site's public origin (`https://team.example`, no trailing slash) for the absolute links
   * of link previews, canonical URLs and the sitemap; null: each request's own host.
   */
  publicUrl: string | null;
}

/** The shortest ADMIN_KEY accepted; the generated key (admin-key.ts) is 32 characters. */
export const MIN_ADMIN_KEY_LENGTH = 24;

export class ConfigError extends Error {
  constructor(readonly setting: string, problem: string) {
    super(`Invalid setting ${setting}: ${problem}`);
    this.name = 'ConfigError';
  }
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(name, `expected a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!allowed.includes(raw as T)) throw new ConfigError(name, `expected one of ${allowed.join(', ')}, got "${raw}"`);
  return raw as T;
}

export function postgresUrl(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, 'not a URL (expected postgres://user:password@host:port/database)');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(name, `expected a postgres:// URL, got ${url.protocol}//`);
  }
  return raw;
}

function kurrentUrl(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  if (!/^(kurrentdb|kdb|esdb|kurrentdb\+discover|kdb\+discover|esdb\+discover):\/\/\S+$/.test(raw)) {
    throw new ConfigError(name, 'expected a KurrentDB connection string (kurrentdb://host:2113?tls=false)');
  }
  return raw;
}

function workerName(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  if (!/^[\w.:@-]{1,100}$/.test(raw)) throw new ConfigError(name, 'expected up to 100 letters, digits and . : @ - _');
  return raw;
}

const DURATION_UNITS_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const MAX_BACKUP_EVERY_MS = 30 * DURATION_UNITS_MS.d;

/** A whole number of minutes, hours or days (`30m`, `6h`, `1d`), from 1 minute to 30 days. */
function duration(env: NodeJS.ProcessEnv, name: string, fallbackMs: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallbackMs;
  const match = /^([1-9][0-9]{0,5})(m|h|d)$/.exec(raw);
  const ms = match ? Number(match[1]) * DURATION_UNITS_MS[match[2] as keyof typeof DURATION_UNITS_MS] : NaN;
  if (!(ms <= MAX_BACKUP_EVERY_MS)) throw new ConfigError(name, `expected a duration such as 30m, 6h or 1d (1m to 30d), got "${raw}"`);
  return ms;
}

/** A positive number of hours up to `max` (fractions allowed, so a test can shorten a window to seconds), in milliseconds. */
function hours(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback * DURATION_UNITS_MS.h;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || !(value > 0 && value <= max)) throw new ConfigError(name, `expected a number of hours above 0 and up to ${max}, got "${raw}"`);
  return Math.round(value * DURATION_UNITS_MS.h);
}

/** BACKUP_DIR: scheduled backups cover a PostgreSQL event log; KurrentDB has its own backups. */
function backupDir(env: NodeJS.ProcessEnv, root: string, eventStoreUrl: string | null): string | null {
  const raw = env.BACKUP_DIR;
  if (raw === undefined || raw === '') return null;
  if (eventStoreUrl) {
    throw new ConfigError('BACKUP_DIR', "the event log lives in KurrentDB (EVENTSTORE_URL): back it up with KurrentDB's own tools (docs/operations.md)");
  }
  return path.resolve(root, raw);
}

/** PUBLIC_URL: an http(s) origin, a trailing slash allowed; no path, since the app is served at the root. */
function publicUrl(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  const url = URL.canParse(raw) ? new URL(raw) : null;
  const originOnly = url !== null && url.pathname === '/' && !url.username && !url.password && !/[?#]/.test(raw);
  if (!originOnly || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ConfigError(name, `expected the site's http(s) address with no path, such as https://team.example, got "${raw}"`);
  }
  return url.origin;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): AppConfig {
  const adminKey = env.ADMIN_KEY === undefined || env.ADMIN_KEY === '' ? null : env.ADMIN_KEY;
  // 24 characters: a guessable key would make the wrong-key budget the only defence.
  if (adminKey !== null && adminKey.length < MIN_ADMIN_KEY_LENGTH) {
    throw new ConfigError('ADMIN_KEY', `must be at least ${MIN_ADMIN_KEY_LENGTH} characters (or unset, to generate one)`);
  }
  const staticDir = env.STATIC_DIR === 'none' ? null : path.resolve(root, env.STATIC_DIR ?? 'frontend/dist');
  const eventStoreUrl = kurrentUrl(env, 'EVENTSTORE_URL');
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: env.HOST || '0.0.0.0',
    databaseUrl: postgresUrl(env, 'DATABASE_URL'),
    readDatabaseUrl: postgresUrl(env, 'READ_DATABASE_URL'),
    eventStoreUrl,
    workerName: workerName(env, 'WORKER_NAME'),
    dataDir: path.resolve(root, env.DATA_DIR ?? 'data'),
    adminKey,
    projector: oneOf(env, 'PROJECTOR', ['inline', 'off'] as const, 'inline'),
    inlineProjection: oneOf(env, 'INLINE_PROJECTION', ['on', 'off'] as const, 'on'),
    readYourWritesTimeoutMs: integer(env, 'READ_YOUR_WRITES_TIMEOUT_MS', 5000, 0, 120_000),
    publicWritesPerMinute: integer(env, 'PUBLIC_WRITES_PER_MINUTE', 30, 1, 100_000),
    adminFailuresPer15Min: integer(env, 'ADMIN_FAILURES_PER_15_MIN', 10, 1, 100_000),
    logLevel: oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
    staticDir,
    trustProxy: integer(env, 'TRUST_PROXY', 0, 0, 10),
    maxConnectionsPerAddress: integer(env, 'MAX_CONNECTIONS_PER_ADDRESS', 256, 1, 100_000),
    bodyTimeoutMs: integer(env, 'BODY_TIMEOUT_SECONDS', 10, 1, 3600) * 1000,
    idempotencyWindowHours: integer(env, 'IDEMPOTENCY_WINDOW_HOURS', 24, 1, 24 * 365),
    timeTravelConcurrency: integer(env, 'TIME_TRAVEL_CONCURRENCY', 2, 1, 16),
    timeTravelWaitMs: integer(env, 'TIME_TRAVEL_WAIT_MS', 2000, 0, 60_000),
    timeTravelCache: integer(env, 'TIME_TRAVEL_CACHE', 8, 0, 1000),
    timeTravelCacheMb: integer(env, 'TIME_TRAVEL_CACHE_MB', 512, 1, 1_000_000),
    timeTravelSnapshotEvery: integer(env, 'TIME_TRAVEL_SNAPSHOT_EVERY', 2000, 1, 1_000_000),
    healthStuckAfterMs: integer(env, 'HEALTH_STUCK_AFTER_MS', 30_000, 0, 86_400_000),
    healthMaxLag: integer(env, 'HEALTH_MAX_LAG', 1000, 0, 1_000_000_000),
    liveMaxConnections: integer(env, 'LIVE_MAX_CONNECTIONS', 1000, 0, 100_000),
    liveHeartbeatMs: integer(env, 'LIVE_HEARTBEAT_MS', 15_000, 100, 300_000),
    liveReplayLimit: integer(env, 'LIVE_REPLAY_LIMIT', 1000, 0, 100_000),
    liveMaxPerAddress: integer(env, 'LIVE_MAX_PER_ADDRESS', 50, 1, 100_000),
    liveMaxLifetimeSeconds: integer(env, 'LIVE_MAX_LIFETIME_SECONDS', 1800, 1, 86_400),
    liveOpensPerMinute: integer(env, 'LIVE_OPENS_PER_MINUTE', 60, 1, 100_000),
    exportMaxSeconds: integer(env, 'EXPORT_MAX_SECONDS', 300, 1, 86_400),
    publicRecording: oneOf(env, 'PUBLIC_RECORDING', ['open', 'recorders', 'review'] as const, 'open'),
    webhookAllowPrivate: oneOf(env, 'WEBHOOK_ALLOW_PRIVATE', ['true', 'false'] as const, 'false') === 'true',
    webhookRetryWindowMs: hours(env, 'WEBHOOK_RETRY_WINDOW_HOURS', 24, 168),
    backupDir: backupDir(env, root, eventStoreUrl),
    backupEveryMs: duration(env, 'BACKUP_EVERY', DURATION_UNITS_MS.d),
    backupKeep: integer(env, 'BACKUP_KEEP', 7, 1, 10_000),
    publicUrl: publicUrl(env, 'PUBLIC_URL'),
  };
}
