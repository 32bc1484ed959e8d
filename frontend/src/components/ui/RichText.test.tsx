import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText, sanitizeRichText } from './RichText';

describe('RichText', () => {
  it('keeps the formatting the content editor produces', () => {
    const html =
      '<p class="ql-align-center"><span style="font-size: 24px; color: rgb(230, 0, 0);">Big</span> ' +
      '<span style="background-image: linear-gradient(90deg, #f00, #00f); -webkit-background-clip: text; -webkit-text-fill-color: transparent;">Grad</span></p>' +
      '<ol><li data-list="bullet">one</li></ol><pre class="ql-syntax">code</pre><a href="https://example.com" target="_blank">link</a><img src="https://example.com/a.png">';
    const { container } = render(<RichText html={html} />);
    expect(container.querySelector('p')).toHaveClass('ql-align-center');
    expect(container.querySelector('span')).toHaveStyle({ fontSize: '24px' });
    expect(container.querySelectorAll('span')[1]!.getAttribute('style')).toContain('linear-gradient');
    expect(container.querySelector('li')).toHaveAttribute('data-list', 'bullet');
    expect(container.querySelector('pre')).toHaveClass('ql-syntax');
    expect(container.querySelector('a')).toHaveAttribute('rel', 'noopener noreferrer');
    expect(container.querySelector('img')).toHaveAttribute('src', 'https://example.com/a.png');
  });

  it('removes scripts, handlers, javascript: links and unknown styles or classes', () => {
    const clean = sanitizeRichText(
      '<p onclick="steal()" class="evil ql-align-right" style="position: fixed; color: red; background-image: url(https://tracker.example/x)">x</p>' +
        '<script>alert(1)</script><a href="javascript:alert(1)">bad</a><iframe src="https://evil.example"></iframe>',
    );
    expect(clean).not.toContain('onclick');
    expect(clean).not.toContain('<script');
    expect(clean).not.toContain('javascript:');
    expect(clean).not.toContain('<iframe');
    expect(clean).not.toContain('position');
    expect(clean).not.toContain('url(');
    expect(clean).not.toContain('evil');
    expect(clean).toContain('ql-align-right');
    expect(clean).toContain('color: red');
  });
});
