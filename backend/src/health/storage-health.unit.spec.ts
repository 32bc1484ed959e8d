import type { HealthResponse } from '@team/contracts';
import type { Logger } from 'pino';
import { DatabaseFaultMemory, DISK_FULL_MEMORY_MS } from '../infrastructure/database-faults.js';
import { describeSpace, diskState } from './disk-space.js';
import { DiskWatch, type VolumeReading } from './disk-watch.js';
import { DISK_FULL_REASON, storageFacts, withStorage } from './storage-health.js';

// Issue 37 item 5: health said only "database down" while a full disk had stopped the embedded
// database, and nothing warned before. Health now names a full disk, and warns (and logs, once
// per crossing) under 5% or 500 MB free on the embedded database's volume.

const MB = 1_000_000;
const GB = 1_000 * MB;

describe('the disk thresholds', () => {
  test.each([
    [{ freeBytes: 100 * GB, totalBytes: 200 * GB }, 'ok'],
    [{ freeBytes: 499 * MB, totalBytes: 200 * GB }, 'low'],
    // 5% of 20 TB is 1 TB: 900 GB free is low on such a volume.
    [{ freeBytes: 900 * GB, totalBytes: 20_000 * GB }, 'low'],
    [{ freeBytes: 501 * MB, totalBytes: 10 * GB }, 'ok'],
    // Less than one 16 MB WAL file free: PostgreSQL cannot go on.
    [{ freeBytes: 14 * MB, totalBytes: 400 * MB }, 'full'],
    [{ freeBytes: 0, totalBytes: 96 * MB }, 'full'],
  ])('%o is %s', (space, state) => {
    expect(diskState(space)).toBe(state);
  });

  test('the warning names the free space, its share and the volume', () => {
    expect(describeSpace('low', { freeBytes: 312.4 * MB, totalBytes: 10 * GB }, "the data folder's volume")).toBe(
      "disk low: 312 MB free (3%) on the data folder's volume",
    );
  });
});

function silentLogger() {
  const lines: { level: string; message: string }[] = [];
  const at = (level: string) => (_facts: unknown, message: string) => lines.push({ level, message });
  return { lines, logger: { warn: at('warn'), info: at('info'), error: at('error') } as unknown as Logger };
}

describe('DiskWatch', () => {
  test('logs one line each time the volume crosses into low, into full and back, not at every reading', async () => {
    let free = 5 * GB;
    let now = 0;
    const { lines, logger } = silentLogger();
    const watch = new DiskWatch(
      [{ path: '/data', where: "the data folder's volume" }],
      logger,
      async () => ({ bavail: free / 1000, bsize: 1000, blocks: (10 * GB) / 1000 }),
      () => now,
    );
    const readAt = async (bytes: number) => {
      free = bytes;
      now += 2000;
      return watch.read();
    };
    for (const bytes of [5 * GB, 400 * MB, 300 * MB, 250 * MB, 10 * MB, 5 * MB, 2 * GB, 3 * GB]) await readAt(bytes);

    expect(lines).toEqual([
      { level: 'warn', message: "disk low: 400 MB free (4%) on the data folder's volume" },
      { level: 'warn', message: "disk full: 10 MB free (0%) on the data folder's volume; the database needs 17 MB to go on" },
      { level: 'info', message: "disk space back: 2000 MB free on the data folder's volume" },
    ]);
  });

  test('a reading less than a second old is reused (health may be asked every few milliseconds)', async () => {
    let reads = 0;
    let now = 0;
    const watch = new DiskWatch(
      [{ path: '/data', where: 'x' }],
      silentLogger().logger,
      async () => {
        reads += 1;
        return { bavail: 1, bsize: GB, blocks: 2 };
      },
      () => now,
    );
    await watch.read();
    now += 500;
    await watch.read();
    expect(reads).toBe(1);
    now += 600;
    await watch.read();
    expect(reads).toBe(2);
  });

  test('a folder that cannot be read gives no reading, not a failure', async () => {
    const watch = new DiskWatch([{ path: '/gone', where: 'x' }], silentLogger().logger, async () => {
      throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    });
    await expect(watch.read()).resolves.toEqual([]);
  });
});

const reading = (state: VolumeReading['state'], freeBytes: number): VolumeReading => ({
  where: "the data folder's volume",
  state,
  freeBytes,
  totalBytes: 96 * MB,
});

describe('storageFacts and withStorage', () => {
  const ok: { status: 200; body: HealthResponse } = { status: 200, body: { status: 'ok', database: 'up', eventStore: { head: 3 } } };
  const down: { status: 503; body: HealthResponse } = {
    status: 503,
    body: { status: 'unavailable', database: 'down', error: 'The database cannot be reached.' },
  };
  const fullWarning = (mb: number, percent: number) =>
    `disk full: ${mb} MB free (${percent}%) on the data folder's volume; the database needs 17 MB to go on`;

  test('the database down on a full volume: unavailable, cause disk full, with the warning', () => {
    expect(withStorage(down, storageFacts([reading('full', 0)], false))).toEqual({
      status: 503,
      body: { status: 'unavailable', database: 'down', error: 'The database cannot be reached.', cause: 'disk full', warnings: [fullWarning(0, 0)] },
    });
  });

  test('the database refusing writes for a full disk on a full volume: degraded, cause disk full', () => {
    expect(withStorage(ok, storageFacts([reading('full', 3 * MB)], true))).toEqual({
      status: 503,
      body: { status: 'degraded', database: 'up', eventStore: { head: 3 }, reasons: [DISK_FULL_REASON], cause: 'disk full', warnings: [fullWarning(3, 3)] },
    });
  });

  test('a full volume while the database still writes: the status stands, with the warning', () => {
    expect(withStorage(ok, storageFacts([reading('full', 9 * MB)], false))).toEqual({ status: 200, body: { ...ok.body, warnings: [fullWarning(9, 9)] } });
  });

  test('a low volume: still ok, with the warning', () => {
    expect(withStorage(ok, storageFacts([reading('low', 40 * MB)], false))).toEqual({
      status: 200,
      body: { ...ok.body, warnings: ["disk low: 40 MB free (41%) on the data folder's volume"] },
    });
  });

  test('once space is freed, an old disk-full error does not make it full, whether the database is up or still down', () => {
    expect(withStorage(ok, storageFacts([reading('low', 60 * MB)], true)).body).not.toHaveProperty('cause');
    expect(withStorage(down, storageFacts([reading('low', 60 * MB)], true)).body).not.toHaveProperty('cause');
  });

  test("without a measured volume (an external database), the database's own disk-full error decides", () => {
    expect(withStorage(down, storageFacts([], true)).body).toMatchObject({ status: 'unavailable', cause: 'disk full' });
    expect(withStorage(ok, storageFacts([], true))).toMatchObject({ status: 503, body: { status: 'degraded', cause: 'disk full' } });
    expect(withStorage(down, storageFacts([], false)).body).not.toHaveProperty('cause');
  });
});

describe('DatabaseFaultMemory', () => {
  test('keeps a disk-full error for DISK_FULL_MEMORY_MS; other errors do not count', () => {
    let now = 1_000_000;
    const memory = new DatabaseFaultMemory(() => now);
    memory.note(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    expect(memory.saidDiskFull()).toBe(false);
    memory.note(Object.assign(new Error('could not extend file "base/16384/16402": No space left on device'), { code: '53100' }));
    expect(memory.saidDiskFull()).toBe(true);
    now += DISK_FULL_MEMORY_MS - 1;
    expect(memory.saidDiskFull()).toBe(true);
    now += 1;
    expect(memory.saidDiskFull()).toBe(false);
  });
});
