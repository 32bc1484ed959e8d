import { sniffMediaType } from './media-type.js';
import { sanitizeSvg, svgProblem, svgSize } from './svg-check.js';

describe('an upload type from its bytes', () => {
  it.each([
    ['image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])],
    ['image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])],
    ['image/gif', Buffer.from('GIF89a\u0001\u0000', 'latin1')],
    ['image/webp', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')])],
    ['image/svg+xml', Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- made by hand --><svg xmlns="http://www.w3.org/2000/svg"/>')],
  ])('knows %s by its signature', (type, bytes) => {
    expect(sniffMediaType(bytes)).toBe(type);
  });

  it.each([
    ['text', Buffer.from('hello, this is not an image')],
    ['HTML', Buffer.from('<html><svg></svg></html>')],
    ['a RIFF that is not WebP', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')])],
    ['nothing', Buffer.alloc(0)],
  ])('takes %s for no image', (_, bytes) => {
    expect(sniffMediaType(bytes)).toBeNull();
  });
});

describe('SVG checks', () => {
  it('lets a drawing with internal references through, and keeps its drawing when sanitised', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 20"><defs><linearGradient id="g"/></defs><use href="#g"/><rect fill="url(#g)" width="10" height="20"/></svg>';
    expect(svgProblem(svg)).toBeNull();
    expect(sanitizeSvg(svg)).toContain('<rect fill="url(#g)" width="10" height="20"');
    expect(svgSize(svg)).toEqual({ width: 10, height: 20 });
  });

  it.each([
    ['<svg><script>alert(1)</script></svg>', /holds a script/],
    ['<svg><SCRIPT>alert(1)</SCRIPT></svg>', /holds a script/],
    ['<svg><a onclick="x()"/></svg>', /event handler \(onclick\)/],
    ['<svg><image href="https://evil.example/a.png"/></svg>', /links outside itself/],
    ['<svg><use xlink:href="other.svg#a"/></svg>', /links outside itself/],
    ['<svg><rect style="fill:url(https://evil.example/x)"/></svg>', /outside file/],
    ['<svg><style>@import "https://evil.example/a.css";</style></svg>', /outside file in a style/],
    ['<svg><foreignObject/></svg>', /foreignObject/],
    ['<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>', /doctype or entities/],
    ['<svg><a href="javascript:alert(1)"/></svg>', /links outside itself|javascript:/],
  ])('refuses %s', (svg, reason) => {
    expect(svgProblem(svg)).toMatch(reason);
  });

  it('drops what the allowlist does not name', () => {
    expect(sanitizeSvg('<svg><rect width="1"/><blink>x</blink></svg>')).not.toContain('blink');
  });
});
