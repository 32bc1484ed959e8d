import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config.js';
import { sendNotModified, sendWhole } from '../../http/raw-response.js';
import { pathOf, type WebRequest } from '../../http/request-facts.js';
import { presents } from '../../http/send-view.js';
import { originCaching, siteOrigin } from '../site-url.js';
import { renderHead, type PageHead } from './page-head.js';
import { UNREAD_HEAD, type PageHeads } from './page-heads.js';

/** Paths Nest's controllers answer: the API's, and the SEO controllers' (robots.txt, the sitemap index and pages, the cards). */
const CONTROLLER_ROUTES = /^\/(?:api(?:\/.*)?|robots\.txt|sitemap(?:-[^/]*)?\.xml|media\/.*|manifest\.webmanifest|schedule\.ics|og\/.*)$/;

/** What the shell's own head says that each page's head says instead. */
const DEFAULT_HEAD_TAGS =
  /<title>[\s\S]*?<\/title>\s*|<meta\s+(?:name="(?:description|robots|twitter:[^"]*)"|property="og:[^"]*")[^>]*>\s*|<link\s+rel="(?:canonical|icon|manifest)"[^>]*>\s*/gi;

/** The Retry-After of a shell whose head could not be read. */
const UNREAD_RETRY_SECONDS = 5;

interface ShellParts {
  mtimeMs: number;
  /** The shell up to where the page's head goes, and from there on. */
  before: string;
  after: string;
}

/** Where the page's head goes when the shell has no title to replace: inside its head, or as near as it has. */
const HEAD_START = [/<head\b[^>]*>/i, /<html\b[^>]*>/i, /<!doctype[^>]*>/i];

/** The built index.html without its default title and description, split where they stood. */
function splitShell(html: string, mtimeMs: number): ShellParts {
  let cut = html.search(DEFAULT_HEAD_TAGS);
  for (const start of HEAD_START) {
    if (cut >= 0) break;
    const found = start.exec(html);
    if (found) cut = found.index + found[0].length;
  }
  cut = Math.max(cut, 0);
  return {
    mtimeMs,
    before: html.slice(0, cut).replace(DEFAULT_HEAD_TAGS, ''),
    after: html.slice(cut).replace(DEFAULT_HEAD_TAGS, ''),
  };
}

/**
 * The SPA shell for every client-side route, with the page's own head: its title, description,
 * canonical link, OpenGraph and Twitter tags, so a link preview or a crawler sees the page
 * without running JavaScript. An unknown match, player or page, or a malformed id, answers 404
 * (the SPA still shows its not-found screen) with a noindex robots tag.
 *
 * A handler in Node's (request, response, next) form, put after the build's static files and
 * before the controllers: a path that belongs to the controllers (the API and the SEO routes) is
 * passed on to them, so one they do not have gets the API's 404.
 *
 * index.html is read again when its file changes (a new front-end build under a running server).
 */
export function appShell(indexFile: string, heads: PageHeads, config: Pick<AppConfig, 'publicUrl' | 'trustProxy'>, logger: Logger) {
  let shell: Promise<ShellParts> | null = null;
  const load = async (): Promise<ShellParts> => {
    const { mtimeMs } = await stat(indexFile);
    const current = await shell?.catch(() => null);
    if (current && current.mtimeMs === mtimeMs) return current;
    shell = readFile(indexFile, 'utf8').then((html) => splitShell(html, mtimeMs));
    return shell;
  };

  const headOf = async (request: WebRequest, pathname: string): Promise<PageHead> => {
    const query = new URL(request.url ?? '/', 'http://shell').searchParams;
    try {
      return await heads.headFor(pathname, query);
    } catch (error) {
      // The read side cannot be read: the shell still goes out (the SPA shows its own errors),
      // as a 503 that tells a crawler to come back rather than to take this head for the page's.
      logger.warn({ err: error, path: pathname }, 'page head not read: the shell goes out as 503 with the site head');
      return UNREAD_HEAD;
    }
  };

  const answer = async (request: WebRequest, response: ServerResponse, pathname: string): Promise<void> => {
    const [parts, head] = await Promise.all([load(), headOf(request, pathname)]);
    const html = `${parts.before}${renderHead(head, siteOrigin(config, request))}\n    ${parts.after}`;
    // no-cache: a browser asks again each time, and gets a 304 while the page's head is the same.
    // Without PUBLIC_URL the head's links name the request's Host: private, and Vary says so.
    const etag = `W/"${createHash('sha1').update(html).digest('base64url').slice(0, 27)}"`;
    const headers = {
      ...originCaching(config, 'no-cache'),
      ETag: etag,
      ...(head.status === 503 ? { 'Retry-After': String(UNREAD_RETRY_SECONDS) } : {}),
    };
    if (head.status === 200 && presents(request.headers['if-none-match'], etag)) return sendNotModified(response, headers);
    sendWhole(request, response, { status: head.status, type: 'text/html; charset=utf-8', headers, body: html });
  };

  return (request: WebRequest, response: ServerResponse, next: (error?: unknown) => void): void => {
    const pathname = pathOf(request);
    if ((request.method !== 'GET' && request.method !== 'HEAD') || CONTROLLER_ROUTES.test(pathname)) return next();
    answer(request, response, pathname).catch(next);
  };
}
