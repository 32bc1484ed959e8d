// URL rules shared by the page renderer and the server's sanitiser (docs/product.md#validation).

/** The longest URL a field takes: a link, an image, a video, a social profile, a stream. */
export const URL_MAX_LENGTH = 2048;

export type VideoEmbed = { kind: 'iframe'; src: string } | { kind: 'file'; src: string };

// Browsers strip or ignore these inside URLs ("java\tscript:"), and "\" counts as "/" in
// http URLs ("/\evil.example" is protocol-relative), so a URL holding any of them is refused
// rather than normalised.
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff\\]/;

// Site-relative URLs are resolved against this so that they parse; it never leaves here.
const RELATIVE_BASE = 'http://relative.invalid';

function parse(url: string): URL | null {
  try {
    return new URL(url, RELATIVE_BASE);
  } catch {
    return null;
  }
}

/**
 * True for absolute http(s) URLs with a host and for site-relative paths that start with a
 * single "/". Everything else is refused: javascript:, data:, vbscript:, other schemes,
 * protocol-relative "//host", relative paths, and URLs with whitespace, control characters
 * or backslashes.
 */
export function isSafeUrl(url: string): boolean {
  if (typeof url !== 'string' || url === '' || UNSAFE_CHARACTERS.test(url)) return false;
  if (url.startsWith('/')) return !url.startsWith('//') && parse(url)?.origin === RELATIVE_BASE;
  if (!/^https?:\/\/[^/?#]/i.test(url)) return false;
  const parsed = parse(url);
  return parsed !== null && (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
}

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const YOUTU_BE_HOSTS = new Set(['youtu.be', 'www.youtu.be']);
const TWITCH_HOSTS = new Set(['twitch.tv', 'www.twitch.tv', 'm.twitch.tv']);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const TWITCH_VIDEO_PATH = /^\/videos\/(\d{1,20})\/?$/;
const VIDEO_FILE = /\.(?:mp4|webm|ogg)$/i;

/** People paste "www.youtube.com/watch?v=…" without a scheme; those hosts get https. */
function withScheme(url: string): string {
  return /^(?:(?:www\.|m\.)?youtube\.com|(?:www\.)?youtu\.be|(?:www\.|m\.)?twitch\.tv)\//i.test(url)
    ? `https://${url}`
    : url;
}

/**
 * How to show a video URL (docs/product.md#validation): YouTube watch and short links and Twitch videos as an
 * iframe built from the id alone, direct .mp4/.webm/.ogg files as a video element, anything
 * else null (the page shows its "Unable to embed video" fallback). Twitch refuses to play
 * unless `parentHost` is the host name of the page embedding it.
 */
export function videoEmbed(url: string, parentHost = 'localhost'): VideoEmbed | null {
  if (typeof url !== 'string') return null;
  const candidate = withScheme(url.trim());
  if (!isSafeUrl(candidate)) return null;
  const parsed = parse(candidate);
  if (parsed === null) return null;
  const relative = parsed.origin === RELATIVE_BASE;
  const host = parsed.hostname.toLowerCase();

  if (!relative && YOUTUBE_HOSTS.has(host) && parsed.pathname === '/watch') {
    const id = parsed.searchParams.get('v');
    return id !== null && YOUTUBE_ID.test(id) ? { kind: 'iframe', src: `https://www.youtube.com/embed/${id}` } : null;
  }
  if (!relative && YOUTU_BE_HOSTS.has(host)) {
    const id = parsed.pathname.slice(1).replace(/\/$/, '');
    return YOUTUBE_ID.test(id) ? { kind: 'iframe', src: `https://www.youtube.com/embed/${id}` } : null;
  }
  if (!relative && TWITCH_HOSTS.has(host)) {
    const video = TWITCH_VIDEO_PATH.exec(parsed.pathname)?.[1];
    return video === undefined
      ? null
      : { kind: 'iframe', src: `https://player.twitch.tv/?video=${video}&parent=${encodeURIComponent(parentHost)}` };
  }
  if (VIDEO_FILE.test(parsed.pathname)) return { kind: 'file', src: candidate };
  return null;
}

/**
 * Which video site an absolute URL is on (YouTube or Twitch, by the hosts the embed rules above
 * know), or null: a fixture's stream must be on one of them (docs/schedule.md), whatever the
 * path, since a live channel is not a video the embed rules can show.
 */
export function videoSiteOf(url: string): 'youtube' | 'twitch' | null {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url) || !isSafeUrl(url)) return null;
  const host = parse(url)?.hostname.toLowerCase() ?? '';
  if (YOUTUBE_HOSTS.has(host) || YOUTU_BE_HOSTS.has(host)) return 'youtube';
  return TWITCH_HOSTS.has(host) ? 'twitch' : null;
}

/** docs/product.md#validation: button URLs starting with http open in a new tab. */
export function opensInNewTab(url: string): boolean {
  return typeof url === 'string' && /^https?:\/\//i.test(url);
}
