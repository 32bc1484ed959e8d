import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { sendError } from './api-exception.filter.js';

describe('sendError', () => {
  it('destroys a response whose headers were sent, so the client sees a broken transfer, and logs it', () => {
    const destroyed: unknown[] = [];
    const logged: unknown[][] = [];
    const response = { headersSent: true, destroyed: false, destroy: (error?: unknown) => destroyed.push(error ?? 'destroyed'), status: () => response, json: () => response };
    const logger = { error: (...args: unknown[]) => logged.push(args), warn: (...args: unknown[]) => logged.push(args) } as unknown as Logger;
    sendError(new Error('the log went away'), { path: '/api/export/matches.csv' } as Request, response as unknown as Response, logger);
    expect(destroyed).toHaveLength(1);
    expect(logged).toEqual([[expect.objectContaining({ path: '/api/export/matches.csv' }), expect.stringContaining('after the headers')]]);
  });

  it('answers the JSON error when nothing was sent yet', () => {
    let status = 0;
    let body: unknown;
    const response = {
      headersSent: false,
      setHeader: () => undefined,
      status: (s: number) => ((status = s), response),
      json: (b: unknown) => ((body = b), response),
    };
    const logger = { error: () => undefined, warn: () => undefined } as unknown as Logger;
    sendError(new Error('boom'), { path: '/api/x' } as Request, response as unknown as Response, logger);
    expect(status).toBe(500);
    expect(body).toEqual({ error: 'Something went wrong on our side. Please try again.' });
  });
});
