import fs from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';

/** Encodings the front-end build writes beside each asset, best first. */
const ENCODINGS = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;

/** The encodings an Accept-Encoding header allows (q > 0). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [rawName, ...params] = part.toLowerCase().split(';');
    const name = rawName?.trim();
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name);
  }
  return accepted;
}

/**
 * Serves the build's `.br` or `.gz` twin of a hashed asset when the browser accepts it:
 * compressed once at build time at the highest settings, rather than on every response at
 * a fast one. The twins are listed once, when the app starts (hashed assets do not change
 * under a running server), so a request costs a set lookup, not a disk check; and only a
 * listed name is ever served. The Content-Type is the original file's; the compression
 * middleware leaves a response that already has a Content-Encoding alone. Anything else
 * falls through to the plain file.
 */
export function precompressedAssets(assetsDir: string) {
  const root = path.resolve(assetsDir);
  const files = new Set(fs.existsSync(root) ? fs.readdirSync(root) : []);
  return (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    const name = request.path.slice(1);
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    const encoding = ENCODINGS.find((candidate) => accepted.has(candidate.name) && files.has(name + candidate.extension));
    if (!encoding) return next();
    response.setHeader('Content-Encoding', encoding.name);
    response.setHeader('Vary', 'Accept-Encoding');
    response.type(path.extname(name));
    response.sendFile(path.join(root, name + encoding.extension), { immutable: true, maxAge: '365d' }, (error) => {
      if (error && !response.headersSent) next(error);
    });
  };
}
