/** The part of a client subscription the wake-up uses (a stub in unit tests). */
export interface WakeSubscription {
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  unsubscribe(): Promise<void>;
}

export interface KurrentWakeupOptions {
  /** How often listeners are woken when nothing arrives (a fallback, as on PostgreSQL). */
  pollIntervalMs?: number;
  /** First pause before resubscribing after a drop; doubled per failed attempt up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

/**
 * Wakes the store's listeners (the projector, waiters) when events may be readable: one
 * catch-up subscription to $all from its end, shared by every listener, started with the first
 * and ended with the last. Each event (and each filter checkpoint) wakes them; a dropped
 * subscription is opened again after a growing pause, and its confirmation wakes them too,
 * since events may have been appended while it was down. The listeners only read to find out.
 */
export class KurrentWakeup {
  private readonly listeners = new Set<() => void>();
  private subscription: WakeSubscription | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private closed = false;
  private readonly pollIntervalMs: number;
  private readonly retryMs: number;
  private readonly maxRetryMs: number;

  constructor(
    /** Opens the subscription; `wake` is for the filter's checkpoints. */
    private readonly subscribe: (wake: () => void) => WakeSubscription,
    options: KurrentWakeupOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.retryMs = options.retryMs ?? 100;
    this.maxRetryMs = options.maxRetryMs ?? 5000;
  }

  add(listener: () => void): () => void {
    if (this.closed) return () => {};
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.start();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  close(): void {
    this.closed = true;
    this.listeners.clear();
    this.stop();
  }

  private readonly wake = () => {
    for (const listener of [...this.listeners]) listener();
  };

  private start(): void {
    this.pollTimer = setInterval(this.wake, this.pollIntervalMs);
    this.pollTimer.unref();
    this.open();
  }

  private stop(): void {
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.pollTimer = this.retryTimer = null;
    const subscription = this.subscription;
    this.subscription = null;
    subscription?.unsubscribe().catch(() => {});
  }

  private open(): void {
    this.retryTimer = null;
    if (this.closed || this.listeners.size === 0) return;
    let subscription: WakeSubscription;
    try {
      subscription = this.subscribe(this.wake);
    } catch {
      this.retry();
      return;
    }
    this.subscription = subscription;
    const alive = () => {
      this.failures = 0;
      this.wake();
    };
    subscription.on('data', alive);
    subscription.on('confirmation', alive);
    const dropped = () => {
      if (this.subscription !== subscription) return; // stopped on purpose, or already replaced
      this.subscription = null;
      subscription.unsubscribe().catch(() => {});
      this.retry();
    };
    subscription.on('error', dropped);
    subscription.on('end', dropped);
    subscription.on('close', dropped);
  }

  private retry(): void {
    if (this.closed || this.listeners.size === 0 || this.retryTimer) return;
    const pause = Math.min(this.maxRetryMs, this.retryMs * 2 ** this.failures++);
    this.retryTimer = setTimeout(() => this.open(), pause);
    this.retryTimer.unref();
  }
}
