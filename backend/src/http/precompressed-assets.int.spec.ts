import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';
import { acceptedEncodings } from './precompressed-assets.js';

/** A GET with the given Accept-Encoding; the body as the bytes sent (fetch would decode it). */
function get(baseUrl: string, pathname: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(baseUrl + pathname, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('precompressed front-end assets', () => {
  const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
  let staticDir: string;
  let app: TestApp;

  beforeAll(async () => {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-'));
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>shell</title>');
    const file = path.join(staticDir, 'assets', 'app-1a2b3c.js');
    fs.writeFileSync(file, script);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
    app = await startTestApp({ STATIC_DIR: staticDir });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  test('sends the Brotli twin to a browser that accepts it, as JavaScript, cached for good', async () => {
    const response = await get(app.baseUrl, '/assets/app-1a2b3c.js', 'gzip, deflate, br, zstd');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(response.body).toString()).toBe(script);
  });

  test('sends the gzip twin when Brotli is not accepted, and the plain file when neither is', async () => {
    const gzip = await get(app.baseUrl, '/assets/app-1a2b3c.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(script);

    const refused = await get(app.baseUrl, '/assets/app-1a2b3c.js', 'br;q=0, identity');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.toString()).toBe(script);
  });

  test('serves nothing outside the assets folder and answers 404 for a missing asset', async () => {
    const escape = await get(app.baseUrl, '/assets/..%2findex.html', 'br');
    expect(escape.status).toBeGreaterThanOrEqual(400);
    expect(escape.body.toString()).not.toContain('<title>shell</title>');
    expect((await get(app.baseUrl, '/assets/missing-000000.js', 'br')).status).toBe(404);
  });

  test('reads Accept-Encoding with its q-values', () => {
    expect([...acceptedEncodings('gzip, br;q=0.5, zstd;q=0')]).toEqual(['gzip', 'br']);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
    expect([...acceptedEncodings(' BR ;q=1 ')]).toEqual(['br']);
  });
});
