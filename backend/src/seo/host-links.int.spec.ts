import fs from 'node:fs';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';
import { rawGet, writeShellFolder, type RawResponse } from '../../test/support/seo/seo-fixtures.js';

// Host header poisoning (issue 37, item 9): without PUBLIC_URL the absolute links of robots.txt,
// the sitemap and each page's head come from the request's Host, so a shared cache must neither
// keep such an answer for everyone nor hand one Host's answer to another: `Vary: Host` and no
// `public`. With PUBLIC_URL they name it whatever the Host says, and stay shared-cacheable.

const SITE = 'https://team.example';
const EVIL = 'evil.example';
const PAGES = ['/robots.txt', '/sitemap.xml', '/sitemap-1.xml', '/', '/about', '/tracker/leaderboard'];

const varies = (answer: RawResponse) =>
  String(answer.headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());

describe('links from the Host header and caching', () => {
  let shellFolder: string;
  let withoutUrl: TestApp;
  let withUrl: TestApp;

  beforeAll(async () => {
    shellFolder = writeShellFolder();
    withoutUrl = await startTestApp({ STATIC_DIR: shellFolder });
    withUrl = await startTestApp({ STATIC_DIR: shellFolder, PUBLIC_URL: SITE });
  });
  afterAll(async () => {
    await withoutUrl?.close();
    await withUrl?.close();
    fs.rmSync(shellFolder, { recursive: true, force: true });
  });

  test.each(PAGES)('without PUBLIC_URL, %s names the Host it was asked under, with Vary: Host and no shared caching (its 304 too)', async (path) => {
    const answer = await rawGet(withoutUrl.baseUrl + path, { host: EVIL });
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toContain(`http://${EVIL}/`);
    expect(varies(answer)).toContain('host');
    const cacheControl = answer.headers['cache-control']!;
    expect(cacheControl).not.toMatch(/public/);
    expect(cacheControl).toMatch(/^private, (max-age=3600|no-cache)$/);

    // Another Host gets its own links (under another ETag, where the answer has one).
    const other = await rawGet(withoutUrl.baseUrl + path, { host: 'team.example' });
    expect(other.body.toString()).not.toContain(EVIL);
    expect(other.body.toString()).toContain('http://team.example/');

    if (path === '/robots.txt') return; // No ETag: nothing to revalidate.
    expect(other.headers.etag).not.toBe(answer.headers.etag);
    const again = await rawGet(withoutUrl.baseUrl + path, { host: EVIL, 'if-none-match': answer.headers.etag! });
    expect(again.status).toBe(304);
    expect(varies(again)).toContain('host');
    expect(again.headers['cache-control']).toBe(cacheControl);
  });

  test.each(PAGES)('with PUBLIC_URL, %s ignores the Host: its links name PUBLIC_URL, shared caches may keep it, no Vary: Host', async (path) => {
    const answer = await rawGet(withUrl.baseUrl + path, { host: EVIL });
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).not.toContain(EVIL);
    expect(answer.body.toString()).toContain(`${SITE}/`);
    expect(varies(answer)).not.toContain('host');
    expect(answer.headers['cache-control']).toBe(path.endsWith('.txt') || path.endsWith('.xml') ? 'public, max-age=3600' : 'no-cache');
    const plain = await rawGet(withUrl.baseUrl + path);
    expect(plain.body.equals(answer.body)).toBe(true);
  });
});
