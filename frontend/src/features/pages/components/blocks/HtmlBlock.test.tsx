import { act, render, screen } from '@testing-library/react';
import { HTML_BLOCK_HEIGHT_MESSAGE, HTML_BLOCK_RESIZE_SCRIPT } from '@team/contracts';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from '@/lib/theme';
import { HtmlBlock } from './HtmlBlock';

/** What the frame's resize script posts: its content's height. */
function frameReports(frame: HTMLIFrameElement, height: number) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { source: frame.contentWindow, data: { type: HTML_BLOCK_HEIGHT_MESSAGE, height } }));
  });
}

describe('HtmlBlock frame', () => {
  it('fits its content, however small, and grows with it up to its bound', () => {
    render(
      <ThemeProvider>
        <HtmlBlock html="<p>One line</p>" title="Widget" />
      </ThemeProvider>,
    );
    const frame = screen.getByTitle('Widget') as HTMLIFrameElement;
    frameReports(frame, 38.4);
    expect(frame).toHaveStyle({ height: '39px' });
    frameReports(frame, 0);
    expect(frame).toHaveStyle({ height: '0px' });
    frameReports(frame, 900);
    expect(frame).toHaveStyle({ height: '900px' });
    frameReports(frame, 99_999);
    expect(frame).toHaveStyle({ height: '4000px' });
  });

  it("measures the body, a block formatting context, not the document, which is never shorter than its frame", () => {
    render(
      <ThemeProvider>
        <HtmlBlock html="<b>Hi</b>" title="Widget" />
      </ThemeProvider>,
    );
    const srcdoc = screen.getByTitle('Widget').getAttribute('srcdoc')!;
    expect(srcdoc).toContain('body{display:flow-root}');
    expect(HTML_BLOCK_RESIZE_SCRIPT).toContain('b.getBoundingClientRect().height');
    expect(HTML_BLOCK_RESIZE_SCRIPT).not.toContain('documentElement');
  });
});
