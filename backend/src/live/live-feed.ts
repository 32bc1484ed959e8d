import type { EventStore } from '@team/contracts';
import { WakeableSleep } from '@team/projections';
import { LIVE_READY_EVENT, LIVE_RELOAD_EVENT } from '@team/contracts';
import { ServiceUnavailableError, TooManyRequestsError } from '../shared/domain-errors.js';
import { LiveConnection, type LiveSocket, type SlowClientLimits } from './live-connection.js';
import { liveMessageOf, type LiveMessage } from './live-change.js';

export interface LiveFeedOptions {
  store: Pick<EventStore, 'readAll' | 'headPosition' | 'onAppended'>;
  /** Resolves true once the read tables (the replica's, with one) have applied `position`. */
  waitForReadTables(position: number, timeoutMs: number): Promise<boolean>;
  maxConnections: number;
  /** Open streams one address (its rate-limit key) may hold; one more is answered 429. */
  maxConnectionsPerAddress: number;
  /** Messages kept for replays (the ring); a client further behind than the ring gets `reload` instead. */
  replayLimit: number;
  /** A stream is ended after about this long (jittered down by up to a tenth); absent: never. */
  maxLifetimeMs?: number;
  heartbeatMs: number;
  slowClient: SlowClientLimits;
  now?: () => number;
  onError?: (error: unknown, what: string) => void;
}

/** How many events one read of the log takes while following it. */
const FOLLOW_BATCH = 500;
/** A poll of the log when no append was signalled (the store's signal is a hint, not a promise). */
const FOLLOW_POLL_MS = 5000;
const RETRY_MS = 1000;
/** Waits for the read tables are repeated in slices of this length while the feed runs. */
const READ_TABLES_WAIT_MS = 5000;
/** How long the first stream after an idle time waits for the follower to read what it missed. */
const CATCH_UP_WAIT_MS = 2000;
/** How long start() waits for the first position; the follower goes on looking after that. */
const START_WAIT_MS = 1000;
/** What a browser with too many streams open (one per tab) is told to wait: tabs close, hidden ones give theirs back. */
const PER_ADDRESS_RETRY_AFTER_S = 30;
/** The `retry:` hint a stream ended at its lifetime leaves: the browser comes back soon, with its Last-Event-ID. */
const EXPIRED_RETRY_MS = 1000;
/** What an abandoned read or wait settles as once the feed stops. */
const STOPPED = Symbol('stopped');

/**
 * The live stream of one API process: it follows the shared event log itself (so it sees the
 * changes every process appends, not only its own), and fans each ladder change out to all
 * of this process's connections. A change goes out only once the read tables have applied
 * its position, so a client that refetches on it sees it.
 *
 * `position` is where the feed stands: every ladder change up to it has been published.
 * `recent` is the ring replays come from: the last `replayLimit` messages published, which
 * cover every ladder change after `recentFrom` up to `position`. A reconnect is served from
 * memory, never by a read of the log, so reconnects cost a flood nothing but CPU.
 */
export class LiveFeed {
  private position: number | null = null;
  private readonly recent: LiveMessage[] = [];
  private recentFrom = 0;
  private readonly connections = new Set<LiveConnection>();
  /** Open streams per address (rate-limit key). */
  private readonly perAddress = new Map<string, number>();
  private running = false;
  private readonly wakeup = new WakeableSleep();
  private loop: Promise<void> | null = null;
  private stopListening: (() => void) | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly now: () => number;
  /** Settles when stop() is called: a pending read of the log or wait for the read tables is abandoned for it. */
  private stopped: Promise<typeof STOPPED> = new Promise(() => {});
  private markStopped: () => void = () => {};
  private positioned: Promise<void> = Promise.resolve();
  /** Streams waiting for the follower to catch up before they open (catchUpForOpen). */
  private readonly opening: (() => void)[] = [];
  private markPositioned: () => void = () => {};

  constructor(private readonly options: LiveFeedOptions) {
    this.now = options.now ?? Date.now;
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  /**
   * Starts following from the log's head once the read tables have reached it (a failed read
   * is retried by the follower). Until then streams are refused as "starting": a `ready` or a
   * replay from the head would send clients to refetch what the read tables do not show yet.
   * Waits a little for that, so a process that starts in step serves streams at once.
   */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.stopped = new Promise((resolve) => (this.markStopped = () => resolve(STOPPED)));
    this.positioned = new Promise((resolve) => (this.markPositioned = resolve));
    this.stopListening = this.options.store.onAppended(() => this.signal());
    this.heartbeat = setInterval(() => this.connections.forEach((connection) => connection.heartbeat()), this.options.heartbeatMs);
    this.heartbeat.unref();
    this.loop = this.follow();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.positioned, new Promise((resolve) => (timer = setTimeout(resolve, START_WAIT_MS)))]);
    clearTimeout(timer);
  }

  /**
   * Ends every stream (so the HTTP server can close) and stops following the log, without
   * waiting for a read or a wait for the read tables that is under way: that is abandoned.
   */
  async stop(): Promise<void> {
    this.running = false;
    this.markStopped();
    this.stopListening?.();
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.signal();
    for (const connection of [...this.connections]) connection.close();
    await this.loop;
  }

  /**
   * Throws the 503 a new stream gets while the feed is not following yet or is full, or the 429
   * of an address that holds its share of streams already (a browser with many tabs open).
   */
  admit(address: string): void {
    if (!this.running || this.position === null) throw new ServiceUnavailableError('Live updates are starting. Please try again.', 2);
    if (this.connections.size >= this.options.maxConnections) {
      throw new ServiceUnavailableError('Too many live connections on this server right now. Please try again.', 5);
    }
    if ((this.perAddress.get(address) ?? 0) >= this.options.maxConnectionsPerAddress) {
      throw new TooManyRequestsError('Too many live streams from your address. Close some tabs of this site, or try again later.', PER_ADDRESS_RETRY_AFTER_S);
    }
  }

  /**
   * Opens a stream on `socket` (its headers already sent). With `lastEventId`, the changes
   * after it are replayed from the log first, or `reload` is sent when that is too far back.
   */
  async open(socket: LiveSocket, lastEventId: number | null, address: string): Promise<LiveConnection> {
    this.admit(address);
    let expiry: NodeJS.Timeout | undefined;
    const connection = new LiveConnection(socket, this.options.slowClient, this.now, (closed) => {
      clearTimeout(expiry);
      this.connections.delete(closed);
      const left = (this.perAddress.get(address) ?? 1) - 1;
      if (left > 0) this.perAddress.set(address, left);
      else this.perAddress.delete(address);
    });
    // Joined before the replay reads the log: what is published meanwhile queues on the connection.
    this.connections.add(connection);
    // The follower does not read the log while nobody is connected: this stream wakes it.
    if (this.connections.size === 1) this.signal();
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    const through = this.position!;
    connection.write(`retry: ${RECONNECT_HINT_MS}\n\n`);
    const lifetime = this.options.maxLifetimeMs;
    if (lifetime !== undefined) {
      // Jittered, so streams opened together (after a deploy) do not all come back at once.
      expiry = setTimeout(() => connection.expire(EXPIRED_RETRY_MS), lifetime - Math.random() * (lifetime / 10));
      expiry.unref();
    }
    if (lastEventId === null) {
      connection.finishReplay(LIVE_READY_EVENT, through);
    } else {
      try {
        await this.catchUp(connection, lastEventId, through);
      } catch (error) {
        this.options.onError?.(error, 'live replay failed');
        connection.finishReplay(LIVE_RELOAD_EVENT, through);
      }
    }
    return connection;
  }

  /**
   * Awaited before a stream is admitted and its headers written (the controller): with nobody
   * connected, the follower has not read the log, so the first stream after such a time waits
   * (a little) for it to catch up to the head; its replay and `ready` then cover what was
   * appended while nobody watched. Streams opening together wait for the same read. Past
   * CATCH_UP_WAIT_MS (the database slow or away), or opened without this wait, a stream starts
   * where the feed stands and gets the rest as live messages once the follower reads them:
   * each change still once.
   */
  async catchUpForOpen(): Promise<void> {
    if (this.connections.size > 0 || !this.running) return;
    let timer: NodeJS.Timeout | undefined;
    const caughtUp = new Promise<void>((resolve) => this.opening.push(resolve));
    this.signal();
    await Promise.race([caughtUp, this.stopped, new Promise((resolve) => (timer = setTimeout(resolve, CATCH_UP_WAIT_MS)))]);
    clearTimeout(timer);
  }

  /** Replays the ladder changes after `lastEventId` up to `through` from the ring, or sends `reload`. */
  private async catchUp(connection: LiveConnection, lastEventId: number, through: number): Promise<void> {
    if (lastEventId >= through) {
      // Ahead of this process (another process published it first) or from another log.
      const head = await this.options.store.headPosition();
      connection.finishReplay(lastEventId > head ? LIVE_RELOAD_EVENT : LIVE_READY_EVENT, lastEventId > head ? through : lastEventId);
      return;
    }
    if (lastEventId < this.recentFrom) {
      connection.finishReplay(LIVE_RELOAD_EVENT, through);
      return;
    }
    // Run with no await since `through` was read: the ring ends at it, and what comes later queues on the connection.
    for (const message of this.recent) if (message.position > lastEventId) connection.replay(message);
    connection.finishReplay(LIVE_READY_EVENT, through);
  }

  /** Keeps `message` in the ring, forgetting the oldest beyond the limit. */
  private remember(message: LiveMessage): void {
    this.recent.push(message);
    while (this.recent.length > this.options.replayLimit) this.recentFrom = this.recent.shift()!.position;
  }

  private async follow(): Promise<void> {
    while (this.running) {
      try {
        if (this.position === null) {
          if (!(await this.findStart())) return;
          continue;
        }
        // Nobody to tell: the log is not read (each read parses the events' JSON again) until a
        // stream opens, which wakes the follower and waits for it to catch up (catchUpForOpen).
        if (this.connections.size === 0 && this.opening.length === 0) {
          await this.sleep(FOLLOW_POLL_MS);
          continue;
        }
        const events = await this.untilStopped(this.options.store.readAll(this.position, FOLLOW_BATCH));
        if (events === STOPPED) return;
        if (events.length === 0) {
          for (const caughtUp of this.opening.splice(0)) caughtUp();
          await this.sleep(FOLLOW_POLL_MS);
          continue;
        }
        const messages = events.map(liveMessageOf).filter((message): message is LiveMessage => message !== null);
        if (messages.length > 0 && !(await this.readTablesReach(messages.at(-1)!.position))) return;
        this.position = events.at(-1)!.position;
        for (const message of messages) {
          this.remember(message);
          for (const connection of [...this.connections]) connection.publish(message);
        }
      } catch (error) {
        this.options.onError?.(error, 'live feed could not read the log');
        await this.sleep(RETRY_MS);
      }
    }
  }

  /** The head the read tables have reached: where the feed starts. False once stopped. */
  private async findStart(): Promise<boolean> {
    const head = await this.untilStopped(this.options.store.headPosition());
    if (head === STOPPED || !(await this.readTablesReach(head))) return false;
    // The ring starts with the changes just before the head (one read per start), so clients
    // that reconnect after a restart or deploy get a replay rather than a reload.
    this.recent.length = 0;
    this.recentFrom = Math.max(0, head - this.options.replayLimit);
    if (head > 0 && this.options.replayLimit > 0) {
      const before = await this.untilStopped(this.options.store.readAll(this.recentFrom, this.options.replayLimit));
      if (before === STOPPED) return false;
      for (const event of before) {
        const message = event.position <= head ? liveMessageOf(event) : null;
        if (message) this.remember(message);
      }
    }
    this.position = head;
    this.markPositioned();
    return true;
  }

  /** Waits (in slices, while running) until the read tables have applied `position`; false once stopped. */
  private async readTablesReach(position: number): Promise<boolean> {
    while (this.running) {
      const reached = await this.untilStopped(this.options.waitForReadTables(position, READ_TABLES_WAIT_MS));
      if (reached === STOPPED) return false;
      if (reached) return true;
    }
    return false;
  }

  /** `work`, or STOPPED as soon as the feed stops; what `work` does later (a late error too) is ignored. */
  private untilStopped<T>(work: Promise<T>): Promise<T | typeof STOPPED> {
    work.catch(() => {});
    return Promise.race([work, this.stopped]);
  }

  private signal(): void {
    this.wakeup.signal();
  }

  private sleep(ms: number): Promise<void> {
    return this.wakeup.sleep(ms, !this.running);
  }
}

/** The `retry:` hint: how long a browser waits before it reconnects a dropped stream. */
export const RECONNECT_HINT_MS = 2000;
