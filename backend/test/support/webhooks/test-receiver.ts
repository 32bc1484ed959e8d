import http, { type IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';

/** One request the receiver got. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** performance.now() when its body had arrived. */
  at: number;
}

/** How the receiver answers its n-th request (0-based): an answer, or `hang` (never answer), or `cut` (close mid-answer). */
export type Answer = { status: number; headers?: Record<string, string>; body?: string } | 'hang' | 'cut';

export interface TestReceiver {
  /** http://127.0.0.1:{port}{path} */
  url: (path?: string) => string;
  received: Received[];
  /** Requests being held unanswered right now (`hang`). */
  hanging(): number;
  answerWith(answer: (request: Received, n: number) => Answer): void;
  /** Resolves once `count` requests have come (fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** A real HTTP receiver on 127.0.0.1 for the webhook tests (answers 200 `ok` unless told otherwise). */
export async function startReceiver(): Promise<TestReceiver> {
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  let held = 0;
  let answer: (request: Received, n: number) => Answer = () => ({ status: 200, body: 'ok' });
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry: Received = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: performance.now() };
      received.push(entry);
      const what = answer(entry, received.length - 1);
      if (what === 'hang') {
        held++;
        response.on('close', () => held--);
        return;
      }
      if (what === 'cut') {
        response.writeHead(200, { 'content-length': '1000' });
        response.write('partial');
        setTimeout(() => response.destroy(), 20);
        return;
      }
      response.writeHead(what.status, what.headers ?? {});
      response.end(what.body ?? '');
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    hanging: () => held,
    answerWith(next) {
      answer = next;
    },
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`The receiver got ${received.length} requests within ${timeoutMs} ms, not ${count}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return received.slice(0, count);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
