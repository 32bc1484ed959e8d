import { ConfigError, loadConfig } from '../../config.js';

describe('time-travel settings', () => {
  test('defaults: 2 folds at once, a 2 s wait, 8 points cached within 512 MB, a snapshot every 2,000 ladder events', () => {
    expect(loadConfig({})).toMatchObject({ timeTravelConcurrency: 2, timeTravelWaitMs: 2000, timeTravelCache: 8, timeTravelCacheMb: 512, timeTravelSnapshotEvery: 2000 });
  });

  test.each([
    ['TIME_TRAVEL_CONCURRENCY', '0'],
    ['TIME_TRAVEL_CONCURRENCY', 'many'],
    ['TIME_TRAVEL_WAIT_MS', '-1'],
    ['TIME_TRAVEL_CACHE', '1.5'],
    ['TIME_TRAVEL_CACHE_MB', '0'],
    ['TIME_TRAVEL_SNAPSHOT_EVERY', '0'],
  ])('%s=%s stops the start with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid setting ${name}:`));
  });
});
