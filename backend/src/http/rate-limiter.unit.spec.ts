import { addressKey, RateLimiter } from './rate-limiter.js';

describe('RateLimiter', () => {
  test('counts a fixed window per key and answers the seconds left once over the limit', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter({ limit: 2, windowMs: 60_000, maxKeys: 100, now: () => now });
    expect(limiter.hit('a')).toBe(0);
    expect(limiter.hit('a')).toBe(0);
    now += 15_000;
    expect(limiter.hit('a')).toBe(45);
    expect(limiter.hit('b')).toBe(0);
    now += 45_000;
    // A new window: the budget is back.
    expect(limiter.hit('a')).toBe(0);
  });

  test('holds at most maxKeys keys however many addresses come by', () => {
    const limiter = new RateLimiter({ limit: 5, windowMs: 60_000, maxKeys: 50 });
    for (let i = 0; i < 10_000; i++) limiter.hit(`10.0.${i >> 8}.${i & 255}`);
    expect(limiter.size).toBe(50);
    // The most recent keys are the ones kept.
    expect(limiter.hit('10.0.39.15')).toBe(0);
    expect(limiter.size).toBe(50);
  });

  test('forgets a key once its window is over', () => {
    let now = 0;
    const limiter = new RateLimiter({ limit: 1, windowMs: 1_000, maxKeys: 10, now: () => now });
    limiter.hit('a');
    expect(limiter.hit('a')).toBe(1);
    now += 1_000;
    expect(limiter.hit('a')).toBe(0);
  });
});

describe('addressKey', () => {
  test.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:cb00:7107', '203.0.113.7'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:0DB8:0000:0001:abcd:0:0:1', '2001:db8:0:1::/64'],
    ['2001:db8:0:1::', '2001:db8:0:1::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['2001:db8:1:2:3:4:1.2.3.4', '2001:db8:1:2::/64'],
    ['unknown', 'unknown'],
  ])('%s is counted as %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });

  test('two IPv6 addresses in one /64 share a budget; another /64 has its own', () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 60_000, maxKeys: 100 });
    expect(limiter.hit(addressKey('2001:db8:1:2::1'))).toBe(0);
    expect(limiter.hit(addressKey('2001:0db8:0001:0002:ffff:0:0:9'))).toBeGreaterThan(0);
    expect(limiter.hit(addressKey('2001:db8:1:3::1'))).toBe(0);
    expect(limiter.hit(addressKey('2001:db8:1:2::1'))).toBeGreaterThan(0);
  });
});
