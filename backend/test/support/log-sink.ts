import { Writable } from 'node:stream';

/** A pino destination that parses each JSON line the app logs into `lines`, for a test to read. */
export function logSink(lines: Record<string, any>[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(text));
      done();
    },
  });
}
