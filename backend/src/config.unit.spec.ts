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
    });
  });

  test.each([
    [{ PORT: 'eighty' }, 'Invalid setting PORT: expected a whole number from 0 to 65535, got "eighty"'],
    [{ PORT: '70000' }, 'Invalid setting PORT: expected a whole number from 0 to 65535, got "70000"'],
    [{ PROJECTOR: 'sometimes' }, 'Invalid setting PROJECTOR: expected one of inline, off, got "sometimes"'],
    [{ PUBLIC_RECORDING: 'closed' }, 'Invalid setting PUBLIC_RECORDING: expected one of open, recorders, got "closed"'],
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
