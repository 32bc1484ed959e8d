import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { sendError } from './api-exception.filter.js';

const quietLogger = { error: () => undefined, warn: () => undefined } as unknown as Logger;

function request(url: string): IncomingMessage {
  return { url, method: 'GET' } as IncomingMessage;
}

describe('sendError', () => {
  it('destroys a response whose headers were sent, so the client sees a broken transfer, and logs it', () => {
    const destroyed: unknown[] = [];
    const logged: unknown[][] = [];
    const response = { headersSent: true, destroy: (error?: unknown) => destroyed.push(error ?? 'destroyed') };
    const logger = { error: (...args: unknown[]) => logged.push(args), warn: (...args: unknown[]) => logged.push(args) } as unknown as Logger;
    sendError(new Error('the log went away'), request('/api/export/matches.csv?x=1'), response as unknown as ServerResponse, logger);
    expect(destroyed).toHaveLength(1);
    expect(logged).toEqual([[expect.objectContaining({ path: '/api/export/matches.csv' }), expect.stringContaining('after the headers')]]);
  });

  it('answers the JSON error, without a stack, when nothing was sent yet, replacing what the route had set', () => {
    const headers = new Map<string, unknown>([['content-disposition', 'attachment; filename="x.csv"'], ['content-type', 'text/csv']]);
    const written: { status?: number; body?: Buffer } = {};
    const response = {
      headersSent: false,
      set statusCode(status: number) {
        written.status = status;
      },
      setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), value),
      removeHeader: (name: string) => headers.delete(name.toLowerCase()),
      end: (body: Buffer) => Object.assign(written, { body }),
    };
    sendError(new Error('boom'), request('/api/x'), response as unknown as ServerResponse, quietLogger);
    expect(written.status).toBe(500);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(headers.has('content-disposition')).toBe(false);
    expect(JSON.parse(written.body!.toString('utf8'))).toEqual({ error: 'Something went wrong on our side. Please try again.' });
  });

  it('writes nothing and logs no error for a client that went away mid-file (the request log has its warn line for an API request)', () => {
    const logged: unknown[][] = [];
    const written: unknown[] = [];
    const response = {
      headersSent: false,
      destroy: () => written.push('destroyed'),
      setHeader: () => written.push('header'),
      end: () => written.push('end'),
    };
    const logger = { error: (...args: unknown[]) => logged.push(args), warn: (...args: unknown[]) => logged.push(args) } as unknown as Logger;
    // What Express's sendFile passes on when the browser cancels an asset (a page left mid-load).
    const aborted = Object.assign(new Error('Request aborted'), { code: 'ECONNABORTED' });
    sendError(aborted, request('/assets/app-CXG0BzjE.js'), response as unknown as ServerResponse, logger);
    expect(logged).toEqual([]);
    expect(written).toEqual(['destroyed']);
  });
});
