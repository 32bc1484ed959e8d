import type { WebRequest } from '../http/request-facts.js';
import { siteOrigin } from './site-url.js';

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
