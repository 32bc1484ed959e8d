import { isSafeUrl, opensInNewTab, videoEmbed } from './urls.js';

describe('isSafeUrl', () => {
  it.each([
    'https://example.com',
    'http://example.com/a/b?c=d#e',
    'HTTPS://EXAMPLE.COM/x.png',
    'https://cdn.example.com:8443/img.png',
    '/',
    '/tracker/leaderboard',
    '/images/logo.png?v=2',
  ])('accepts %s', (url) => {
    expect(isSafeUrl(url)).toBe(true);
  });

  it.each([
    '',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'ftp://example.com/file',
    'mailto:a@example.com',
    '//evil.example/x',
    '/\\evil.example/x',
    '\\\\evil.example',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0000https://example.com',
    'https://example.com/\u0000',
    '\u00a0https://example.com',
    '\u200bhttps://example.com',
    '\ufeff/path',
    'https://example.com/a b',
    'https:example.com',
    'https:/example.com',
    'http://',
    'https:///path',
    'images/logo.png',
    '#top',
    '?q=1',
  ])('rejects %j', (url) => {
    expect(isSafeUrl(url)).toBe(false);
  });
});

describe('videoEmbed', () => {
  const youtube = { kind: 'iframe', src: 'https://www.youtube.com/embed/dQw4w9WgXcQ' };

  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com/watch?v=dQw4w9WgXcQ',
    'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
    'http://www.youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42s',
    'www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ?t=10',
    'youtu.be/dQw4w9WgXcQ',
    '  https://youtu.be/dQw4w9WgXcQ  ',
  ])('embeds the YouTube link %s', (url) => {
    expect(videoEmbed(url)).toEqual(youtube);
  });

  it.each([
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"onload=x',
    'https://www.youtube.com/watch',
    'https://www.youtube.com/playlist?list=PL123',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://youtu.be/',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'javascript://www.youtube.com/watch?v=dQw4w9WgXcQ',
  ])('does not embed %s', (url) => {
    expect(videoEmbed(url)).toBeNull();
  });

  it('embeds Twitch videos with the page as parent', () => {
    expect(videoEmbed('https://www.twitch.tv/videos/123456789')).toEqual({
      kind: 'iframe',
      src: 'https://player.twitch.tv/?video=123456789&parent=localhost',
    });
    expect(videoEmbed('https://twitch.tv/videos/42/', 'team.example.com')).toEqual({
      kind: 'iframe',
      src: 'https://player.twitch.tv/?video=42&parent=team.example.com',
    });
    expect(videoEmbed('twitch.tv/videos/42?t=1h', 'a&b')).toEqual({
      kind: 'iframe',
      src: 'https://player.twitch.tv/?video=42&parent=a%26b',
    });
  });

  it.each(['https://www.twitch.tv/somechannel', 'https://www.twitch.tv/videos/abc', 'https://clips.twitch.tv/Clip'])(
    'does not embed the Twitch page %s',
    (url) => {
      expect(videoEmbed(url)).toBeNull();
    },
  );

  it.each([
    'https://cdn.example.com/highlights.mp4',
    'https://cdn.example.com/clip.WEBM',
    'https://cdn.example.com/clip.ogg?token=abc',
    '/media/clip.mp4',
  ])('plays the file %s directly', (url) => {
    expect(videoEmbed(url)).toEqual({ kind: 'file', src: url });
  });

  it.each([
    'https://cdn.example.com/clip.mp4.html',
    'https://cdn.example.com/clip.mov',
    'javascript:alert(1)//.mp4',
    'data:video/mp4;base64,AAAA.mp4',
    '//evil.example/clip.mp4',
    'clip.mp4',
    'https://vimeo.com/12345',
    '',
  ])('does not embed %j', (url) => {
    expect(videoEmbed(url)).toBeNull();
  });
});

describe('opensInNewTab', () => {
  it('is true for http and https links', () => {
    expect(opensInNewTab('https://example.com')).toBe(true);
    expect(opensInNewTab('http://example.com')).toBe(true);
  });

  it('is false for site-relative and other links', () => {
    expect(opensInNewTab('/roster')).toBe(false);
    expect(opensInNewTab('mailto:a@example.com')).toBe(false);
    expect(opensInNewTab('#top')).toBe(false);
  });
});
