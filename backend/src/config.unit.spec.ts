import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveAdminKey } from './admin-access/admin-key.js';
import { ConfigError, loadConfig, MIN_ADMIN_KEY_LENGTH } from './config.js';

describe('loadConfig', () => {
  test('an empty environment gives the documented defaults', () => {
    const config = loadConfig({}, '/srv/site');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: null,
      readDatabaseUrl: null,
      eventStoreUrl: null,
      workerName: null,
      dataDir: path.resolve('/srv/site', 'data'),
      projector: 'inline',
      readYourWritesTimeoutMs: 5000,
      publicWritesPerMinute: 30,
      adminFailuresPer15Min: 10,
      logLevel: 'info',
      trustProxy: 0,
      staticDir: path.resolve('/srv/site', 'frontend/dist'),
      liveMaxConnections: 1000,
      liveHeartbeatMs: 15_000,
      liveReplayLimit: 1000,
      liveMaxPerAddress: 50,
      publicRecording: 'open',
      webhookAllowPrivate: false,
      webhookRetryWindowMs: 86_400_000,
      backupDir: null,
      backupEveryMs: 86_400_000,
      backupKeep: 7,
      publicUrl: null,
    });
  });

  test.each([
    [{ PORT: 'eighty' }, 'Invalid setting PORT: expected a whole number from 0 to 65535, got "eighty"'],
    [{ PORT: '70000' }, 'Invalid setting PORT: expected a whole number from 0 to 65535, got "70000"'],
    [{ PROJECTOR: 'sometimes' }, 'Invalid setting PROJECTOR: expected one of inline, off, got "sometimes"'],
    [{ INLINE_PROJECTION: 'yes' }, 'Invalid setting INLINE_PROJECTION: expected one of on, off, got "yes"'],
    [{ PUBLIC_RECORDING: 'closed' }, 'Invalid setting PUBLIC_RECORDING: expected one of open, recorders, review, got "closed"'],
    [{ WEBHOOK_ALLOW_PRIVATE: 'yes' }, 'Invalid setting WEBHOOK_ALLOW_PRIVATE: expected one of true, false, got "yes"'],
    [{ WEBHOOK_RETRY_WINDOW_HOURS: '0' }, 'Invalid setting WEBHOOK_RETRY_WINDOW_HOURS: expected a number of hours above 0 and up to 168, got "0"'],
    [{ WEBHOOK_RETRY_WINDOW_HOURS: '1e3' }, 'Invalid setting WEBHOOK_RETRY_WINDOW_HOURS: expected a number of hours above 0 and up to 168, got "1e3"'],
    [{ DATABASE_URL: 'mysql://root@localhost/site' }, 'Invalid setting DATABASE_URL: expected a postgres:// URL, got mysql://'],
    [{ DATABASE_URL: 'not a url' }, 'Invalid setting DATABASE_URL: not a URL (expected postgres://user:password@host:port/database)'],
    [{ READ_DATABASE_URL: 'redis://cache:6379' }, 'Invalid setting READ_DATABASE_URL: expected a postgres:// URL, got redis://'],
    [{ EVENTSTORE_URL: 'http://kurrentdb:2113' }, 'Invalid setting EVENTSTORE_URL: expected a KurrentDB connection string (kurrentdb://host:2113?tls=false)'],
    [{ WORKER_NAME: 'two words' }, 'Invalid setting WORKER_NAME: expected up to 100 letters, digits and . : @ - _'],
    [{ ADMIN_KEY: 'short' }, 'Invalid setting ADMIN_KEY: must be at least 24 characters (or unset, to generate one)'],
    [{ ADMIN_KEY: 'twenty-three-characters' }, 'Invalid setting ADMIN_KEY: must be at least 24 characters (or unset, to generate one)'],
    [{ PUBLIC_WRITES_PER_MINUTE: '0' }, 'Invalid setting PUBLIC_WRITES_PER_MINUTE: expected a whole number from 1 to 100000, got "0"'],
    [{ LIVE_MAX_CONNECTIONS: 'many' }, 'Invalid setting LIVE_MAX_CONNECTIONS: expected a whole number from 0 to 100000, got "many"'],
    [{ LIVE_HEARTBEAT_MS: '10' }, 'Invalid setting LIVE_HEARTBEAT_MS: expected a whole number from 100 to 300000, got "10"'],
    [{ LIVE_REPLAY_LIMIT: '-1' }, 'Invalid setting LIVE_REPLAY_LIMIT: expected a whole number from 0 to 100000, got "-1"'],
    [{ LIVE_MAX_PER_ADDRESS: '0' }, 'Invalid setting LIVE_MAX_PER_ADDRESS: expected a whole number from 1 to 100000, got "0"'],
    [{ LOG_LEVEL: 'loud' }, 'Invalid setting LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent, got "loud"'],
    ...['6', '0h', '00m', '1w', '90s', '1.5h', '6 h', ' 6h', '-1h', '6H', '31d', '721h', 'daily'].map(
      (every) => [{ BACKUP_EVERY: every }, `Invalid setting BACKUP_EVERY: expected a duration such as 30m, 6h or 1d (1m to 30d), got "${every}"`] as const,
    ),
    [{ BACKUP_KEEP: '0' }, 'Invalid setting BACKUP_KEEP: expected a whole number from 1 to 10000, got "0"'],
    [{ BACKUP_KEEP: 'all' }, 'Invalid setting BACKUP_KEEP: expected a whole number from 1 to 10000, got "all"'],
    [
      { BACKUP_DIR: 'backups', EVENTSTORE_URL: 'kurrentdb://kurrentdb:2113?tls=false' },
      "Invalid setting BACKUP_DIR: the event log lives in KurrentDB (EVENTSTORE_URL): back it up with KurrentDB's own tools (docs/operations.md)",
    ],
    ...['team.example', 'ftp://team.example', 'https://team.example/site', 'https://team.example/?a=1', 'https://admin:pw@team.example'].map(
      (url) => [{ PUBLIC_URL: url }, `Invalid setting PUBLIC_URL: expected the site's http(s) address with no path, such as https://team.example, got "${url}"`] as const,
    ),
  ])('refuses %j, naming the setting', (env, message) => {
    expect(() => loadConfig(env, '/srv/site')).toThrow(ConfigError);
    expect(() => loadConfig(env, '/srv/site')).toThrow(message);
  });

  test('READ_DATABASE_URL, EVENTSTORE_URL and WORKER_NAME are kept as given', () => {
    const config = loadConfig(
      {
        READ_DATABASE_URL: 'postgres://team@replica:5432/site',
        EVENTSTORE_URL: 'kurrentdb://kurrentdb:2113?tls=false',
        WORKER_NAME: 'projector-a',
      },
      '/srv/site',
    );
    expect(config).toMatchObject({
      readDatabaseUrl: 'postgres://team@replica:5432/site',
      eventStoreUrl: 'kurrentdb://kurrentdb:2113?tls=false',
      workerName: 'projector-a',
    });
  });

  test('BACKUP_DIR is resolved from the working folder; BACKUP_EVERY takes minutes, hours or days up to 30 days', () => {
    expect(loadConfig({ BACKUP_DIR: 'backups', BACKUP_EVERY: '30m', BACKUP_KEEP: '3' }, '/srv/site')).toMatchObject({
      backupDir: path.resolve('/srv/site', 'backups'),
      backupEveryMs: 30 * 60_000,
      backupKeep: 3,
    });
    expect(loadConfig({ BACKUP_EVERY: '1m' }, '/srv/site').backupEveryMs).toBe(60_000);
    expect(loadConfig({ BACKUP_EVERY: '6h' }, '/srv/site').backupEveryMs).toBe(6 * 3_600_000);
    expect(loadConfig({ BACKUP_EVERY: '30d' }, '/srv/site').backupEveryMs).toBe(30 * 86_400_000);
    expect(loadConfig({ BACKUP_EVERY: '720h' }, '/srv/site').backupEveryMs).toBe(30 * 86_400_000);
  });

  test('PUBLIC_URL is kept as its origin: lower-case host, no trailing slash, no default port', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://Team.Example/' }, '/srv/site').publicUrl).toBe('https://team.example');
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:8080' }, '/srv/site').publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://team.example:443' }, '/srv/site').publicUrl).toBe('https://team.example');
  });

  test('STATIC_DIR=none serves the API only', () => {
    expect(loadConfig({ STATIC_DIR: 'none' }, '/srv/site').staticDir).toBeNull();
  });

  test('an ADMIN_KEY of 24 characters is taken, and the generated key is longer than that', () => {
    expect(loadConfig({ ADMIN_KEY: 'x'.repeat(MIN_ADMIN_KEY_LENGTH) }, '/srv/site').adminKey).toBe('x'.repeat(24));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-key-'));
    try {
      expect(resolveAdminKey(null, dataDir).key.length).toBeGreaterThanOrEqual(MIN_ADMIN_KEY_LENGTH);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
