import type { LiveMessage } from './live-change.js';

/** What a connection writes to: the HTTP response (a plain Writable in unit tests). */
export interface LiveSocket {
  write(chunk: string): boolean;
  readonly writableLength: number;
  once(event: 'drain' | 'close', listener: () => void): unknown;
  end(): unknown;
  destroy(): unknown;
}

export interface SlowClientLimits {
  /** A connection whose unsent bytes pass this is dropped at once. */
  maxBufferedBytes: number;
  /** A connection whose socket has not drained for this long is dropped. */
  maxBackedUpMs: number;
}

/** One `text/event-stream` message. `data` is one line of JSON, so it needs no splitting. */
export function sseMessage(id: number, event: string, data: unknown): string {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * One client's stream. Until its replay is done (`replaying`), live messages wait in a queue,
 * so none is lost or sent twice between the replay's last position and the live ones.
 *
 * A client that reads slower than changes come is dropped, never buffered without bound: once
 * the socket's unsent bytes pass a limit, or it has not drained for a while. Its EventSource
 * reconnects with its last id and catches up (or reloads).
 */
export class LiveConnection {
  /** The highest position this client has been sent (or told to resume from). */
  private sentThrough = 0;
  private queued: LiveMessage[] | null = [];
  private backedUpSince: number | null = null;
  private closed = false;

  constructor(
    private readonly socket: LiveSocket,
    private readonly limits: SlowClientLimits,
    private readonly now: () => number,
    private readonly onClose: (connection: LiveConnection) => void,
  ) {
    // The client went away (or the socket broke): forget it.
    socket.once('close', () => this.close());
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Sends a replayed message (before `finishReplay`). */
  replay(message: LiveMessage): void {
    this.send(message);
  }

  /** Tells the client where it stands (`ready` or `reload`), then sends what queued meanwhile. */
  finishReplay(event: string, position: number): void {
    this.sentThrough = Math.max(this.sentThrough, position);
    this.write(sseMessage(this.sentThrough, event, { position: this.sentThrough }));
    const queued = this.queued ?? [];
    this.queued = null;
    for (const message of queued) this.send(message);
  }

  /** A live change: queued while replaying, skipped when the client already has it. */
  publish(message: LiveMessage): void {
    if (this.queued) this.queued.push(message);
    else this.send(message);
  }

  /** A comment line keeps proxies from closing an idle stream; it also finds dead or stuck sockets. */
  heartbeat(): void {
    this.write(': hb\n\n');
  }

  write(chunk: string): void {
    if (this.closed) return;
    const flushed = this.socket.write(chunk);
    if (this.isTooSlow(flushed)) return this.close(true);
  }

  /** Ends a stream at its lifetime: the `retry:` hint brings the browser back soon, resuming by its Last-Event-ID. */
  expire(retryMs: number): void {
    this.write(`retry: ${retryMs}\n\n`);
    this.close();
  }

  /**
   * Ends the stream (on shutdown), or drops a stuck one without waiting for its buffer. A
   * stream with bytes still unsent is destroyed too: ending it would wait for a client that
   * is not reading, and hold the HTTP server's close with it.
   */
  close(drop = false): void {
    if (this.closed) return;
    this.closed = true;
    if (drop || this.socket.writableLength > 0) this.socket.destroy();
    else this.socket.end();
    this.onClose(this);
  }

  private send(message: LiveMessage): void {
    if (message.position <= this.sentThrough) return;
    this.sentThrough = message.position;
    this.write(sseMessage(message.position, message.name, message.change));
  }

  private isTooSlow(flushed: boolean): boolean {
    if (this.socket.writableLength > this.limits.maxBufferedBytes) return true;
    if (flushed || this.socket.writableLength === 0) {
      this.backedUpSince = null;
      return false;
    }
    if (this.backedUpSince === null) {
      this.backedUpSince = this.now();
      this.socket.once('drain', () => {
        this.backedUpSince = null;
      });
      return false;
    }
    return this.now() - this.backedUpSince > this.limits.maxBackedUpMs;
  }
}
