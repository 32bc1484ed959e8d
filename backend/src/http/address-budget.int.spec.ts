import { jest } from '@jest/globals';
import type { Knex } from 'knex';
import { connect, createTestDatabase, type TestDatabase } from '@test-support/database.js';
import { createKnex } from '../infrastructure/database.js';
import { freePort } from '../../test/support/server-process.js';
import { migrateRateLimits, RATE_LIMITS_TABLE, SharedAddressBudget } from './address-budget.js';

describe('SharedAddressBudget (PostgreSQL table shared by every process)', () => {
  let db: TestDatabase;
  let one: Knex;
  let other: Knex;

  beforeAll(async () => {
    db = await createTestDatabase();
    one = connect(db.url, 4);
    other = connect(db.url, 4);
    // Two starters at once: the advisory lock keeps the second from tripping on the first.
    await Promise.all([migrateRateLimits(one), migrateRateLimits(other)]);
  });
  afterAll(async () => {
    await one?.destroy();
    await other?.destroy();
    await db?.drop();
  });

  test('two instances on their own pools spend one budget per address, and each address has its own', async () => {
    const a = new SharedAddressBudget({ knex: one, name: 'shared-test', limit: 5, windowMs: 60_000 });
    const b = new SharedAddressBudget({ knex: other, name: 'shared-test', limit: 5, windowMs: 60_000 });
    const waits = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).hit('198.51.100.7')));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
    // Blocked for the rest of the window: how much of it is left depends on how busy the machine was.
    for (const wait of waits.filter((w) => w > 0)) expect(wait).toBeLessThanOrEqual(60);
    expect(await a.hit('198.51.100.8')).toBe(0);
    // Another budget's name is another count.
    expect(await new SharedAddressBudget({ knex: one, name: 'other-test', limit: 1, windowMs: 60_000 }).hit('198.51.100.7')).toBe(0);
  });

  test('hits of one address that queue behind an upsert are counted together, still exactly', async () => {
    const a = new SharedAddressBudget({ knex: one, name: 'group-test', limit: 20, windowMs: 60_000 });
    const b = new SharedAddressBudget({ knex: other, name: 'group-test', limit: 20, windowMs: 60_000 });
    const waits = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).hit('203.0.113.50')));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(20);
    const [row] = (await one(RATE_LIMITS_TABLE).where({ key: 'group-test:203.0.113.50' }).select('points')) as { points: number }[];
    // Groups counted whole: past the limit the row holds more than 20 (hits after the first
    // refusal are answered from memory), and never more hits than were made.
    expect(row!.points).toBeGreaterThan(20);
    expect(row!.points).toBeLessThanOrEqual(60);
  });

  test('blockedFor reads the shared count without adding to it: one instance sees the block another made', async () => {
    const a = new SharedAddressBudget({ knex: one, name: 'peek-test', limit: 2, windowMs: 60_000 });
    const b = new SharedAddressBudget({ knex: other, name: 'peek-test', limit: 2, windowMs: 60_000 });
    expect(await b.blockedFor('203.0.113.60')).toBe(0);
    for (let i = 0; i < 3; i++) await a.hit('203.0.113.60');
    const points = async () => ((await one(RATE_LIMITS_TABLE).where({ key: 'peek-test:203.0.113.60' }).first('points')) as { points: number }).points;
    expect(await points()).toBe(3);
    const wait = await b.blockedFor('203.0.113.60');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await b.blockedFor('203.0.113.60')).toBeGreaterThan(0);
    expect(await points()).toBe(3);
    expect(await b.blockedFor('203.0.113.61')).toBe(0);
  });

  test('the window ends for every instance: the address has its budget again', async () => {
    // Windows are measured on Date.now(), by the budget and by rate-limiter-flexible alike. Only
    // that clock is stopped (timers and the database run as usual), so the hits of one window
    // stay in it however slow the machine, and the window ends when the test moves the clock.
    jest.useFakeTimers({ doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'nextTick', 'queueMicrotask', 'hrtime', 'performance'] });
    try {
      const a = new SharedAddressBudget({ knex: one, name: 'window-test', limit: 1, windowMs: 1000 });
      const b = new SharedAddressBudget({ knex: other, name: 'window-test', limit: 1, windowMs: 1000 });
      expect(await a.hit('203.0.113.1')).toBe(0);
      expect(await b.hit('203.0.113.1')).toBe(1);
      // Over budget, `b` answers from memory until the window ends: no row is read.
      expect(await b.hit('203.0.113.1')).toBe(1);
      jest.setSystemTime(Date.now() + 1100);
      expect(await b.hit('203.0.113.1')).toBe(0);
      expect(await a.hit('203.0.113.1')).toBe(1);
    } finally {
      jest.useRealTimers();
    }
  });

  test('a refused address costs no database round trip until its window ends', async () => {
    const budget = new SharedAddressBudget({ knex: one, name: 'fast-path-test', limit: 2, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) await budget.hit('192.0.2.44');
    const [{ points }] = (await one(RATE_LIMITS_TABLE).where({ key: 'fast-path-test:192.0.2.44' }).select('points')) as { points: number }[];
    for (let i = 0; i < 50; i++) expect(await budget.hit('192.0.2.44')).toBeGreaterThan(0);
    const [after] = (await one(RATE_LIMITS_TABLE).where({ key: 'fast-path-test:192.0.2.44' }).select('points')) as { points: number }[];
    expect(after!.points).toBe(points);
  });

  test('an address key too long for the column is hashed, not refused', async () => {
    const budget = new SharedAddressBudget({ knex: one, name: 'long-key-test', limit: 1, windowMs: 60_000 });
    const long = 'x'.repeat(1000);
    expect(await budget.hit(long)).toBe(0);
    expect(await budget.hit(long)).toBeGreaterThan(0);
    const keys = (await one(RATE_LIMITS_TABLE).where('key', 'like', 'long-key-test:%').pluck('key')) as string[];
    expect(keys).toEqual([expect.stringMatching(/^long-key-test:[0-9a-f]{64}$/)]);
  });

  test('when the table cannot be reached it counts in this process and says so once', async () => {
    const unreachable = createKnex(`postgres://postgres@127.0.0.1:${await freePort()}/nowhere`, 1);
    const errors: unknown[] = [];
    const budget = new SharedAddressBudget({ knex: unreachable, name: 'down-test', limit: 2, windowMs: 60_000, onStoreError: (e) => errors.push(e) });
    try {
      const waits = [];
      for (let i = 0; i < 4; i++) waits.push(await budget.hit('198.51.100.9'));
      expect(waits.map((wait) => wait > 0)).toEqual([false, false, true, true]);
      expect(errors).toHaveLength(1);
    } finally {
      await unreachable.destroy();
    }
  });
});
