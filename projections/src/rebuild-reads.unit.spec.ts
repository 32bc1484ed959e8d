import type { RecordedEvent } from '@team/contracts';
import { LogReadAhead } from './rebuild-reads.js';

const event = (position: number) => ({ position, streamId: 'ladder', revision: position, id: `e${position}`, type: 'MatchRecorded', data: {}, metadata: {} }) as unknown as RecordedEvent;

/**
 * A log in memory with the given positions (gaps where an append was refused). It records each
 * read and how many were in flight at once; every read resolves on the next turn of the loop.
 */
function memoryLog(positions: number[], { ranges }: { ranges: boolean }) {
  const calls: string[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const read = async (label: string, pick: (position: number) => boolean, limit = Infinity) => {
    calls.push(label);
    mostInFlight = Math.max(mostInFlight, ++inFlight);
    await new Promise((resolve) => setImmediate(resolve));
    inFlight--;
    return positions.filter(pick).slice(0, limit).map(event);
  };
  const reader = {
    readAll: (after: number, size: number) => read(`page>${after}`, (p) => p > after, size),
    readStream: async () => [],
    onAppended: () => () => {},
    headPosition: async () => positions.at(-1) ?? 0,
    ...(ranges ? { readRange: (after: number, through: number) => read(`range(${after},${through}]`, (p) => p > after && p <= through) } : {}),
  };
  return { reader, calls, mostInFlight: () => mostInFlight, append: (...more: number[]) => positions.push(...more) };
}

async function readToEnd(reads: LogReadAhead): Promise<number[][]> {
  const batches: number[][] = [];
  for (let batch = await reads.next(); batch.length > 0; batch = await reads.next()) batches.push(batch.map((e) => e.position));
  return batches;
}

describe('a rebuild reading the log ahead (LogReadAhead)', () => {
  test('up to the head it reads stretches by position, three at once, skipping empty ones; then pages', async () => {
    const log = memoryLog([1, 2, 3, 4, /* 5–8 refused */ 9, 10, 11, 12, 13], { ranges: true });
    const reads = new LogReadAhead(log.reader, 0, 13, 4);
    const first = await reads.next();
    log.append(14, 15); // appended during the rebuild, past the head it started with
    expect([first.map((e) => e.position), ...(await readToEnd(reads))]).toEqual([[1, 2, 3, 4], [9, 10, 11, 12], [13], [14, 15]]);
    expect(log.calls).toEqual(['range(0,4]', 'range(4,8]', 'range(8,12]', 'range(12,13]', 'page>13', 'page>15']);
    expect(log.mostInFlight()).toBe(3);
  });

  test('a store without ranges (KurrentDB) is read page after page, one page ahead', async () => {
    const log = memoryLog([1, 2, 3, 5, 6], { ranges: false });
    const reads = new LogReadAhead(log.reader, 0, 6, 2);
    expect(await readToEnd(reads)).toEqual([[1, 2], [3, 5], [6]]);
    expect(log.calls).toEqual(['page>0', 'page>2', 'page>5', 'page>6']);
    expect(log.mostInFlight()).toBe(1);
  });

  test('it starts after the position given, and an empty log ends at once', async () => {
    const log = memoryLog([1, 2, 3, 4], { ranges: true });
    expect(await readToEnd(new LogReadAhead(log.reader, 2, 4, 10))).toEqual([[3, 4]]);
    expect(await readToEnd(new LogReadAhead(memoryLog([], { ranges: true }).reader, 0, 0, 10))).toEqual([]);
  });

  test('a failed read fails the batch it holds, in order; settle waits for the reads in flight', async () => {
    const log = memoryLog([1, 2, 3, 4, 5, 6], { ranges: true });
    const failing = { ...log.reader, readRange: (after: number, through: number) => (after === 2 ? Promise.reject(new Error('connection lost')) : log.reader.readRange!(after, through)) };
    const reads = new LogReadAhead(failing, 0, 6, 2);
    expect((await reads.next()).map((e) => e.position)).toEqual([1, 2]);
    await expect(reads.next()).rejects.toThrow('connection lost');
    await reads.settle();
    expect(await reads.next()).toEqual([]);
  });
});
