import { EventEmitter } from 'node:events';
import type { RecordedEvent } from '@team/contracts';
import { ServiceUnavailableError, TooManyRequestsError } from '../shared/domain-errors.js';
import type { LiveSocket } from './live-connection.js';
import { LiveFeed, type LiveFeedOptions } from './live-feed.js';

class FakeSocket extends EventEmitter implements LiveSocket {
  writableLength = 0;
  written: string[] = [];
  write(chunk: string): boolean {
    this.written.push(chunk);
    return true;
  }
  end() {
    this.emit('close');
  }
  destroy() {
    this.emit('close');
  }
}

/** A promise the test settles by hand. */
function held<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const seasonStarted = (position: number): RecordedEvent => ({
  position,
  streamId: 'ladder',
  revision: position,
  id: `event-${position}`,
  type: 'SeasonStarted',
  data: { seasonId: 1 },
  metadata: { correlationId: 'c', actor: 'system', recordedAt: '2025-01-01T00:00:00.000Z' },
});

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Whether `work` settled within `withinMs`. */
async function settlesWithin(work: Promise<unknown>, withinMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), withinMs)));
  const done = await Promise.race([work.then(() => true), late]);
  clearTimeout(timer);
  return done;
}

describe('LiveFeed', () => {
  const feeds: LiveFeed[] = [];
  const feedWith = (overrides: Partial<LiveFeedOptions>) => {
    const feed = new LiveFeed({
      store: { headPosition: async () => 0, readAll: async () => [], onAppended: () => () => {} },
      waitForReadTables: async () => true,
      maxConnections: 100,
      maxConnectionsPerAddress: 100,
      replayLimit: 100,
      heartbeatMs: 60_000,
      slowClient: { maxBufferedBytes: 1_000_000, maxBackedUpMs: 60_000 },
      ...overrides,
    });
    feeds.push(feed);
    return feed;
  };
  afterEach(async () => {
    await Promise.all(feeds.splice(0).map((feed) => feed.stop()));
  });

  test('starts where the read tables are: it waits for them to reach the head, answering 503 "starting" meanwhile', async () => {
    const waits: number[] = [];
    const readTables = held<boolean>();
    const feed = feedWith({
      store: { headPosition: async () => 10, readAll: async () => [], onAppended: () => () => {} },
      waitForReadTables: (position) => {
        waits.push(position);
        return readTables.promise;
      },
    });
    const started = feed.start();
    await settle();
    expect(waits).toEqual([10]);
    expect(() => feed.admit('a')).toThrow(new ServiceUnavailableError('Live updates are starting. Please try again.', 2));

    readTables.resolve(true);
    await started;
    feed.admit('a');
    const socket = new FakeSocket();
    await feed.open(socket, null, 'a');
    expect(socket.written.at(-1)).toBe('id: 10\nevent: ready\ndata: {"position":10}\n\n');
  });

  test('stop() resolves at once while the follower waits for the read tables, or for a read of the log', async () => {
    // The waiter gives up only after its timeout, as the real one does.
    const slowWait = (_position: number, timeoutMs: number) => new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref());
    let reads = 0;
    const waiting = feedWith({
      store: { headPosition: async () => 0, readAll: async () => (reads++ === 0 ? [seasonStarted(1)] : []), onAppended: () => () => {} },
      waitForReadTables: (position, timeoutMs) => (position === 0 ? Promise.resolve(true) : slowWait(position, timeoutMs)),
    });
    await waiting.start();
    await settle();
    expect(reads).toBe(1);
    expect(await settlesWithin(waiting.stop(), 200)).toBe(true);

    // A read the pool cannot serve (every connection busy) hangs until the pool's timeout.
    const reading = feedWith({
      store: { headPosition: async () => 0, readAll: () => new Promise(() => {}), onAppended: () => () => {} },
    });
    await reading.start();
    await settle();
    expect(await settlesWithin(reading.stop(), 200)).toBe(true);
  });

  test('one address holds at most maxConnectionsPerAddress streams: 429 with Retry-After beyond; a closed one frees its slot', async () => {
    const feed = feedWith({ maxConnectionsPerAddress: 2 });
    await feed.start();
    const first = new FakeSocket();
    await feed.open(first, null, 'a');
    await feed.open(new FakeSocket(), null, 'a');
    let refusal: unknown;
    try {
      feed.admit('a');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(TooManyRequestsError);
    expect(refusal).toMatchObject({ message: 'Too many live streams from your address. Close some tabs of this site, or try again later.', retryAfterSeconds: 30 });
    // Another address is not counted against this one.
    feed.admit('b');

    first.emit('close');
    feed.admit('a');
    await feed.open(new FakeSocket(), null, 'a');
    expect(() => feed.admit('a')).toThrow(TooManyRequestsError);
  });
});
