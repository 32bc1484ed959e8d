import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';

/** docs/product.md#constants-and-limits: a tooltip opens this long after the pointer arrives on its trigger… */
export const TOOLTIP_DELAY_MS = 700;
/** …unless another one is open, or closed less than this long ago: then it opens at once. */
export const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * What every tooltip on the page shares (antd's through components/ui/Tooltip, the CSS hints
 * through Hint): how many are open, and whether the skip window after the last one closed
 * is still running. Moving along a row of icons then reads each hint without waiting again.
 */
let openTooltips = 0;
let skipWindow: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function notify() {
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function openDelayMs(): number {
  return openTooltips > 0 || skipWindow !== null ? 0 : TOOLTIP_DELAY_MS;
}

function opened() {
  openTooltips += 1;
  if (skipWindow !== null) clearTimeout(skipWindow);
  skipWindow = null;
  notify();
}

function closed() {
  openTooltips = Math.max(0, openTooltips - 1);
  if (openTooltips === 0) {
    if (skipWindow !== null) clearTimeout(skipWindow);
    skipWindow = setTimeout(() => {
      skipWindow = null;
      notify();
    }, TOOLTIP_SKIP_DELAY_MS);
  }
  notify();
}

export interface TooltipTiming {
  /** How long this tooltip's next opening waits: 700 ms, or 0 inside the skip window. */
  openDelayMs: number;
  /** Reports this tooltip opening or closing; one that unmounts while open counts as closed. */
  onOpenChange: (open: boolean) => void;
}

/** One tooltip's part in docs/product.md#constants-and-limits's shared timing (see above). */
export function useTooltipTiming(): TooltipTiming {
  const delay = useSyncExternalStore(subscribe, openDelayMs, () => TOOLTIP_DELAY_MS);
  const isOpen = useRef(false);
  const onOpenChange = useCallback((open: boolean) => {
    if (open === isOpen.current) return;
    isOpen.current = open;
    if (open) opened();
    else closed();
  }, []);
  useEffect(
    () => () => {
      if (isOpen.current) closed();
      isOpen.current = false;
    },
    [],
  );
  return { openDelayMs: delay, onOpenChange };
}
