import type { Request, Response } from 'express';

/** A JSON answer serialised once and named by an ETag (see the ladder's RankingCache). */
export interface CachedView {
  json: string;
  etag: string;
}

/** Sends a cached JSON view, or 304 when the client already has it. */
export function sendView(request: Request, response: Response, view: CachedView): void {
  response.setHeader('ETag', view.etag);
  response.setHeader('Cache-Control', 'no-cache');
  const presented = request.header('if-none-match');
  if (presented && presented.split(',').some((tag) => tag.trim().replace(/^W\//, '') === view.etag)) {
    response.status(304).end();
    return;
  }
  response.status(200).type('application/json').send(view.json);
}
