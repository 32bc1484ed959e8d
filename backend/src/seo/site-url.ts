import type { AppConfig } from '../config.js';

/** A host name, IPv4 or bracketed IPv6 address, with an optional port: all a Host header may be taken as. */
const PLAIN_HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/**
 * The origin the absolute links of a page's head, the sitemap and robots.txt start with:
 * PUBLIC_URL when it is set. Otherwise the request's own scheme and host (X-Forwarded-* only
 * through TRUST_PROXY's proxies), which is right for a site reached under one name; a Host that
 * is not a plain host name gives `localhost`. The Host is used for these links and nothing else,
 * and what is built from it is never cached across requests.
 */
export function siteOrigin(config: Pick<AppConfig, 'publicUrl'>, request: { host?: string | undefined; protocol: string }): string {
  if (config.publicUrl) return config.publicUrl;
  const host = request.host;
  return `${request.protocol === 'https' ? 'https' : 'http'}://${host && PLAIN_HOST.test(host) ? host.toLowerCase() : 'localhost'}`;
}

/**
 * How an answer whose links start with siteOrigin may be cached. With PUBLIC_URL it is the same
 * for every request: shared caches may keep it (`shared`). Without, it names the Host it was
 * asked under (and, behind TRUST_PROXY's proxies, their X-Forwarded-Host and -Proto), so it is
 * for that client only: `private` instead of `public`, and Vary names those headers, lest a cache
 * hand one Host's links to everyone.
 */
export function originCaching(
  config: Pick<AppConfig, 'publicUrl' | 'trustProxy'>,
  shared: string,
): { 'Cache-Control': string; Vary?: string } {
  if (config.publicUrl) return { 'Cache-Control': shared };
  const cacheControl = shared.startsWith('public') ? shared.replace(/^public\b/, 'private') : `private, ${shared}`;
  return { 'Cache-Control': cacheControl, Vary: config.trustProxy > 0 ? 'Host, X-Forwarded-Host, X-Forwarded-Proto' : 'Host' };
}
