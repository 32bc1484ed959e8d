import pg from 'pg';

type Listener = (payload: string) => void;

/**
 * One dedicated connection that LISTENs on the channels the process cares about and fans
 * notifications out to in-process listeners. It reconnects after a lost connection, and
 * calls every listener once after reconnecting, because notifications sent while it was
 * away are lost and the listeners must re-read to catch up.
 */
export class PgNotifications {
  private client: pg.Client | null = null;
  private readonly listeners = new Map<string, Set<Listener>>();
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private connecting: Promise<void> | null = null;

  constructor(
    private readonly url: string,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  async listen(channel: string, listener: Listener): Promise<() => void> {
    let set = this.listeners.get(channel);
    const isNewChannel = !set;
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
    }
    set.add(listener);
    const unlisten = () => {
      set.delete(listener);
      // An empty channel stays LISTENed on the connection (harmless); only the map entry goes.
      if (set.size === 0 && this.listeners.get(channel) === set) this.listeners.delete(channel);
    };
    try {
      await this.ensureConnected();
      if (isNewChannel && this.client) await this.client.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (error) {
      // The caller gets no unlisten function, so a listener kept here would leak, one per
      // retried request, for as long as the database stays unreachable.
      unlisten();
      throw error;
    }
    return unlisten;
  }

  /** How many listeners are registered, over every channel (read-only, for tests and health). */
  get listenerCount(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private ensureConnected(): Promise<void> {
    if (this.client || this.closed) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, application_name: 'team-site-listener' });
    client.on('notification', (message) => {
      for (const listener of this.listeners.get(message.channel) ?? []) listener(message.payload ?? '');
    });
    client.on('error', (error) => {
      this.onError(error);
      this.dropAndReconnect(client);
    });
    client.on('end', () => this.dropAndReconnect(client));
    await client.connect();
    for (const channel of this.listeners.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`);
    this.client = client;
  }

  private dropAndReconnect(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    if (this.closed) return;
    this.reconnectTimer = setTimeout(() => {
      this.ensureConnected()
        .then(() => {
          for (const set of this.listeners.values()) for (const listener of set) listener('');
        })
        .catch((error) => {
          this.onError(error);
          if (!this.client && client) this.dropAndReconnect(client);
        });
    }, 1000);
    this.reconnectTimer.unref();
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
