import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** How long a restore waits for a lazy screen to grow tall enough to scroll back to. */
const RESTORE_FOR_MS = 3000;

/** Scroll positions by history entry (location.key), kept for the tab's life. */
const STORAGE_KEY = 'scroll-positions';
const MAX_ENTRIES = 200;

function readPositions(): Map<string, number> {
  try {
    return new Map(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, number][]);
  } catch {
    return new Map();
  }
}

function savePositions(positions: Map<string, number>): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-MAX_ENTRIES)));
  } catch {
    // Storage full or refused: positions live in memory only.
  }
}

/**
 * Scroll positions as a browser keeps them for plain pages, which the declarative router
 * does not: a new screen (another path) opens at its top, and Back or Forward to an entry
 * returns to where it was scrolled, once its lazy screen is tall enough. A change of the query
 * alone (a board's mode, a profile opened) keeps the position.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number> | null>(null);
  positions.current ??= readPositions();
  const previousPath = useRef(location.pathname);

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  }, []);

  // The entry the page's scrolling belongs to. Moved on in the commit that draws the next entry,
  // before the browser reports the scroll that a shorter page forces: that one is not the
  // previous entry's position.
  const currentKey = useRef(location.key);

  useEffect(() => {
    let pending = 0;
    const onScroll = () => {
      positions.current!.set(currentKey.current, window.scrollY);
      if (!pending) pending = window.setTimeout(() => ((pending = 0), savePositions(positions.current!)), 200);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.clearTimeout(pending);
    };
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    const pathChanged = previousPath.current !== location.pathname;
    previousPath.current = location.pathname;
    if (navigationType !== 'POP') {
      if (pathChanged) window.scrollTo(0, 0);
      return;
    }
    const target = positions.current!.get(location.key);
    if (target === undefined) {
      if (pathChanged) window.scrollTo(0, 0);
      return;
    }
    // The screen may still be loading: keep trying until the page is tall enough, the time is
    // up, or the visitor scrolls on their own.
    const until = performance.now() + RESTORE_FOR_MS;
    let frame = 0;
    let stopped = false;
    const stop = () => {
      stopped = true;
    };
    const attempt = () => {
      if (stopped) return;
      window.scrollTo(0, target);
      if (Math.abs(window.scrollY - target) <= 1 || performance.now() > until) return;
      frame = requestAnimationFrame(attempt);
    };
    window.addEventListener('wheel', stop, { passive: true, once: true });
    window.addEventListener('touchstart', stop, { passive: true, once: true });
    window.addEventListener('keydown', stop, { once: true });
    attempt();
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchstart', stop);
      window.removeEventListener('keydown', stop);
    };
  }, [location.key, location.pathname, navigationType]);
}
