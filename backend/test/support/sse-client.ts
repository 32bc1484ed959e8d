// A small server-sent-events reader for the live stream's tests: it keeps every message and
// comment, and lets a test wait for the one it expects.

export interface SseMessage {
  id: string | null;
  event: string;
  data: unknown;
}

export interface SseStream {
  status: number;
  headers: Headers;
  messages: SseMessage[];
  /** Comment lines (`: hb`), without the colon. */
  comments: string[];
  retry: number | null;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /**
   * Waits until `count` messages (of `event`, when given) have arrived; throws after `withinMs`,
   * a bound for a busy machine (how fast messages come is measured by `npm run bench`).
   */
  waitFor(count: number, event?: string, withinMs?: number): Promise<SseMessage[]>;
  close(): void;
}

/** Opens `url` as an event stream; a non-200 answer resolves with its status and no messages. */
export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  const stream: SseStream = {
    status: response.status,
    headers: response.headers,
    messages,
    comments,
    retry: null,
    ended: Promise.resolve(),
    async waitFor(count, event, withinMs = 15_000) {
      const deadline = Date.now() + withinMs;
      for (;;) {
        const found = messages.filter((message) => !event || message.event === event);
        if (found.length >= count) return found;
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} ${event ?? ''} message(s) within ${withinMs} ms, got ${JSON.stringify(messages)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: () => abort.abort(),
  };
  if (response.status !== 200 || !response.body) return stream;
  stream.ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const message: SseMessage = { id: null, event: 'message', data: null };
          let isMessage = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('retry: ')) stream.retry = Number(line.slice(7));
            else if (line.startsWith('id: ')) message.id = line.slice(4);
            else if (line.startsWith('event: ')) message.event = line.slice(7);
            else if (line.startsWith('data: ')) {
              message.data = JSON.parse(line.slice(6));
              isMessage = true;
            }
          }
          if (isMessage) messages.push(message);
        }
      }
    } catch {
      /* aborted by close() */
    }
  })();
  return stream;
}
