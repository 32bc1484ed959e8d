import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { sendError } from './api-exception.filter.js';

const quietLogger = { error: () => undefined, warn: () => undefined } as unknown as Logger;

function request(url: string): FastifyRequest {
  return { url } as FastifyRequest;
}

describe('sendError', () => {
  it('destroys a response whose headers were sent, so the client sees a broken transfer, and logs it', () => {
    const destroyed: unknown[] = [];
    const logged: unknown[][] = [];
    const raw = { headersSent: true, destroy: (error?: unknown) => destroyed.push(error ?? 'destroyed') };
    const logger = { error: (...args: unknown[]) => logged.push(args), warn: (...args: unknown[]) => logged.push(args) } as unknown as Logger;
    sendError(new Error('the log went away'), request('/api/export/matches.csv?x=1'), { raw, sent: true } as unknown as FastifyReply, logger);
    expect(destroyed).toHaveLength(1);
    expect(logged).toEqual([[expect.objectContaining({ path: '/api/export/matches.csv' }), expect.stringContaining('after the headers')]]);
  });

  it('answers the JSON error when nothing was sent yet', () => {
    let status = 0;
    let body: unknown;
    const reply = {
      raw: { headersSent: false },
      sent: false,
      headers: () => reply,
      code: (s: number) => ((status = s), reply),
      send: (b: unknown) => ((body = b), reply),
    };
    sendError(new Error('boom'), request('/api/x'), reply as unknown as FastifyReply, quietLogger);
    expect(status).toBe(500);
    expect(body).toEqual({ error: 'Something went wrong on our side. Please try again.' });
  });

  it('writes the JSON error on the raw response of a route that took it for a stream but wrote nothing yet', () => {
    const written: { status?: number; headers?: Record<string, string>; body?: string } = {};
    const raw = {
      headersSent: false,
      writeHead: (status: number, headers: Record<string, string>) => Object.assign(written, { status, headers }),
      end: (body: string) => Object.assign(written, { body }),
    };
    sendError(new Error('boom'), request('/api/admin/import'), { raw, sent: true } as unknown as FastifyReply, quietLogger);
    expect(written.status).toBe(500);
    expect(written.headers?.['Content-Type']).toMatch(/^application\/json/);
    expect(JSON.parse(written.body!)).toEqual({ error: 'Something went wrong on our side. Please try again.' });
  });
});
