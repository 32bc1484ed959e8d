import type { WebRequest } from '../http/request-facts.js';
import { originCaching, siteOrigin } from './site-url.js';

const request = (host: string | undefined, protocol = 'http') => ({ host, protocol }) as unknown as WebRequest;

describe('siteOrigin', () => {
  test('PUBLIC_URL wins over whatever the request says', () => {
    expect(siteOrigin({ publicUrl: 'https://team.example' }, request('evil.example'))).toBe('https://team.example');
  });

  test("without it: the request's scheme and host, lower-cased", () => {
    expect(siteOrigin({ publicUrl: null }, request('Team.Example:8080', 'https'))).toBe('https://team.example:8080');
    expect(siteOrigin({ publicUrl: null }, request('127.0.0.1:3000'))).toBe('http://127.0.0.1:3000');
    expect(siteOrigin({ publicUrl: null }, request('[::1]:3000'))).toBe('http://[::1]:3000');
  });

  test('a Host that is not a plain host name gives localhost', () => {
    for (const host of ['"><script>', 'a b', 'evil.example/path', 'user@evil.example', '', undefined]) {
      expect(siteOrigin({ publicUrl: null }, request(host))).toBe('http://localhost');
    }
  });
});

describe('originCaching', () => {
  test('with PUBLIC_URL: the shared Cache-Control as given, no Vary', () => {
    expect(originCaching({ publicUrl: 'https://team.example', trustProxy: 0 }, 'public, max-age=3600')).toEqual({ 'Cache-Control': 'public, max-age=3600' });
    expect(originCaching({ publicUrl: 'https://team.example', trustProxy: 1 }, 'no-cache')).toEqual({ 'Cache-Control': 'no-cache' });
  });

  test('without: private, and Vary names the headers the origin was read from', () => {
    expect(originCaching({ publicUrl: null, trustProxy: 0 }, 'public, max-age=3600')).toEqual({ 'Cache-Control': 'private, max-age=3600', Vary: 'Host' });
    expect(originCaching({ publicUrl: null, trustProxy: 0 }, 'no-cache')).toEqual({ 'Cache-Control': 'private, no-cache', Vary: 'Host' });
    expect(originCaching({ publicUrl: null, trustProxy: 2 }, 'public, max-age=3600')).toEqual({
      'Cache-Control': 'private, max-age=3600',
      Vary: 'Host, X-Forwarded-Host, X-Forwarded-Proto',
    });
  });
});
