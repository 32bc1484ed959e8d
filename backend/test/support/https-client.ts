import type { IncomingHttpHeaders } from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import type { SseMessage } from './sse-client.js';

// Requests over TLS that trust one given root (a proxy's local CA), which fetch cannot be told.
// Every request has its own connection (no agent), so `localAddress` picks the address the
// server sees: any 127.x.y.z reaches a server listening on the loopback.

export interface HttpsAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface HttpsRequestOptions {
  /** The root certificate the server's chain must lead to (without it: the system's roots). */
  ca?: Buffer;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The client's source address. */
  localAddress?: string;
  /** Only a hang goes past it. */
  timeoutMs?: number;
}

export function httpsRequest(url: string, options: HttpsRequestOptions): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: { ...(options.body !== undefined ? { 'content-length': String(Buffer.byteLength(options.body)) } : {}), ...options.headers },
        ca: options.ca,
        localAddress: options.localAddress,
        agent: false,
        timeout: options.timeoutMs ?? 30_000,
      },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    let answered = false;
    request.on('timeout', () => request.destroy(new Error(`no answer from ${url} within ${options.timeoutMs ?? 30_000} ms`)));
    // A server that answers before reading the whole body (a 413) may close while it is still being
    // sent: once the answer has come, that write error is expected, and the answer counts.
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    request.end(options.body);
  });
}

/**
 * One request over HTTP/2, as a browser sends it to a TLS proxy. An answer that comes before the
 * body is all sent (a 413) ends only the stream; over HTTP/1.1, Node's client may instead see
 * the connection reset while it is still writing, and lose the answer.
 */
export function http2Request(url: string, options: Omit<HttpsRequestOptions, 'localAddress'>): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    // Node refuses a stream (ENHANCE_YOUR_CALM) once a session holds more than maxSessionMemory
    // (10 MB by default) unsent: room for a body above the import's 32 MiB.
    const session = http2.connect(target.origin, { ca: options.ca, maxSessionMemory: 100 });
    session.on('error', reject);
    const stream = session.request({
      ':method': options.method ?? 'GET',
      ':path': `${target.pathname}${target.search}`,
      ...(options.body !== undefined ? { 'content-length': String(Buffer.byteLength(options.body)) } : {}),
      ...options.headers,
    });
    stream.setTimeout(options.timeoutMs ?? 30_000, () => stream.close(http2.constants.NGHTTP2_CANCEL));
    let status = 0;
    let headers: IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    stream.on('response', (received) => {
      status = Number(received[':status']);
      headers = received;
    });
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      session.close();
      resolve({ status, headers, body: Buffer.concat(chunks).toString('utf8') });
    });
    stream.on('error', (error) => {
      session.close();
      reject(error);
    });
    stream.end(options.body);
  });
}

export interface HttpsSse {
  status: number;
  messages: SseMessage[];
  /** Waits until `count` messages of `event` have arrived; throws after `withinMs`, a bound for a busy machine. */
  waitFor(count: number, event: string, withinMs?: number): Promise<SseMessage[]>;
  close(): void;
}

/** Opens `url` as an event stream over TLS; a non-200 answer resolves with its status and no messages. */
export function openHttpsSse(url: string, ca: Buffer): Promise<HttpsSse> {
  return new Promise((resolve, reject) => {
    const request = https.get(url, { ca, agent: false, headers: { accept: 'text/event-stream' } }, (response) => {
      const messages: SseMessage[] = [];
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const message: SseMessage = { id: null, event: 'message', data: null };
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) message.id = line.slice(4);
            else if (line.startsWith('event: ')) message.event = line.slice(7);
            else if (line.startsWith('data: ')) message.data = JSON.parse(line.slice(6));
          }
          if (message.data !== null) messages.push(message);
        }
      });
      response.on('error', () => {
        /* ended by close() */
      });
      resolve({
        status: response.statusCode!,
        messages,
        async waitFor(count, event, withinMs = 15_000) {
          const deadline = Date.now() + withinMs;
          for (;;) {
            const found = messages.filter((message) => message.event === event);
            if (found.length >= count) return found;
            if (Date.now() > deadline) throw new Error(`expected ${count} ${event} message(s) within ${withinMs} ms, got ${JSON.stringify(messages)}`);
            await new Promise((wait) => setTimeout(wait, 10));
          }
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}
