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

/** How long a stop() may take before it counts as waiting for something that never ends (a busy machine's margin). */
const STOP_WAIT_MS = 10_000;

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

  test('stop() does not wait for the read tables, nor for a read of the log, that the follower is waiting on', async () => {
    // Neither ever settles here, so a stop() that waited for them would never resolve; the
    // real ones settle late (the waiter after its timeout, the read after the pool's).
    const never = new Promise<never>(() => {});
    let reads = 0;
    const waiting = feedWith({
      store: { headPosition: async () => 0, readAll: async () => (reads++ === 0 ? [seasonStarted(1)] : []), onAppended: () => () => {} },
      waitForReadTables: (position) => (position === 0 ? Promise.resolve(true) : never),
    });
    await waiting.start();
    // A stream is open: the follower reads the log only then.
    await waiting.open(new FakeSocket(), null, 'a');
    await settle();
    expect(reads).toBe(1);
    expect(await settlesWithin(waiting.stop(), STOP_WAIT_MS)).toBe(true);

    // A read the pool cannot serve (every connection busy) hangs until the pool's timeout.
    const reading = feedWith({
      store: { headPosition: async () => 0, readAll: () => new Promise(() => {}), onAppended: () => () => {} },
    });
    await reading.start();
    await reading.open(new FakeSocket(), null, 'a');
    await settle();
    expect(await settlesWithin(reading.stop(), STOP_WAIT_MS)).toBe(true);
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

  /** A log in memory that counts the feed's reads of it, and wakes the feed on each append. */
  function memoryLog() {
    const events: RecordedEvent[] = [];
    let wake: () => void = () => {};
    const log = {
      reads: 0,
      append(count: number) {
        for (let i = 0; i < count; i++) events.push(seasonStarted(events.length + 1));
        wake();
      },
      store: {
        headPosition: async () => events.length,
        readAll: async (after: number, batchSize: number) => {
          log.reads++;
          return events.filter((event) => event.position > after).slice(0, batchSize);
        },
        onAppended: (listener: () => void) => {
          wake = listener;
          return () => {};
        },
      },
    };
    return log;
  }

  const waitUntil = async (done: () => boolean) => {
    for (const deadline = Date.now() + 10_000; !done() && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(done()).toBe(true);
  };
  const ids = (socket: FakeSocket) => socket.written.filter((chunk) => chunk.startsWith('id: ')).map((chunk) => chunk.split('\n').slice(0, 2).join(' '));

  test('a reconnect replays from a ring of the last replayLimit messages without reading the log; an id older than the ring gets reload', async () => {
    const log = memoryLog();
    const feed = feedWith({ store: log.store, replayLimit: 3 });
    await feed.start();
    const watching = new FakeSocket();
    await feed.open(watching, null, 'a');
    log.append(5);
    await waitUntil(() => ids(watching).length === 6);
    const readsBefore = log.reads;

    const resumed = new FakeSocket();
    await feed.open(resumed, 3, 'b');
    expect(ids(resumed)).toEqual(['id: 4 event: season-started', 'id: 5 event: season-started', 'id: 5 event: ready']);
    const oldest = new FakeSocket();
    await feed.open(oldest, 2, 'c');
    expect(ids(oldest)).toEqual(['id: 3 event: season-started', 'id: 4 event: season-started', 'id: 5 event: season-started', 'id: 5 event: ready']);
    const tooOld = new FakeSocket();
    await feed.open(tooOld, 1, 'd');
    expect(ids(tooOld)).toEqual(['id: 5 event: reload']);
    expect(log.reads).toBe(readsBefore);
  });

  test('with nobody connected it does not read the log; the next stream waits for it to catch up and replays what it missed exactly once (issue 26)', async () => {
    const log = memoryLog();
    const feed = feedWith({ store: log.store, replayLimit: 10 });
    await feed.start();
    const first = new FakeSocket();
    await feed.open(first, null, 'a');
    log.append(2);
    await waitUntil(() => ids(first).length === 3);
    first.end();
    await settle();
    const readsWhileWatched = log.reads;

    // Matches recorded while nobody watches: each append wakes the feed, and it reads nothing.
    for (let i = 0; i < 3; i++) {
      log.append(1);
      await settle();
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log.reads).toBe(readsWhileWatched);

    // The client comes back from the last change it saw: the stream waits for the feed to read
    // what it missed, then replays the three, each once and in order, and is ready at the head.
    const back = new FakeSocket();
    await feed.catchUpForOpen();
    await feed.open(back, 2, 'a');
    expect(ids(back)).toEqual(['id: 3 event: season-started', 'id: 4 event: season-started', 'id: 5 event: season-started', 'id: 5 event: ready']);
    expect(log.reads).toBeGreaterThan(readsWhileWatched);
    // And a client from before all of it gets the ring's replay of everything.
    const older = new FakeSocket();
    await feed.open(older, 0, 'b');
    expect(ids(older)).toEqual([
      'id: 1 event: season-started',
      'id: 2 event: season-started',
      'id: 3 event: season-started',
      'id: 4 event: season-started',
      'id: 5 event: season-started',
      'id: 5 event: ready',
    ]);
  });

  test('a stream opened after an idle time without waiting (the catch-up timed out) still gets each missed change once, live', async () => {
    const log = memoryLog();
    const feed = feedWith({ store: log.store, replayLimit: 10 });
    await feed.start();
    log.append(3);
    await settle();
    const direct = new FakeSocket();
    await feed.open(direct, 1, 'a');
    // Ready where the feed stood (0: it had read nothing), then all three as live messages;
    // the one the client had (1) is not sent again.
    await waitUntil(() => ids(direct).length === 3);
    expect(ids(direct)).toEqual(['id: 1 event: ready', 'id: 2 event: season-started', 'id: 3 event: season-started']);
  });

  test('a stream is ended after its maximum lifetime, with a short retry hint, so the browser resumes it by Last-Event-ID', async () => {
    const feed = feedWith({ maxLifetimeMs: 50 });
    await feed.start();
    const socket = new FakeSocket();
    let ended = false;
    socket.once('close', () => (ended = true));
    await feed.open(socket, null, 'a');
    await waitUntil(() => ended);
    expect(socket.written.at(-1)).toMatch(/^retry: \d+\n\n$/);
    expect(feed.connectionCount).toBe(0);
  });
});
