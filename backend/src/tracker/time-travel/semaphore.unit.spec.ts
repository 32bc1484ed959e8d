import { Semaphore } from './semaphore.js';

class Busy extends Error {}

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('Semaphore', () => {
  test('runs at most `limit` at once; the others wait and run in arrival order', async () => {
    const semaphore = new Semaphore(2, 1000, () => new Busy());
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, i) =>
      semaphore.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1]);
    expect(semaphore.inUse).toEqual({ active: 2, waiting: 2 });
    gates[1]!.resolve();
    await runs[1];
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    gates[3]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(semaphore.inUse).toEqual({ active: 0, waiting: 0 });
  });

  test('a waiter is refused after the bounded wait, and its place is given up', async () => {
    const semaphore = new Semaphore(1, 30, () => new Busy('busy'));
    const gate = deferred();
    const holder = semaphore.run(() => gate.promise);
    const started = Date.now();
    await expect(semaphore.run(async () => 'never')).rejects.toBeInstanceOf(Busy);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(semaphore.inUse).toEqual({ active: 1, waiting: 0 });
    gate.resolve();
    await holder;
    expect(await semaphore.run(async () => 'next')).toBe('next');
  });

  test('with no wait allowed, a reader beyond the limit is refused at once', async () => {
    const semaphore = new Semaphore(1, 0, () => new Busy());
    const gate = deferred();
    const holder = semaphore.run(() => gate.promise);
    await expect(semaphore.run(async () => 1)).rejects.toBeInstanceOf(Busy);
    gate.resolve();
    await holder;
  });

  test('a failing piece of work still frees its permit', async () => {
    const semaphore = new Semaphore(1, 0, () => new Busy());
    await expect(semaphore.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await semaphore.run(async () => 'ok')).toBe('ok');
  });
});
