import { LIVE_EVENT_NAMES, LIVE_READY_EVENT, LIVE_RELOAD_EVENT, type LiveChange } from '@team/contracts';
import type { ReceivedChange } from './live-tags';

/** `live`: the stream is open; `connecting`: first attempt; `reconnecting`: it dropped and is being retried. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

export interface LiveClientOptions {
  url: string;
  /** Changes received close together arrive as one batch (one refetch per view). */
  onChanges(changes: ReceivedChange[]): void;
  /** The server could not replay what was missed: refresh everything. */
  onReload(): void;
  /**
   * Where the last stream stood, kept by the caller beyond this client's life: a client made
   * later resumes from it (and gets the replay) instead of starting blind at the head.
   */
  resume?: { lastEventId: string };
  batchMs?: number;
  /** The least time between two batches, however fast changes come. */
  minIntervalMs?: number;
  /** How long a hidden tab keeps its stream before giving the connection back. */
  hiddenGraceMs?: number;
}

/** The browser retries a dropped stream by itself; after this many errors without a `ready`, we back off instead. */
const ERRORS_BEFORE_BACKOFF = 3;
const FIRST_BACKOFF_MS = 1000;
const LONGEST_BACKOFF_MS = 30_000;
/**
 * Browsers allow 6 HTTP/1.1 connections per host, and every tab's stream holds one: a tab
 * hidden this long closes its stream, so a seventh tab's requests are not queued behind them.
 */
const HIDDEN_GRACE_MS = 30_000;
/** With the 100 ms batch and a refetch, a change is on screen within about a second even mid-import. */
const MIN_BATCH_INTERVAL_MS = 750;

/**
 * The app's one connection to GET /api/live. The browser's EventSource reconnects by itself
 * with `Last-Event-ID`; when the server refuses (503: too many streams, or a 4xx) the
 * EventSource gives up, and when the stream keeps failing, this client closes it and opens a
 * new one after a growing, jittered pause, resuming from the last id by `?lastEventId=`.
 * A tab hidden for a while closes its stream and reopens it, from the last id, once shown.
 */
export class LiveClient {
  private source: EventSource | null = null;
  private status: LiveStatus = 'connecting';
  private readonly listeners = new Set<() => void>();
  private readonly resume: { lastEventId: string };
  private errors = 0;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private batch: ReceivedChange[] = [];
  private batchTimer: ReturnType<typeof setTimeout> | undefined;
  /** When the last batch was passed on (epoch ms). */
  private lastBatchAt = 0;
  private hiddenTimer: ReturnType<typeof setTimeout> | undefined;
  /** Closed because the tab was hidden: reopened when it is shown. */
  private paused = false;
  private watchingVisibility = false;

  constructor(private readonly options: LiveClientOptions) {
    this.resume = options.resume ?? { lastEventId: '' };
  }

  getStatus = (): LiveStatus => this.status;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  start(): void {
    // Without EventSource (a test's DOM, an old browser) the pages simply do not move on their own.
    if (typeof EventSource === 'undefined') return;
    if (!this.watchingVisibility && typeof document !== 'undefined') {
      document.addEventListener('visibilitychange', this.onVisibilityChange);
      this.watchingVisibility = true;
      this.onVisibilityChange();
    }
    if (!this.source && this.retryTimer === undefined && !this.paused) this.connect();
  }

  stop(): void {
    clearTimeout(this.retryTimer);
    clearTimeout(this.batchTimer);
    clearTimeout(this.hiddenTimer);
    this.retryTimer = undefined;
    this.hiddenTimer = undefined;
    this.paused = false;
    if (this.watchingVisibility) document.removeEventListener('visibilitychange', this.onVisibilityChange);
    this.watchingVisibility = false;
    this.source?.close();
    this.source = null;
  }

  private readonly onVisibilityChange = (): void => {
    if (document.visibilityState === 'hidden') {
      if (this.hiddenTimer === undefined && !this.paused) {
        this.hiddenTimer = setTimeout(() => this.pause(), this.options.hiddenGraceMs ?? HIDDEN_GRACE_MS);
      }
      return;
    }
    clearTimeout(this.hiddenTimer);
    this.hiddenTimer = undefined;
    if (!this.paused) return;
    this.paused = false;
    // Resumes from the last id: the server replays what came meanwhile, or says reload.
    this.connect();
  };

  /** Gives the connection back while the tab stays hidden (a pending back-off retry too). */
  private pause(): void {
    this.hiddenTimer = undefined;
    this.paused = true;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.source?.close();
    this.source = null;
    this.errors = 0;
    this.setStatus('reconnecting');
  }

  private connect(): void {
    this.retryTimer = undefined;
    const { lastEventId } = this.resume;
    const url = lastEventId ? `${this.options.url}?lastEventId=${encodeURIComponent(lastEventId)}` : this.options.url;
    const source = new EventSource(url);
    this.source = source;
    const remember = (event: MessageEvent) => {
      if (event.lastEventId) this.resume.lastEventId = event.lastEventId;
    };
    // `ready` and `reload` both say the stream is open and caught up; `reload` adds that what
    // was missed could not be replayed, so every view is refetched.
    const caughtUp = () => {
      this.errors = 0;
      this.attempt = 0;
      this.setStatus('live');
    };
    source.addEventListener(LIVE_READY_EVENT, (event) => {
      remember(event);
      caughtUp();
    });
    source.addEventListener(LIVE_RELOAD_EVENT, (event) => {
      remember(event);
      caughtUp();
      this.options.onReload();
    });
    for (const name of Object.values(LIVE_EVENT_NAMES)) {
      source.addEventListener(name, (event) => {
        remember(event);
        this.queue({ name, change: JSON.parse(event.data) as LiveChange });
      });
    }
    source.onerror = () => {
      if (this.status === 'live') this.setStatus('reconnecting');
      this.errors += 1;
      if (source.readyState === EventSource.CLOSED || this.errors >= ERRORS_BEFORE_BACKOFF) this.backOff(source);
    };
  }

  private backOff(source: EventSource): void {
    source.close();
    this.source = null;
    this.errors = 0;
    this.setStatus('reconnecting');
    const pause = Math.min(LONGEST_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** this.attempt);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => this.connect(), pause / 2 + Math.random() * (pause / 2));
  }

  /**
   * Passes changes on in batches: a lone change after `batchMs`, and a stream of them (an import
   * records thousands of matches a second) at most once per `minIntervalMs`, since each batch
   * makes every open view refetch, in every fan's browser at once.
   */
  private queue(change: ReceivedChange): void {
    this.batch.push(change);
    if (this.batchTimer !== undefined) return;
    const sinceLast = Date.now() - this.lastBatchAt;
    const wait = Math.max(this.options.batchMs ?? 100, (this.options.minIntervalMs ?? MIN_BATCH_INTERVAL_MS) - sinceLast);
    this.batchTimer = setTimeout(() => {
      const changes = this.batch;
      this.batch = [];
      this.batchTimer = undefined;
      this.lastBatchAt = Date.now();
      this.options.onChanges(changes);
    }, wait);
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.status) return;
    this.status = status;
    this.listeners.forEach((listener) => listener());
  }
}
