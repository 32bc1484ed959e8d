import { useEffect, useRef, useState } from 'react';
import { LinkOutlined } from './icons/LinkOutlined';
import { PlainButton } from './PlainButton';
import './copy-link.css';

/** How long the button says "Link copied" before it offers to copy again. */
export const COPIED_FOR_MS = 2500;

type CopyState = { kind: 'idle' } | { kind: 'copied' } | { kind: 'manual'; url: string };

/** The page's address as a visitor shares it: this site's origin and the page's canonical path. */
export function shareUrl(path: string, origin = window.location.origin): string {
  return new URL(path, origin).href;
}

/**
 * Writes `text` to the clipboard. The Clipboard API exists only in a secure context (HTTPS or
 * localhost); elsewhere (the site opened by a LAN address) the older copy command is tried.
 */
async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* denied: try the copy command */
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.appendChild(field);
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
  }
}

/**
 * "Copy link" for a shareable page (a match, a profile): copies the page's canonical address,
 * whose preview (title, description, share card) the server sends by plain HTTP. The button
 * says "Link copied" for a moment; where the browser refuses, the address is shown selected,
 * to copy by hand.
 */
export function CopyLinkButton({ path }: { path: string }) {
  const [state, setState] = useState<CopyState>({ kind: 'idle' });
  const manualField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (state.kind === 'copied') {
      const timer = setTimeout(() => setState({ kind: 'idle' }), COPIED_FOR_MS);
      return () => clearTimeout(timer);
    }
    // Focused and selected: Ctrl+C (or the phone's Copy) is all that is left to do.
    if (state.kind === 'manual') manualField.current?.focus();
    return undefined;
  }, [state]);

  const copy = async () => {
    const url = shareUrl(path);
    setState((await writeClipboard(url)) ? { kind: 'copied' } : { kind: 'manual', url });
  };

  return (
    <span className="copy-link">
      <PlainButton onClick={() => void copy()}>
        <LinkOutlined /> {state.kind === 'copied' ? 'Link copied' : 'Copy link'}
      </PlainButton>
      {/* Read out when the copy happened, or when it needs the visitor's hand. */}
      <span className="copy-link-status" role="status">
        {state.kind === 'copied' && <span className="sr-only">The link is on the clipboard.</span>}
        {state.kind === 'manual' && (
          <label className="copy-link-manual">
            <span>The browser did not allow copying. Copy this link:</span>
            <input ref={manualField} className="plain-input" readOnly value={state.url} onFocus={(event) => event.currentTarget.select()} />
          </label>
        )}
      </span>
    </span>
  );
}
