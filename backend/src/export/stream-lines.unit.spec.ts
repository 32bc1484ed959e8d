import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { streamChunks } from './stream-lines.js';

/** A response whose client has stopped reading: every write fills the buffer and 'drain' never comes. */
function stalledResponse() {
  const response = Object.assign(new EventEmitter(), {
    destroyed: false,
    written: [] as string[],
    ended: false,
    write(chunk: string) {
      response.written.push(chunk);
      return false;
    },
    end() {
      response.ended = true;
    },
    destroy() {
      response.destroyed = true;
      response.emit('close');
    },
  });
  return response;
}

describe('streamChunks', () => {
  it('gives up on a client that stops reading after the drain timeout: destroys the response and closes the source', async () => {
    const response = stalledResponse();
    let closed = false;
    async function* pages() {
      try {
        for (let i = 0; ; i++) yield `page ${i}\n`;
      } finally {
        // Where an export releases its transaction and connection.
        closed = true;
      }
    }
    // The client never drains: a stream that did not give up would wait forever. The bound
    // only turns that hang into a failure, with a busy machine's margin over the 50 ms.
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      streamChunks(response as unknown as ServerResponse, pages(), { drainTimeoutMs: 50 }).then(() => 'returned'),
      new Promise((resolve) => (timer = setTimeout(() => resolve('still waiting'), 10_000))),
    ]);
    clearTimeout(timer);
    expect(outcome).toBe('returned');
    expect(response.destroyed).toBe(true);
    expect(response.ended).toBe(false);
    expect(closed).toBe(true);
    expect(response.written).toEqual(['page 0\n']);
  });

  it('writes everything and ends when the client keeps reading', async () => {
    const response = stalledResponse();
    response.write = (chunk: string) => {
      response.written.push(chunk);
      setImmediate(() => response.emit('drain'));
      return false;
    };
    async function* pages() {
      yield 'a';
      yield 'b';
    }
    await streamChunks(response as unknown as ServerResponse, pages(), { drainTimeoutMs: 50 });
    expect(response.written).toEqual(['a', 'b']);
    expect(response.ended).toBe(true);
  });
});
