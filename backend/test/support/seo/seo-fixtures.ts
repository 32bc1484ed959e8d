// Helpers the SEO integration tests share: a built-like app shell, a plain reader of a page's
// head (no JavaScript, no DOM: what a link-preview fetcher does), and a PNG's size.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

/** A folder holding index.html as a build makes it from frontend/index.html: the real head, a bundle script. */
export function writeShellFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'seo-shell-'));
  const source = fs.readFileSync(path.resolve(process.cwd(), 'frontend/index.html'), 'utf8');
  const built = source.replace(
    '<script type="module" src="/src/main.tsx"></script>',
    '<script type="module" crossorigin src="/assets/index-abc123.js"></script>',
  );
  fs.writeFileSync(path.join(folder, 'index.html'), built);
  return folder;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Attributes of one tag, decoded. */
function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name, value] of tag.matchAll(/([a-z:-]+)="([^"]*)"/gi)) attributes[name!.toLowerCase()] = decodeEntities(value!);
  return attributes;
}

export interface ReadHead {
  /** Every <title>'s text, decoded. */
  titles: string[];
  /** Each <meta name|property> content, decoded; a key given twice keeps both. */
  meta: Record<string, string[]>;
  canonical: string[];
}

/** What a link-preview fetcher reads from the HTML: titles, meta tags and canonical links. */
export function readHead(html: string): ReadHead {
  const head = html.slice(0, html.search(/<\/head>|<body/i));
  const meta: Record<string, string[]> = {};
  for (const [tag] of head.matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = attributesOf(tag);
    const key = attributes.property ?? attributes.name;
    if (key && attributes.content !== undefined) (meta[key] ??= []).push(attributes.content);
  }
  return {
    titles: [...head.matchAll(/<title>([^<]*)<\/title>/gi)].map(([, text]) => decodeEntities(text!)),
    meta,
    canonical: [...head.matchAll(/<link\b[^>]*rel="canonical"[^>]*>/gi)].map(([tag]) => attributesOf(tag).href!),
  };
}

/** The one value of a meta tag; fails the test when it is missing or repeated. */
export function one(head: ReadHead, key: string): string {
  expect(head.meta[key]).toHaveLength(1);
  return head.meta[key]![0]!;
}

/** A PNG's width and height, from its IHDR chunk (which must come first). */
export function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A bare GET (or HEAD) with only the headers given: fetch would add `Cache-Control: no-cache`
 * to a conditional request, which turns a 304 into a 200 by design.
 */
export function rawGet(url: string, headers: Record<string, string> = {}, options: { method?: string; agent?: http.Agent } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? 'GET', headers, agent: options.agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}
