import { HTML_BLOCK_HEIGHT_MESSAGE, HTML_BLOCK_MEASURE_MESSAGE, HTML_BLOCK_RESIZE_SCRIPT } from '@team/contracts';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTheme } from '@/lib/theme';

/** Reports the document height to the parent so the frame can fit its content. */
const RESIZE_SCRIPT = `<script>${HTML_BLOCK_RESIZE_SCRIPT}</script>`;

function baseStyle(dark: boolean): string {
  const color = dark ? 'rgba(255,255,255,0.88)' : 'rgba(0,0,0,0.88)';
  // The body is a block formatting context (flow-root): its content's margins stay inside it, so
  // the height the resize script measures on it is the content's whole height.
  return `<style>:root{color-scheme:${dark ? 'dark' : 'light'}}html,body{margin:0;font-family:system-ui,sans-serif;color:${color};background:transparent}body{display:flow-root}</style>`;
}

/** Until the frame reports its content's height: a browser's default frame height. */
const DEFAULT_HEIGHT = 150;
const MAX_HEIGHT = 4000;

/**
 * An admin's raw HTML, isolated in a sandboxed frame: markup and styles as written. The
 * frame inherits the site's Content-Security-Policy, which lets only the resize script run
 * (by its hash), so the markup's own scripts do not. And were one to run, without
 * allow-same-origin the frame has an opaque origin: it cannot read the admin key in local
 * storage, the cookies, or the page around it (docs/architecture.md).
 */
export function HtmlBlock({ html, title }: { html: string; title: string | null }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(DEFAULT_HEIGHT);
  const { theme } = useTheme();

  // Listening from the commit on (a layout effect): a passive effect may run after the frame
  // has loaded and posted its height, and that message would be lost.
  useLayoutEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow) return;
      const data = event.data as { type?: unknown; height?: unknown };
      // Any height its content has, however small: an empty block folds to nothing.
      if (data?.type === HTML_BLOCK_HEIGHT_MESSAGE && typeof data.height === 'number' && data.height >= 0) {
        setHeight(Math.min(Math.ceil(data.height), MAX_HEIGHT));
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  return (
    <iframe
      ref={frame}
      className="html-block-frame"
      title={title || 'Custom HTML'}
      sandbox="allow-scripts"
      // Loaded: ask for the height once more, in case its first report came before this page listened.
      onLoad={() => frame.current?.contentWindow?.postMessage({ type: HTML_BLOCK_MEASURE_MESSAGE }, '*')}
      srcDoc={`<!doctype html><html><head><meta charset="utf-8">${baseStyle(theme === 'dark')}</head><body>${html}${RESIZE_SCRIPT}</body></html>`}
      style={{ height }}
    />
  );
}
