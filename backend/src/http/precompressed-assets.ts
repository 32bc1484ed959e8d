import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

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
 * Serves the build's hashed assets under /assets, cached for good, with the `.br` or `.gz` twin
 * the build wrote beside each when the browser accepts it: compressed once at build time at the
 * highest settings, rather than on every response at a fast one. The Content-Type is the
 * original file's; the compression step leaves a response that already has a Content-Encoding
 * alone. Nothing outside the folder is served, and a missing asset is a 404.
 */
export async function serveAssets(instance: FastifyInstance, assetsDir: string): Promise<void> {
  await instance.register(fastifyStatic, {
    root: path.resolve(assetsDir),
    prefix: '/assets/',
    preCompressed: true,
    immutable: true,
    maxAge: '365d',
    index: false,
  });
}
